import { type LicenceExpiryWarning, licenceExpiryWarning } from '@portal/shared';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/** 2026-12-05 as "December 5, 2026", the same day wherever the browser is. */
export function formatCalendarDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

function inDays(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

/** What the agent reads for each band of the shared rule. */
export function licenceExpiryMessage(warning: LicenceExpiryWarning, expDate: string): string {
  const on = formatCalendarDate(expDate);
  switch (warning.band) {
    case 'expired':
      return `This licence expired on ${on}. Renew it, then enter the new expiry date here.`;
    // The days are said once: the band only sets how urgent the advice is.
    case 'within_30':
      return `This licence expires ${inDays(warning.days)} (${on}). Renew it now and update the date here.`;
    case 'within_60':
      return `This licence expires in ${warning.days} days (${on}). Plan its renewal.`;
    case 'within_90':
      return `This licence expires in ${warning.days} days (${on}). Renewals can take weeks: keep it in mind.`;
  }
}

/**
 * The warning under a licence whose expiry date is near or past (shared rule
 * `licenceExpiryWarning`); nothing when it is further off than 90 days or has no date.
 */
export function LicenceExpiryNotice({ expDate, today }: { expDate: string; today: string }) {
  const warning = licenceExpiryWarning(expDate, today);
  if (!warning) return null;
  const urgent = warning.band === 'expired' || warning.band === 'within_30';
  const Icon = warning.band === 'expired' ? CircleAlert : TriangleAlert;
  return (
    <p
      data-slot="licence-expiry"
      data-band={warning.band}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        warning.band === 'expired' && 'border-destructive/50 bg-destructive-soft',
        warning.band === 'within_30' && 'border-scheduled/50 bg-scheduled/10',
        !urgent && 'border-secondary/40 bg-secondary-soft',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          warning.band === 'expired' ? 'text-destructive' : urgent ? 'text-scheduled' : 'text-secondary',
        )}
      />
      <span>{licenceExpiryMessage(warning, expDate)}</span>
    </p>
  );
}
