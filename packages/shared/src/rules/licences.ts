/**
 * Licences (SPEC.md sections 3 and 5): how close a licence is to its expiry date. Dates are
 * calendar days ('YYYY-MM-DD'), compared as such: a licence that expires on a day is still valid
 * that day, whatever the time zone.
 */

/** The warning bands, from the most urgent: expired, then within 30, 60 or 90 days. */
export const LICENCE_EXPIRY_BANDS = ['expired', 'within_30', 'within_60', 'within_90'] as const;
export type LicenceExpiryBand = (typeof LICENCE_EXPIRY_BANDS)[number];

export interface LicenceExpiryWarning {
  band: LicenceExpiryBand;
  /** Days from today to the expiry date: 0 on the day itself, negative once it has passed. */
  days: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date, or null when it is not a real date (2026-02-30). */
function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return time / DAY_MS;
}

/** A Date as the calendar day it is where the code runs (the agent's browser, say). */
export function localIsoDate(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * The warning a licence expiring on `expDate` deserves on `today` (both 'YYYY-MM-DD'): expired
 * once the day has passed, else within 30, 60 or 90 days; null when it is further off, when
 * there is no expiry date, or when either date is not a real one.
 */
export function licenceExpiryWarning(
  expDate: string | null | undefined,
  today: string,
): LicenceExpiryWarning | null {
  if (!expDate) return null;
  const expires = dayNumber(expDate);
  const now = dayNumber(today);
  if (expires === null || now === null) return null;
  const days = expires - now;
  if (days < 0) return { band: 'expired', days };
  if (days <= 30) return { band: 'within_30', days };
  if (days <= 60) return { band: 'within_60', days };
  if (days <= 90) return { band: 'within_90', days };
  return null;
}
