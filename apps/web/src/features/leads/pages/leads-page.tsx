import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LeadStatsOverview } from '../components/lead-stats';
import { LeadsWorkspace } from '../components/leads-workspace';
import { RecipientLeads } from '../components/recipient-leads';

/** /leads: an agent's leads and numbers, or, for a recipient session, the leads delivered to it. */
export function LeadsPage() {
  const auth = useAuth();
  useDocumentTitle(auth.status === 'recipient' ? 'Leads routed to you' : 'Leads');
  if (auth.status === 'recipient' && auth.recipient) return <RecipientLeads recipient={auth.recipient} />;
  const agent = auth.me?.agent_profile ?? null;

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Leads</h1>
        <p className="max-w-3xl text-muted-foreground">
          The seller leads routed to you, newest first. Call each seller as soon as you can: the sooner you
          call, the better your chance of the listing.
        </p>
      </div>
      {agent ? (
        <>
          <LeadStatsOverview agent={agent} />
          <LeadsWorkspace audience="agent" />
        </>
      ) : (
        <Card>
          <p className="font-medium">Leads are listed here for agents</p>
          <p className="text-sm text-muted-foreground">
            Your account has no agent record, so no leads are routed to it.
          </p>
        </Card>
      )}
    </div>
  );
}
