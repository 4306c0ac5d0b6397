import { useSettings } from '../api/settings';
import { LoadError, Skeleton } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { SettingsForm } from '../components/settings-form';

/** /admin/settings: the few figures and switches that change how the whole network behaves. */
export function AdminSettingsPage() {
  const settings = useSettings();
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Settings"
        description="They apply to every agent at once. Changes are recorded in the audit log."
      />
      {settings.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading the settings…</span>
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      ) : settings.isError ? (
        <LoadError title="The settings could not be loaded" query={settings} />
      ) : (
        // Keyed by the saved values: a save elsewhere (another tab) starts the form afresh.
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      )}
    </div>
  );
}
