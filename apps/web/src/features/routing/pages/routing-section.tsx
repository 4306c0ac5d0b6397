import { NavLink, Outlet } from 'react-router';
import { useCanSeeRecipients } from '@/components/recipients/recipient-manager';
import { RecipientsHidden } from '@/components/recipients/recipients-hidden';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

const TABS = [
  { to: paths.routing.href(), label: 'Recipients', end: true },
  { to: paths.routingTeamMembers.href(), label: 'Team members', end: false },
  { to: paths.routingCrm.href(), label: 'CRM', end: false },
];

/** /routing and its children: who receives your leads and how. */
export function RoutingSection() {
  const agent = useAuth().me?.agent_profile ?? null;
  const visible = useCanSeeRecipients();
  return (
    // Room under the last row for the toasts (bottom right, SPEC.md section 9): each change here
    // confirms with one, and the page can scroll the rows' buttons above it.
    <div className="grid gap-6 pb-36">
      <h1 className="text-3xl font-semibold tracking-tight">Lead routing</h1>
      {!agent ? (
        <NoAgentRecord />
      ) : !visible ? (
        <RecipientsHidden />
      ) : (
        <>
          <nav
            aria-label="Lead routing sections"
            className="flex flex-wrap gap-2 border-b border-border pb-2"
          >
            {TABS.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium text-foreground no-underline hover:bg-muted',
                    isActive && 'bg-primary-soft text-primary-text',
                  )
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <Outlet />
        </>
      )}
    </div>
  );
}

function NoAgentRecord() {
  useDocumentTitle('Lead routing');
  return (
    <Alert>
      <AlertDescription>
        <p>Lead routing belongs to an agent's account; this account has no agent record.</p>
      </AlertDescription>
    </Alert>
  );
}
