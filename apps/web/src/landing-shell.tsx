/**
 * /leads' HTML frame (lib/landing-shell.ts, ADR 63), rendered by the build (prerender.tsx,
 * scripts/prerender.mjs): the signed-in frame with placeholders for the navigation and the
 * account, and an agent's leads page as it looks while its leads load. Hidden until the page's
 * boot script sets <html data-shell>; "My leads" and "My groups" show only for a manager's.
 */
import { PageLoading } from '@/components/page-loading';
import { DashboardFrame } from '@/components/shell/dashboard-frame';
import { LANDING_SHELL_ID } from '@/lib/landing-shell';
import { LeadsViewsNav } from './app/routes/leads-views-nav';
import { LeadsPageHeader } from './features/leads/components/leads-page-header';

const placeholder = 'rounded bg-foreground/10';

export function LandingShellFrame() {
  return (
    <div
      id={LANDING_SHELL_ID}
      aria-busy="true"
      className="fixed inset-0 z-[100] hidden overflow-y-auto bg-background in-data-[shell]:block"
    >
      <DashboardFrame
        // Where the phone bar's "Menu" button goes.
        bar={<span aria-hidden="true" className="size-9 md:hidden" />}
        sidebar={
          <div aria-hidden="true" className="hidden content-start gap-3 px-6 py-5 md:grid">
            {['w-24', 'w-32', 'w-28', 'w-20', 'w-32'].map((width) => (
              <div key={width} className={`h-4 ${width} ${placeholder}`} />
            ))}
          </div>
        }
      >
        <div className="grid gap-6">
          <div className="hidden in-data-[shell=leads-manager]:block">
            <LeadsViewsNav groupsView={false} />
          </div>
          <div className="grid gap-5">
            <LeadsPageHeader />
            <PageLoading label="Loading your leads…" />
          </div>
        </div>
      </DashboardFrame>
    </div>
  );
}
