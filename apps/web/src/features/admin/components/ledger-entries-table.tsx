// An agent's ledger: every fee, payment, credit, refund, deposit and void, as recorded (entries
// are never changed, only added), with what each did to the balance owed.
import { formatCents, type LedgerEntry, PAYMENT_METHOD_LABELS } from '@portal/shared';
import { formatDay } from '@/components/leads/lead-format';
import { LEDGER_KIND_LABELS } from './billing-format';
import { CellText, type Column, DataTable } from './data-table';

/** +$10.00 owes more, -$10.00 owes less; an account entry (a deposit) leaves the balance as it is. */
const effect = (cents: number) =>
  cents === 0 ? '—' : cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);

const COLUMNS: Column<LedgerEntry>[] = [
  {
    key: 'occurred_on',
    label: 'Date',
    nowrap: true,
    render: (entry) => <time dateTime={entry.occurred_on}>{formatDay(entry.occurred_on)}</time>,
  },
  { key: 'kind', label: 'Entry', nowrap: true, render: (entry) => LEDGER_KIND_LABELS[entry.kind] },
  {
    key: 'invoice',
    label: 'Invoice',
    nowrap: true,
    render: (entry) =>
      entry.invoice_number ? <span className="font-mono">{entry.invoice_number}</span> : 'Account',
  },
  { key: 'amount', label: 'Amount', numeric: true, render: (entry) => formatCents(entry.amount_cents) },
  {
    key: 'effect',
    label: 'Balance owed',
    numeric: true,
    nowrap: true,
    render: (entry) => effect(entry.balance_effect_cents),
  },
  {
    key: 'method',
    label: 'Method',
    nowrap: true,
    render: (entry) => (entry.method ? PAYMENT_METHOD_LABELS[entry.method] : '—'),
  },
  {
    key: 'reference',
    label: 'Reference',
    render: (entry) => (entry.reference ? <CellText text={entry.reference} /> : '—'),
  },
  { key: 'notes', label: 'Notes', render: (entry) => (entry.notes ? <CellText text={entry.notes} /> : '—') },
  { key: 'recorded_by', label: 'Recorded by', render: (entry) => <CellText text={entry.recorded_by} /> },
];

export function LedgerEntriesTable({ label, entries }: { label: string; entries: LedgerEntry[] }) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.id}
      empty="Nothing recorded yet: a closing's fee, a payment or a deposit adds an entry."
      minWidth="60rem"
    />
  );
}
