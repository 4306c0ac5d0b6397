// The Billing tab of an agent's console page: their referral fee rate (editable), what they owe
// and how reliably they pay, their invoices, and their ledger with a deposit or refund to record
// and a CSV export.
import { formatCents } from '@portal/shared';
import { useAgentLedger } from '../api/ledger';
import { AccountEntryCreateDialog } from './account-entry-create-dialog';
import { AdminSection, Facts } from './admin-section';
import { AgentRateForm } from './agent-rate-form';
import { LedgerExportButton } from './billing-downloads';
import { formatPercent, formatShare, RATE_SOURCE_LABELS } from './billing-format';
import { InvoicesTable } from './invoices-table';
import { LedgerEntriesTable } from './ledger-entries-table';
import { LoadError, Skeleton } from './load-error';

export function AgentBilling({
  agentId,
  name,
  fileStem,
}: {
  agentId: string;
  name: string;
  fileStem: string;
}) {
  const ledger = useAgentLedger(agentId);
  if (ledger.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <span className="sr-only">Loading the billing…</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (ledger.isError) return <LoadError title="The billing could not be loaded" query={ledger} />;
  const data = ledger.data;
  return (
    <div className="grid gap-6">
      <AdminSection title="Referral fee and balance">
        <Facts
          items={[
            ['Rate', `${formatPercent(data.rate_percent)}, ${RATE_SOURCE_LABELS[data.rate_source]}`],
            ['Balance owed', formatCents(data.balance_cents)],
            [
              'Invoices paid on time',
              data.pay_on_time_rate === null ? 'No invoice paid yet' : formatShare(data.pay_on_time_rate),
            ],
          ]}
        />
        {/* Keyed by the rate: a save (or another tab) shows the rate as the server has it. */}
        <AgentRateForm key={`${data.rate_source}-${data.rate_percent}`} ledger={data} />
      </AdminSection>
      <AdminSection title="Invoices" description="One for each closing the agent recorded.">
        <InvoicesTable
          label={`Invoices of ${name}`}
          rows={data.invoices}
          showAgent={false}
          empty="No invoices yet. Each closing the agent records creates one."
        />
      </AdminSection>
      <AdminSection
        title="Ledger"
        description="Every entry on the agent's account. Entries are never changed, only added."
        actions={
          <>
            <AccountEntryCreateDialog agentId={agentId} name={name} />
            <LedgerExportButton agentId={agentId} fileStem={`ledger-${fileStem}`} />
          </>
        }
      >
        <LedgerEntriesTable label={`Ledger of ${name}`} entries={data.entries} />
      </AdminSection>
    </div>
  );
}
