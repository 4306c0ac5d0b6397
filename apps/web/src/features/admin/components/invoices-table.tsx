// Invoices with what was paid and what is owed, how late each is, its state, and per invoice
// its PDF, "Record payment" and "Void". The Billing page lists every agent's; an agent's page
// lists theirs without the agent column.
import { formatCents, type Invoice } from '@portal/shared';
import type * as React from 'react';
import { Link } from 'react-router';
import { formatCount, formatDay } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { InvoicePdfButton } from './billing-downloads';
import { INVOICE_STATUS_LABELS } from './billing-format';
import { CellText, type Column, DataTable } from './data-table';
import { InvoicePaymentDialog } from './invoice-payment-dialog';
import { InvoiceVoidDialog } from './invoice-void-dialog';
import { StatusBadge } from './status-badge';
import { formatDate } from './when';

const overdue = (invoice: Invoice) => invoice.status === 'open' && invoice.days_overdue > 0;

export function InvoiceStatusBadge({ invoice }: { invoice: Invoice }) {
  if (overdue(invoice)) return <StatusBadge tone="danger">Overdue</StatusBadge>;
  const tone = invoice.status === 'paid' ? 'success' : invoice.status === 'open' ? 'info' : 'neutral';
  return <StatusBadge tone={tone}>{INVOICE_STATUS_LABELS[invoice.status]}</StatusBadge>;
}

const money = (cents: number) => formatCents(cents);

function columns(showAgent: boolean): Column<Invoice>[] {
  const all: (Column<Invoice> | false)[] = [
    {
      key: 'number',
      label: 'Invoice',
      nowrap: true,
      render: (invoice) => <span className="font-mono">{invoice.number}</span>,
    },
    showAgent && {
      key: 'agent',
      label: 'Agent',
      render: (invoice) => (
        <Link to={paths.adminAgent.href(invoice.agent_id)}>
          <CellText text={invoice.agent_name} />
        </Link>
      ),
    },
    {
      key: 'lead',
      label: 'Lead',
      render: (invoice) => (
        <span className="grid">
          <CellText text={invoice.lead_name} />
          <CellText text={invoice.property} className="text-xs text-muted-foreground" />
        </span>
      ),
    },
    {
      key: 'due',
      label: 'Due',
      nowrap: true,
      render: (invoice) => (
        <span className="grid">
          <time dateTime={invoice.due_at}>{formatDay(invoice.due_at)}</time>
          <span className="text-xs text-muted-foreground">
            Issued <time dateTime={invoice.issued_at}>{formatDate(invoice.issued_at)}</time>
          </span>
          {overdue(invoice) ? (
            <span className="text-xs font-medium text-destructive">
              {formatCount(invoice.days_overdue)} {invoice.days_overdue === 1 ? 'day' : 'days'} overdue
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'amount',
      label: 'Amount',
      numeric: true,
      render: (invoice) => (
        <span className="grid">
          <span>{money(invoice.amount_cents)}</span>
          <span className="text-xs text-muted-foreground">Paid {money(invoice.paid_cents)}</span>
        </span>
      ),
    },
    {
      key: 'balance',
      label: 'Balance',
      numeric: true,
      render: (invoice) => <span className="font-medium">{money(invoice.balance_cents)}</span>,
    },
    {
      key: 'status',
      label: 'Status',
      render: (invoice) => (
        <span className="grid justify-items-start gap-1">
          <InvoiceStatusBadge invoice={invoice} />
          {invoice.void_reason ? (
            <CellText text={invoice.void_reason} className="max-w-40 text-xs text-muted-foreground" />
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (invoice) => (
        <div className="flex flex-wrap gap-2">
          <InvoicePdfButton invoice={invoice} />
          {/* A paid invoice still takes a refund; a void one takes nothing more. */}
          {invoice.status !== 'void' ? <InvoicePaymentDialog invoice={invoice} /> : null}
          {invoice.status === 'open' ? <InvoiceVoidDialog invoice={invoice} /> : null}
        </div>
      ),
    },
  ];
  return all.filter((column): column is Column<Invoice> => column !== false);
}

export function InvoicesTable({
  label,
  rows,
  loading = false,
  empty,
  showAgent = true,
}: {
  label: string;
  rows: Invoice[] | undefined;
  loading?: boolean;
  empty: React.ReactNode;
  showAgent?: boolean;
}) {
  return (
    <DataTable
      label={label}
      columns={columns(showAgent)}
      rows={rows}
      rowKey={(invoice) => invoice.id}
      loading={loading}
      empty={empty}
      minWidth={showAgent ? '60rem' : '52rem'}
    />
  );
}
