import { formatCents, type Lead, type LeadClosing } from '@portal/shared';
import { FileCheck2, FileWarning } from 'lucide-react';
import { DownloadButton } from '@/components/billing/download-button';
import { InvoiceStatusChip } from '@/components/billing/invoice-status';
import { formatDateTime, formatDay, formatMoney } from '@/components/leads/lead-format';
import { Section } from '@/components/leads/lead-section';
import { formatRate } from '@/lib/billing-api';
import { today } from './lead-close-dialog';
import { SettlementStatementUpload } from './settlement-statement-upload';

const subheading = 'text-sm font-semibold';

/**
 * A closed lead's figures, and for the agent the referral fee the closing created (its invoice)
 * and the settlement statement owed with it. A team member, to whom the server sends no money,
 * sees the closing date alone: an empty figure would read as $0.
 */
export function LeadClosingSection({ lead, money }: { lead: Lead; money: boolean }) {
  const figures = [
    { label: 'Closing date', value: lead.closing_date ? formatDay(lead.closing_date) : null },
    ...(money
      ? [
          { label: 'Sale price', value: lead.sale_price !== null ? formatMoney(lead.sale_price) : null },
          {
            label: 'Gross commission',
            value: lead.gross_commission !== null ? formatMoney(lead.gross_commission) : null,
          },
        ]
      : []),
  ].filter((figure) => figure.value !== null);
  const closing = money ? lead.closing : null;
  if (figures.length === 0 && !closing) return null;
  return (
    <Section title="Closing">
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{figure.label}</dt>
            <dd className="font-medium">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {closing ? (
        <>
          <ClosingFee closing={closing} />
          <SettlementStatement leadId={lead.id} closing={closing} />
        </>
      ) : null}
    </Section>
  );
}

/** The fee at the agent's rate and its invoice: number, status, what is left to pay, the PDF. */
function ClosingFee({ closing }: { closing: LeadClosing }) {
  const { invoice } = closing;
  if (!invoice) {
    return <p className="text-sm text-muted-foreground">No referral fee is owed on this closing.</p>;
  }
  const rate = closing.rate_percent !== null ? ` at ${formatRate(closing.rate_percent)}` : '';
  return (
    <div className="grid gap-2 rounded-lg border border-border p-3">
      <h4 className={subheading}>Referral fee</h4>
      <p className="text-sm">
        Referral fee{rate}:{' '}
        <span className="font-semibold tabular-nums">{formatCents(invoice.amount_cents)}</span>
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span>Invoice {invoice.number}</span>
        <InvoiceStatusChip status={invoice.status} overdue={invoice.due_at < today()} />
      </div>
      {invoice.status === 'open' ? (
        <p className="text-sm">
          Balance <span className="font-medium tabular-nums">{formatCents(invoice.balance_cents)}</span>, due{' '}
          {formatDay(invoice.due_at)}
        </p>
      ) : null}
      <div>
        <DownloadButton
          url={invoice.pdf_url}
          fileName={`${invoice.number}.pdf`}
          aria-label={`Download PDF of invoice ${invoice.number}`}
        >
          Invoice PDF
        </DownloadButton>
      </div>
    </div>
  );
}

/** The statement once uploaded (its name, when, its download), or what is missing and by when. */
function SettlementStatement({ leadId, closing }: { leadId: string; closing: LeadClosing }) {
  const { statement } = closing;
  if (statement) {
    return (
      <div className="grid gap-2 rounded-lg border border-border p-3">
        <h4 className={subheading}>Settlement statement</h4>
        <p className="flex items-start gap-2 text-sm">
          <FileCheck2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <span className="font-medium break-all">{statement.file_name}</span>
            <span className="block text-muted-foreground">
              Uploaded {formatDateTime(statement.uploaded_at)}
            </span>
          </span>
        </p>
        <div>
          <DownloadButton
            url={statement.url}
            fileName={statement.file_name}
            aria-label={`Download ${statement.file_name}`}
          >
            Download
          </DownloadButton>
        </div>
      </div>
    );
  }
  const overdue = closing.statement_due_on < today();
  return (
    <div className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive-soft p-3">
      <h4 className={`${subheading} flex items-center gap-2`}>
        <FileWarning aria-hidden="true" className="size-4 shrink-0 text-destructive" />
        Closing documents missing — {overdue ? 'overdue since' : 'due'} {formatDay(closing.statement_due_on)}
      </h4>
      <p className="text-sm">Upload the settlement statement of this sale.</p>
      <SettlementStatementUpload leadId={leadId} />
    </div>
  );
}
