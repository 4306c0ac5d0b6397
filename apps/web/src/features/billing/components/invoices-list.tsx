import { formatCents, type Invoice } from '@portal/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '@/components/billing/download-button';
import { InvoiceStatusChip } from '@/components/billing/invoice-status';
import { formatDay } from '@/components/leads/lead-format';
import { formatDayOf } from './billing-format';
import { leadHref } from './missing-statements';

const cell = 'px-3 py-2 align-top';
const money = `${cell} text-right tabular-nums`;

/** "Overdue by 12 days" under the due date of an open invoice past it. */
function overdueNote(invoice: Invoice) {
  if (invoice.status !== 'open' || invoice.days_overdue <= 0) return null;
  const days = invoice.days_overdue;
  return (
    <span className="block text-xs font-medium text-destructive">
      {days} day{days === 1 ? '' : 's'} overdue
    </span>
  );
}

function PdfButton({ invoice }: { invoice: Invoice }) {
  return (
    <DownloadButton
      url={invoice.pdf_url}
      fileName={`${invoice.number}.pdf`}
      aria-label={`Download PDF of invoice ${invoice.number}`}
    >
      PDF
    </DownloadButton>
  );
}

/**
 * The agent's invoices, newest first: a table when there is room, one card per invoice on a
 * phone (`wide` false). The empty state says when the first one comes.
 */
export function InvoicesList({ invoices, wide }: { invoices: Invoice[]; wide: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-muted-foreground">
          No invoices yet: an invoice is issued when you close a lead.
        </p>
      ) : wide ? (
        <InvoicesTable invoices={invoices} labelledBy={headingId} />
      ) : (
        <InvoiceCards invoices={invoices} labelledBy={headingId} />
      )}
    </section>
  );
}

function InvoicesTable({ invoices, labelledBy }: { invoices: Invoice[]; labelledBy: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-background">
      <table aria-labelledby={labelledBy} className="w-full border-collapse text-left text-sm">
        <thead className="bg-muted">
          <tr>
            <th scope="col" className={cell}>
              Invoice
            </th>
            <th scope="col" className={cell}>
              Lead
            </th>
            <th scope="col" className={cell}>
              Issued
            </th>
            <th scope="col" className={cell}>
              Due
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Amount
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Paid
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-t border-border">
              <th scope="row" className={`${cell} font-medium whitespace-nowrap`}>
                {invoice.number}
              </th>
              <td className={cell}>
                <Link to={leadHref(invoice.lead_id)} className="font-medium">
                  {invoice.lead_name}
                </Link>
                <span className="block text-muted-foreground">{invoice.property}</span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{formatDayOf(invoice.issued_at)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {formatDay(invoice.due_at)}
                {overdueNote(invoice)}
              </td>
              <td className={money}>{formatCents(invoice.amount_cents)}</td>
              <td className={money}>{formatCents(invoice.paid_cents)}</td>
              <td className={cell}>
                <InvoiceStatusChip status={invoice.status} overdue={invoice.days_overdue > 0} />
              </td>
              <td className={`${cell} text-right`}>
                <PdfButton invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvoiceCards({ invoices, labelledBy }: { invoices: Invoice[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-3">
      {invoices.map((invoice) => (
        <li
          key={invoice.id}
          aria-label={`Invoice ${invoice.number}`}
          className="grid gap-3 rounded-lg border border-border bg-background p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold">{invoice.number}</span>
            <InvoiceStatusChip status={invoice.status} overdue={invoice.days_overdue > 0} />
          </div>
          <p className="grid">
            <Link to={leadHref(invoice.lead_id)} className="font-medium">
              {invoice.lead_name}
            </Link>
            <span className="text-sm break-words text-muted-foreground">{invoice.property}</span>
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">Issued</dt>
              <dd>{formatDayOf(invoice.issued_at)}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">Due</dt>
              <dd>
                {formatDay(invoice.due_at)}
                {overdueNote(invoice)}
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="font-medium tabular-nums">{formatCents(invoice.amount_cents)}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">Paid</dt>
              <dd className="tabular-nums">{formatCents(invoice.paid_cents)}</dd>
            </div>
          </dl>
          <div>
            <PdfButton invoice={invoice} />
          </div>
        </li>
      ))}
    </ul>
  );
}
