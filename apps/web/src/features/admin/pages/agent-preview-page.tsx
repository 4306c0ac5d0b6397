import { Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { portalVisibility } from '@/lib/portal-visibility';
import { useAgentPreview } from '../api/agents';
import { AdminSection, Facts } from '../components/admin-section';
import {
  landingFor,
  PreviewLeads,
  PreviewNavigation,
  PreviewOnboarding,
} from '../components/agent-preview-parts';
import { LoadError, Skeleton } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';

const shownHidden = (visible: boolean) => (visible ? 'Shown' : 'Hidden');

/**
 * /admin/agents/:agentId/preview: the portal as the agent sees it, from exactly what
 * /portal/me answers them. Read only: no control here changes anything.
 */
export function AdminAgentPreviewPage() {
  const { agentId = '' } = useParams();
  const preview = useAgentPreview(agentId);
  const back = <Link to={paths.adminAgent.href(agentId)}>← Back to the agent</Link>;

  if (preview.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <span className="sr-only">Loading the preview…</span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (preview.isError) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">{back}</p>
        <AdminPageHeader title="Preview" />
        {isApiError(preview.error) && preview.error.status === 404 ? (
          <p>{preview.error.detail}</p>
        ) : (
          <LoadError title="The preview could not be loaded" query={preview} />
        )}
      </div>
    );
  }

  const me = preview.data;
  const name = me.agent_profile?.agent || me.name || me.email;
  const landing = landingFor(me);
  const visible = portalVisibility(me);
  return (
    <div className="grid gap-6">
      <p className="text-sm">{back}</p>
      <Alert variant="info">
        <AlertTitle className="flex items-center gap-2">
          <Eye aria-hidden="true" className="size-4" />
          Preview — read only
        </AlertTitle>
        <AlertDescription>
          <p>
            What {name} sees when they sign in, from their own account data. Nothing on this page can change
            it.
          </p>
        </AlertDescription>
      </Alert>
      <AdminPageHeader title={`${name}'s portal`} documentTitle={`Preview of ${name}`} />
      <AdminSection title="Where they land">
        <p>
          <strong>{landing.name}</strong>{' '}
          <code className="text-sm text-muted-foreground">{landing.path}</code>
        </p>
        <Facts
          items={[
            ['Onboarding pages', shownHidden(visible.onboarding)],
            ['ZIP codes page', shownHidden(visible.zips)],
            ['Lead routing page', shownHidden(visible.recipients)],
            ['Rating required', me.rating_required ? 'Yes' : 'No'],
          ]}
        />
      </AdminSection>
      <AdminSection title="Their navigation">
        <PreviewNavigation me={me} />
      </AdminSection>
      {visible.onboarding ? (
        <AdminSection title="Their onboarding checklist">
          <PreviewOnboarding me={me} />
        </AdminSection>
      ) : null}
      <AdminSection title="Their latest leads" description="Open one to see it as a read-only sheet.">
        <PreviewLeads agentId={me.agent_profile?.id ?? agentId} />
      </AdminSection>
    </div>
  );
}
