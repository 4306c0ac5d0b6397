import { formatCents, type LedgerEntry, PAYMENT_METHOD_LABELS } from '@portal/shared';
import { useId } from 'react';
import { formatDay } from '@/components/leads/lead-format';
import { ledgerKindLabel } from './billing-format';

const cell = 'px-3 py-2 align-top';

const methodOf = (entry: LedgerEntry) => (entry.method ? PAYMENT_METHOD_LABELS[entry.method] : '—');

/** "Payment on INV-2026-000012", or the kind alone for an entry on the account. */
function KindCell({ entry }: { entry: LedgerEntry }) {
  return (
    <>
      {ledgerKindLabel(entry.kind)}
      {entry.invoice_number ? (
        <span className="block text-muted-foreground">on {entry.invoice_number}</span>
      ) : null}
    </>
  );
}

/**
 * Payments, credits, refunds and deposits, newest first: a table when there is room, one card
 * per entry on a phone (`wide` false).
 */
export function PaymentsList({ payments, wide }: { payments: LedgerEntry[]; wide: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-muted-foreground">
          No payments recorded yet.
        </p>
      ) : wide ? (
        <div className="overflow-x-auto rounded-lg border border-border bg-background">
          <table aria-labelledby={headingId} className="w-full border-collapse text-left text-sm">
            <thead className="bg-muted">
              <tr>
                <th scope="col" className={cell}>
                  Date
                </th>
                <th scope="col" className={cell}>
                  Kind
                </th>
                <th scope="col" className={cell}>
                  Method
                </th>
                <th scope="col" className={cell}>
                  Reference
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((entry) => (
                <tr key={entry.id} className="border-t border-border">
                  <td className={`${cell} whitespace-nowrap`}>{formatDay(entry.occurred_on)}</td>
                  <td className={cell}>
                    <KindCell entry={entry} />
                  </td>
                  <td className={cell}>{methodOf(entry)}</td>
                  <td className={`${cell} break-all`}>{entry.reference || '—'}</td>
                  <td className={`${cell} text-right tabular-nums`}>{formatCents(entry.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-3">
          {payments.map((entry) => (
            <li
              key={entry.id}
              className="grid gap-2 rounded-lg border border-border bg-background p-4 text-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">
                  <KindCell entry={entry} />
                </span>
                <span className="text-base font-semibold tabular-nums">
                  {formatCents(entry.amount_cents)}
                </span>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">Date</dt>
                  <dd>{formatDay(entry.occurred_on)}</dd>
                </div>
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">Method</dt>
                  <dd>{methodOf(entry)}</dd>
                </div>
                <div className="col-span-2 grid gap-0.5">
                  <dt className="text-muted-foreground">Reference</dt>
                  <dd className="break-all">{entry.reference || '—'}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
