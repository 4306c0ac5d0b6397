// How the console names invoice states, ledger entries and where a rate comes from, and writes
// rates and shares.
import {
  INVOICE_STATUSES,
  type InvoiceStatus,
  type LedgerKind,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type RateSource,
} from '@portal/shared';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
};

export const INVOICE_STATUS_OPTIONS = INVOICE_STATUSES.map((value) => ({
  value,
  label: INVOICE_STATUS_LABELS[value],
}));

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  fee: 'Fee',
  payment: 'Payment',
  credit: 'Credit',
  refund: 'Refund',
  void: 'Void',
  deposit: 'Deposit',
  opening: 'Opening balance',
};

/** Where an agent's rate comes from, as a sentence ends: "25 %, the office's rate". */
export const RATE_SOURCE_LABELS: Record<RateSource, string> = {
  agent: "the agent's own rate",
  office: "the office's rate",
  access_code: "the access code's rate",
  network: "the network's rate",
};

export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));

/** A rate as the agreements state it: 25 %, 27.5 %. */
export const formatPercent = (percent: number) =>
  `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** A share from 0 to 1 as a percent: 0.85 is 85%. */
export const formatShare = (value: number) => share.format(value);

/** A rate typed in a field: empty is null (none of its own); other text goes to the schema to check. */
export const percentFromText = (text: string): number | null => {
  const trimmed = text.trim().replace(/\s*%$/, '');
  return trimmed === '' ? null : Number(trimmed);
};

export const percentAsText = (percent: number | null) => (percent === null ? '' : String(percent));
