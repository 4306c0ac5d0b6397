import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LeadsPageHeader } from '../components/leads-page-header';
import { LeadsWorkspace } from '../components/leads-workspace';
import { RecipientLeads } from '../components/recipient-leads';

/** /leads: an agent's work queue, leads and numbers, or, for a recipient session, the leads delivered to it. */
export function LeadsPage() {
  const auth = useAuth();
  if (auth.status === 'recipient' && auth.recipient) return <RecipientLeads recipient={auth.recipient} />;
  const agent = auth.me?.agent_profile ?? null;

  return (
    <div className="grid gap-5">
      <LeadsPageHeader />
      {agent ? <LeadsWorkspace audience="agent" title="Leads" agent={agent} /> : <NoAgentRecord />}
    </div>
  );
}

function NoAgentRecord() {
  useDocumentTitle('Leads');
  return (
    <Card>
      <p className="font-medium">Leads are listed here for agents</p>
      <p className="text-sm text-muted-foreground">
        Your account has no agent record, so no leads are routed to it.
      </p>
    </Card>
  );
}
