import type { SigningDocumentKind } from '@portal/shared';

/** What each agreement is, in a sentence an agent reads before preparing it. */
export const AGREEMENT_SUMMARY: Record<SigningDocumentKind, string> = {
  service:
    'The service agreement is the contract for the advertising we run for you in your service area. You sign it alone, as the Advertiser.',
  master:
    'The master referral agreement covers the referrals we send you and the referral fees, which are paid through your brokerage. You sign it first, as the Agent; your broker of record then signs it as the Broker.',
};

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "Mar 4, 2026, 2:05 PM" in the reader's time zone; the raw text when it is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** "March 4, 2026". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

/** "Alex Agent, Dana Broker and Sam Third". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
