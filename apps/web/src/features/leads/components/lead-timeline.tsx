import type { LeadEvent } from '@portal/shared';
import {
  Archive,
  CircleCheck,
  type LucideIcon,
  Mail,
  MapPin,
  MessageSquare,
  NotebookPen,
  Phone,
  PhoneIncoming,
  PhoneMissed,
  RotateCcw,
  Route,
  Send,
  TriangleAlert,
} from 'lucide-react';
import { formatDateTime, formatDay, formatMoney, leadStatusLabel } from '@/components/leads/lead-format';
import { formatPhone } from '@/lib/format-phone';

const text = (details: Record<string, unknown>, ...keys: string[]) => {
  for (const key of keys) {
    const value = details[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
};
const amount = (details: Record<string, unknown>, key: string) => {
  const value = details[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

const CHANNEL: Record<string, { label: string; icon: LucideIcon }> = {
  sms: { label: 'Text message', icon: MessageSquare },
  email: { label: 'E-mail', icon: Mail },
  call: { label: 'Phone call', icon: Phone },
};

interface Described {
  icon: LucideIcon;
  title: string;
  lines: string[];
  tone?: 'warning';
}

const PLACE_FIELDS: Record<string, string> = { city: 'city', county: 'county', state: 'state' };

/**
 * "City, county and state from the ZIP code": the place fields the intake took from the lead's
 * ZIP code because the client sent none (a `zip_details` event's `fields`).
 */
export function zipFieldsNote(details: Record<string, unknown>): string | undefined {
  const fields = Array.isArray(details.fields)
    ? details.fields.filter((field): field is string => typeof field === 'string' && field in PLACE_FIELDS)
    : [];
  if (fields.length === 0) return undefined;
  const words = fields.map((field) => PLACE_FIELDS[field]!);
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `${list[0]!.toUpperCase()}${list.slice(1)} from the ZIP code`;
}

function deliveryOf(details: Record<string, unknown>): Described {
  const channel = CHANNEL[text(details, 'channel') ?? ''] ?? { label: 'Delivery', icon: Mail };
  const who = text(details, 'recipient_name', 'recipient');
  const to = text(details, 'to');
  const status = text(details, 'status');
  const attempts = amount(details, 'attempts');
  // The copy for the agent's CRM goes to no recipient; a recipient does not see its address.
  const crm = text(details, 'target') === 'crm';
  const target = [
    crm ? (to ? 'your CRM' : 'the agent’s CRM') : who,
    to ? (channel.label === 'E-mail' ? to : formatPhone(to)) : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const state =
    status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : status === 'queued' ? 'queued' : status;
  const lines: string[] = [];
  if (attempts !== undefined && attempts > 1) lines.push(`${attempts} attempts`);
  const error = text(details, 'error');
  if (status === 'failed' && error) lines.push(error);
  return {
    icon: status === 'failed' ? TriangleAlert : channel.icon,
    title: `${crm ? 'Copy' : channel.label}${target ? ` to ${target}` : ''}${state ? `: ${state}` : ''}`,
    lines,
    tone: status === 'failed' ? 'warning' : undefined,
  };
}

/** One line of the lead's story in words; kinds this page does not know are shown by name. */
export function describeEvent(event: LeadEvent): Described {
  const { details } = event;
  switch (event.kind) {
    case 'routed': {
      const reason = text(details, 'reason');
      return { icon: Route, title: 'Lead routed', lines: reason ? [reason] : [] };
    }
    case 'unassigned': {
      const reason = text(details, 'reason');
      return { icon: Route, title: 'Lead unassigned', lines: reason ? [reason] : [] };
    }
    case 'delivery':
      return deliveryOf(details);
    case 'zip_details': {
      const note = zipFieldsNote(details);
      const zip = text(details, 'zip');
      return {
        icon: MapPin,
        title: 'Place filled in from the ZIP code',
        lines: note && zip ? [`${note.replace('the ZIP code', `ZIP code ${zip}`)}.`] : [],
      };
    }
    case 'status_change': {
      const from = text(details, 'from');
      const to = text(details, 'to');
      return {
        icon: to === 'archived' ? Archive : RotateCcw,
        title:
          from && to
            ? `Status changed from ${leadStatusLabel(from)} to ${leadStatusLabel(to)}`
            : 'Status changed',
        lines: [],
      };
    }
    case 'note': {
      const notes = text(details, 'notes');
      return {
        icon: NotebookPen,
        title: notes ? 'Notes updated' : 'Notes cleared',
        lines: notes ? [notes] : [],
      };
    }
    case 'closed': {
      const date = text(details, 'closing_date');
      const price = amount(details, 'sale_price');
      const commission = amount(details, 'gross_commission');
      const lines = [
        price !== undefined ? `Sale price ${formatMoney(price)}` : '',
        commission !== undefined ? `Gross commission ${formatMoney(commission)}` : '',
      ].filter(Boolean);
      return { icon: CircleCheck, title: date ? `Closed on ${formatDay(date)}` : 'Closed', lines };
    }
    case 'reopened':
      return { icon: RotateCcw, title: 'Reopened', lines: [] };
    case 'email_sent': {
      // `to` is hidden from a recipient when the mail went to another recipient.
      const to = text(details, 'to');
      const subject = text(details, 'subject');
      const sent = to ? `E-mail sent to ${to}` : 'E-mail sent';
      return { icon: Send, title: subject ? `${sent}: ${subject}` : sent, lines: [] };
    }
    case 'call': {
      const answered = text(details, 'outcome') === 'answered';
      return {
        icon: answered ? PhoneIncoming : PhoneMissed,
        title: answered ? 'Call answered' : 'Missed call',
        lines: [],
        tone: answered ? undefined : 'warning',
      };
    }
    default:
      return { icon: NotebookPen, title: event.kind.replaceAll('_', ' '), lines: [] };
  }
}

/** The lead's activity, oldest first, so it reads as the story of the lead. */
export function LeadTimeline({ events }: { events: LeadEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No activity yet.</p>;
  const ordered = [...events].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <ol className="grid gap-0">
      {ordered.map((event, index) => {
        const { icon: Icon, title, lines, tone } = describeEvent(event);
        const last = index === ordered.length - 1;
        return (
          <li key={event.id} className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-3 pb-4">
            {last ? null : (
              <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px bg-border" />
            )}
            <span
              aria-hidden="true"
              className={
                tone === 'warning'
                  ? 'flex size-8 items-center justify-center rounded-full bg-destructive-soft text-destructive'
                  : 'flex size-8 items-center justify-center rounded-full bg-muted text-foreground'
              }
            >
              <Icon className="size-4" />
            </span>
            <div className="grid gap-0.5 pt-1 text-sm">
              <p className="font-medium">{title}</p>
              {lines.map((line) => (
                <p key={line} className="whitespace-pre-line break-words text-muted-foreground">
                  {line}
                </p>
              ))}
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                {event.actor_name ? ` · ${event.actor_name}` : ''}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
