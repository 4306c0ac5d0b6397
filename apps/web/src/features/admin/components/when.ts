// Dates as the console shows and edits them.

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const parse = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Nov 20, 2026, 12:00 PM"; an absent time is "—". */
export const formatWhen = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const date = parse(iso);
  return date ? dateTime.format(date) : iso;
};

/** "Nov 20, 2026" in the browser's time zone. */
export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const date = parse(iso);
  return date ? dateOnly.format(date) : iso;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The value of an <input type="date"> for a moment: its local calendar day. */
export function toDateInput(iso: string | null | undefined): string {
  const date = iso ? parse(iso) : null;
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The last moment of a local calendar day, as the API's ISO date-time: a code that "expires on
 * the 30th" still works all that day. Text that is not a date is passed on for the schema to refuse.
 */
export function endOfDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T23:59:59.999`) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : day;
}
