import type { LedgerKind, RateSource } from '@portal/shared';

/** How the Billing page names things: where a rate comes from, ledger entries, dates. */

/** "25 % of the gross commission…, set for your office": where the agent's rate comes from. */
export const RATE_SOURCE_TEXT: Record<RateSource, string> = {
  agent: 'set for you',
  office: 'set for your office',
  access_code: 'set by the access code you signed up with',
  network: "the network's standard rate",
};

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  fee: 'Referral fee',
  payment: 'Payment',
  credit: 'Credit',
  refund: 'Refund',
  void: 'Voided',
  deposit: 'Deposit',
  opening: 'Opening balance',
};

export const ledgerKindLabel = (kind: string) => LEDGER_KIND_LABELS[kind as LedgerKind] ?? kind;

const dayOfInstant = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The day of a moment (an invoice issued, an agreement signed), in the browser's time zone. */
export function formatDayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayOfInstant.format(date);
}
