import { LEAD_TYPE_LABELS, type Lead, type LeadStatus, type LeadType } from '@portal/shared';

/** How the leads pages name things: lead types, statuses, people, places, money and dates. */

export { LEAD_TYPE_LABELS };

export const leadTypeLabel = (type: string) => LEAD_TYPE_LABELS[type as LeadType] ?? type;

type LeadTypeColours = { badge: string; fill: string; swatch: string };

/**
 * A type's hue is its text colour (`text-lead-*`); a chart's bar and a legend's swatch take it as
 * `currentColor`, so each type costs two rules of CSS, not five.
 */
const colours = (text: string, soft: string): LeadTypeColours => ({
  badge: `${text} ${soft} border-current/35`,
  fill: `${text} fill-current`,
  swatch: `${text} bg-current`,
});

/**
 * One hue per lead type (the `--color-lead-*` tokens of styles.css), the same in badges, charts
 * and legends. Class names are spelled out so that Tailwind finds them.
 */
export const LEAD_TYPE_COLOURS: Record<LeadType, LeadTypeColours> = {
  fsbo: colours('text-lead-fsbo', 'bg-lead-fsbo-soft'),
  expired: colours('text-lead-expired', 'bg-lead-expired-soft'),
  divorced: colours('text-lead-divorced', 'bg-lead-divorced-soft'),
  recent_buyers: colours('text-lead-recent-buyers', 'bg-lead-recent-buyers-soft'),
  absentee: colours('text-lead-absentee', 'bg-lead-absentee-soft'),
  high_sell_score: colours('text-lead-high-sell-score', 'bg-lead-high-sell-score-soft'),
  old_expired: colours('text-lead-old-expired', 'bg-lead-old-expired-soft'),
  inherited: colours('text-lead-inherited', 'bg-lead-inherited-soft'),
};

/** A type this build does not know yet (a newer server) is grey rather than borrowing a hue. */
const UNKNOWN_TYPE_COLOURS = colours('text-muted-foreground', 'bg-muted');

export const leadTypeColours = (type: string): LeadTypeColours =>
  Object.hasOwn(LEAD_TYPE_COLOURS, type) ? LEAD_TYPE_COLOURS[type as LeadType] : UNKNOWN_TYPE_COLOURS;

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  active: 'Active',
  archived: 'Archived',
  closed: 'Closed',
};

export const leadStatusLabel = (status: string) => LEAD_STATUS_LABELS[status as LeadStatus] ?? status;

export const leadName = (lead: Pick<Lead, 'first_name' | 'last_name'>) =>
  `${lead.first_name} ${lead.last_name}`.trim() || 'Name not given';

/** "12 Main St, Phoenix, AZ 85004"; the ZIP code is always there. */
export function leadAddress(lead: Pick<Lead, 'street' | 'city' | 'state' | 'zip'>): string {
  const region = [lead.state, lead.zip].filter(Boolean).join(' ');
  return [lead.street, lead.city, region].filter(Boolean).join(', ');
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** $350,000 (cents only when there are some: $10,512.50). */
export const formatMoney = (value: number) =>
  Number.isInteger(value) ? usdWhole.format(value) : usd.format(value);

export const formatCount = (value: number) => value.toLocaleString('en-US');

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/** A calendar date (YYYY-MM-DD) as written, whatever the browser's time zone. */
export const formatDay = (isoDate: string) => {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayOnly.format(date);
};

/** "5 min ago", "3 h ago", "2 days ago", then the date: how fresh a lead is matters most. */
export function formatAge(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const minutes = Math.max(0, Math.floor((now - then) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDateTime(iso);
}

/** "Phoenix, AZ 85004": where the offered lead is; the street stays hidden until accepted. */
export function offerArea(lead: Pick<Lead, 'city' | 'state' | 'zip'>): string {
  const place = [lead.city, lead.state].filter(Boolean).join(', ');
  return [place, lead.zip].filter(Boolean).join(' ') || 'Area not given';
}
