import { formatCents, type Invoice } from '@portal/shared';
import { useState } from 'react';
import { DownloadButton } from '@/components/billing/download-button';
import { InvoiceStatusChip } from '@/components/billing/invoice-status';
import { formatCount, formatDay } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { formatDayOf } from './corporate-format';

/** Invoices shown before "Show all": the newest, which are the ones still being paid. */
const FIRST_SHOWN = 25;

const cell = 'px-3 py-2 align-top';
const money = `${cell} text-right tabular-nums whitespace-nowrap`;

/** "12 days overdue" under the due date of an open invoice past it. */
function OverdueNote({ invoice }: { invoice: Invoice }) {
  if (invoice.status !== 'open' || invoice.days_overdue <= 0) return null;
  const days = invoice.days_overdue;
  return (
    <span className="block text-xs font-medium text-destructive">
      {formatCount(days)} day{days === 1 ? '' : 's'} overdue
    </span>
  );
}

const Status = ({ invoice }: { invoice: Invoice }) => (
  <InvoiceStatusChip status={invoice.status} overdue={invoice.days_overdue > 0} />
);

function PdfButton({ invoice }: { invoice: Invoice }) {
  return (
    <DownloadButton
      url={invoice.pdf_url}
      fileName={`${invoice.number}.pdf`}
      size="sm"
      aria-label={`Download PDF of invoice ${invoice.number}`}
    >
      PDF
    </DownloadButton>
  );
}

/** An invoice as a card, for a phone's width. */
function InvoiceCard({ invoice }: { invoice: Invoice }) {
  return (
    <li
      aria-label={`Invoice ${invoice.number}`}
      className="grid gap-3 rounded-lg border border-border bg-background p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{invoice.number}</span>
        <Status invoice={invoice} />
      </div>
      <p className="grid">
        <span className="font-medium">{invoice.agent_name}</span>
        <span>{invoice.lead_name}</span>
        <span className="break-words text-muted-foreground">{invoice.property}</span>
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Issued</dt>
          <dd>{formatDayOf(invoice.issued_at)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Due</dt>
          <dd>
            {formatDay(invoice.due_at)}
            <OverdueNote invoice={invoice} />
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Amount</dt>
          <dd className="font-medium tabular-nums">{formatCents(invoice.amount_cents)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Balance</dt>
          <dd className="tabular-nums">{formatCents(invoice.balance_cents)}</dd>
        </div>
      </dl>
      <div>
        <PdfButton invoice={invoice} />
      </div>
    </li>
  );
}

/**
 * The agents' invoices, newest first (as the server sends them): who, for which seller and
 * property, when issued and due, the amount and what is left of it, where it stands, its PDF.
 * The first ones only until asked for all.
 */
export function OfficeInvoices({ invoices, caption }: { invoices: Invoice[]; caption: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? invoices : invoices.slice(0, FIRST_SHOWN);
  return (
    <div className="grid gap-3">
      {/* A phone: a card per invoice. */}
      <ul aria-label={caption} className="grid gap-2 md:hidden">
        {shown.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
      </ul>
      <section
        aria-label={`${caption} (scrolls sideways on a small screen)`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus to scroll by keyboard
        tabIndex={0}
        className="hidden overflow-x-auto rounded-lg border border-border bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:block"
      >
        <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className={`${cell} font-medium`}>
                Invoice
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Agent
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Seller and property
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Issued
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Due
              </th>
              <th scope="col" className={`${cell} text-right font-medium`}>
                Amount
              </th>
              <th scope="col" className={`${cell} text-right font-medium`}>
                Balance
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Status
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">PDF</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <th scope="row" className={`${cell} font-medium whitespace-nowrap`}>
                  {invoice.number}
                </th>
                <td className={cell}>{invoice.agent_name}</td>
                <td className={cell}>
                  <span className="block">{invoice.lead_name}</span>
                  <span className="block text-muted-foreground">{invoice.property}</span>
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDayOf(invoice.issued_at)}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {formatDay(invoice.due_at)}
                  <OverdueNote invoice={invoice} />
                </td>
                <td className={money}>{formatCents(invoice.amount_cents)}</td>
                <td className={money}>{formatCents(invoice.balance_cents)}</td>
                <td className={cell}>
                  <Status invoice={invoice} />
                </td>
                <td className={`${cell} text-right`}>
                  <PdfButton invoice={invoice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {shown.length < invoices.length ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => setAll(true)}>
            Show all {formatCount(invoices.length)} invoices
          </Button>
        </div>
      ) : null}
    </div>
  );
}
