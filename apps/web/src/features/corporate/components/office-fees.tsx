import { formatCents, type OfficeBilling } from '@portal/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useOfficeBilling } from '../api/get-office-billing';
import { OfficeFeesAgents } from './office-fees-agents';
import { OfficeInvoices } from './office-invoices';

type AgentFees = OfficeBilling['agents'][number];

/** The office's totals: sums of whole cents, exact. */
function totalsOf(agents: AgentFees[]) {
  const sum = (pick: (agent: AgentFees) => number) => agents.reduce((total, agent) => total + pick(agent), 0);
  return {
    fees: sum((agent) => agent.fees_cents),
    paid: sum((agent) => agent.paid_cents),
    balance: sum((agent) => agent.balance_cents),
    overdue: sum((agent) => agent.overdue_cents),
  };
}

function Total({ label, cents, alert = false }: { label: string; cents: number; alert?: boolean }) {
  return (
    <li className="grid rounded-xl border border-border bg-card p-4 shadow-sm">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={cn('text-xl font-semibold tabular-nums', alert && 'text-destructive')}>
        {formatCents(cents)}
      </span>
    </li>
  );
}

function FeeTotals({ agents }: { agents: AgentFees[] }) {
  const totals = totalsOf(agents);
  return (
    <ul aria-label="Referral fee totals" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Total label="Fees invoiced" cents={totals.fees} />
      <Total label="Paid" cents={totals.paid} />
      <Total label="Balance due" cents={totals.balance} />
      <Total label="Overdue" cents={totals.overdue} alert={totals.overdue > 0} />
    </ul>
  );
}

/** Nothing to show yet: no agent has a closing, a fee or a settlement statement due. */
const nothingClosed = (billing: OfficeBilling) =>
  billing.invoices.length === 0 &&
  billing.agents.every(
    (agent) => agent.closings === 0 && agent.fees_cents === 0 && agent.missing_statements === 0,
  );

function FeesBody({ billing }: { billing: OfficeBilling }) {
  if (nothingClosed(billing)) {
    return (
      <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
        None of your agents has closed a referred lead yet. Their referral fees, invoices and payments show
        here once they do.
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      <FeeTotals agents={billing.agents} />
      <section aria-labelledby="office-fees-agents-title" className="grid gap-3">
        <div className="grid gap-1">
          <h3 id="office-fees-agents-title" className="text-lg font-semibold">
            Fees by agent
          </h3>
          <p className="text-sm text-muted-foreground">
            Closing documents are the settlement statements an agent still has to upload for a closed lead.
          </p>
        </div>
        <OfficeFeesAgents agents={billing.agents} caption="Referral fees by agent" />
      </section>
      <section aria-labelledby="office-invoices-title" className="grid gap-3">
        <h3 id="office-invoices-title" className="text-lg font-semibold">
          Invoices
        </h3>
        {billing.invoices.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
            No invoices yet: one is issued when an agent records a closing with its settlement statement.
          </p>
        ) : (
          <OfficeInvoices invoices={billing.invoices} caption="Invoices of your agents, newest first" />
        )}
      </section>
    </div>
  );
}

/**
 * The office's read-only view of its agents' referral fees (DESIGN.md section 12): the totals,
 * each agent's fees and balance, and the invoices with their PDFs. Offices only: a group
 * manager sees no money, so for anyone else the section is not there and nothing is fetched.
 */
export function OfficeFees() {
  const auth = useAuth();
  const office = auth.status === 'user' && auth.me?.user_role === 'corporate';
  const billing = useOfficeBilling({ enabled: office });
  if (!office) return null;
  return (
    <section aria-labelledby="office-fees-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="office-fees-title" className="text-xl font-semibold tracking-tight">
          Referral fees
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          The fee your agents owe the network on each referred lead they close, what they have paid and what
          is still due. Your agents pay their own invoices; this is for you to follow.
        </p>
      </div>
      {billing.data ? (
        <FeesBody billing={billing.data} />
      ) : billing.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The referral fees could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(billing.error)} Try again; the rest of the page still works.</p>
            <div>
              <Button
                variant="outline"
                size="sm"
                pending={billing.isFetching}
                onClick={() => void billing.refetch()}
              >
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : (
        <div role="status" aria-busy="true" className="grid gap-3">
          <span className="sr-only">Loading the referral fees…</span>
          <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((n) => (
              <div key={n} className="h-[4.5rem] animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
          <div aria-hidden="true" className="h-48 animate-pulse rounded-xl bg-muted" />
        </div>
      )}
    </section>
  );
}
