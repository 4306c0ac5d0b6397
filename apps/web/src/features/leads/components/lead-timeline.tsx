import {
  ACTIVITY_OUTCOME_LABELS,
  type ActivityKind,
  type ActivityOutcome,
  type LeadEvent,
  LOST_REASON_LABELS,
  type LostReason,
  STAGE_LABELS,
} from '@portal/shared';
import {
  Archive,
  ArrowRight,
  CalendarClock,
  CalendarX,
  CircleCheck,
  Eye,
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
  Users,
} from 'lucide-react';
import { formatDay, formatMoney, leadStatusLabel } from '@/components/leads/lead-format';
import { formatExactTime, RelativeTime } from '@/components/relative-time';
import { formatPhone } from '@/lib/format-phone';
import { cn } from '@/lib/utils';

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

export interface Described {
  icon: LucideIcon;
  title: string;
  lines: string[];
  tone?: 'warning';
  /** A call, text, e-mail, meeting or note someone logged: the thread's own entries. */
  activity?: boolean;
}

/** How the lead sheet names the people on a lead: the agent, and the agent's team members. */
export const ROLE_LABELS: Record<string, string> = {
  agent: 'agent',
  user: 'agent',
  recipient: 'team member',
};

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  call: 'Call',
  text: 'Text message',
  email: 'E-mail',
  meeting: 'Meeting',
  note: 'Note',
};

/** A text is answered or not; "left message" is what sending one is. */
export const TEXT_OUTCOME_LABELS: Record<ActivityOutcome, string> = {
  no_answer: 'No reply yet',
  left_message: 'Sent',
  spoke: 'They replied',
  wrong_number: 'Wrong number',
};

export const outcomeLabel = (kind: string, outcome: string) =>
  (kind === 'text' ? TEXT_OUTCOME_LABELS : ACTIVITY_OUTCOME_LABELS)[outcome as ActivityOutcome] ?? outcome;

const stageName = (stage: string | undefined) =>
  stage ? (STAGE_LABELS[stage as keyof typeof STAGE_LABELS] ?? stage.replaceAll('_', ' ')) : undefined;

const ACTIVITY_ICONS: Record<string, LucideIcon> = {
  call: Phone,
  text: MessageSquare,
  email: Mail,
  meeting: Users,
  note: NotebookPen,
};

function activityOf(details: Record<string, unknown>): Described {
  const kind = text(details, 'kind') ?? 'note';
  const outcome = text(details, 'outcome');
  const body = text(details, 'body');
  const name = ACTIVITY_KIND_LABELS[kind as ActivityKind] ?? kind;
  return {
    icon: ACTIVITY_ICONS[kind] ?? NotebookPen,
    title: outcome ? `${name}: ${outcomeLabel(kind, outcome)}` : name,
    lines: body ? [body] : [],
    tone: outcome === 'wrong_number' ? 'warning' : undefined,
    activity: true,
  };
}

/** A next action as the timeline records it: `{ next_action, next_action_at }`, or its parts. */
function nextActionOf(value: unknown): { text?: string; at?: string } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { at: value };
  if (typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const words = text(record, 'next_action', 'text');
  const at = text(record, 'next_action_at', 'at');
  return words || at ? { text: words, at } : null;
}

function nextActionChange(details: Record<string, unknown>): Described {
  const to = nextActionOf('to' in details ? details.to : details);
  if (!to?.at && !to?.text) return { icon: CalendarX, title: 'Next action cleared', lines: [] };
  const when = to.at ? formatExactTime(to.at) : undefined;
  return {
    icon: CalendarClock,
    title: to.text ? `Next action: ${to.text}` : 'Next action set',
    lines: when ? [`Due ${when}`] : [],
  };
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

/**
 * One line of the lead's story in words; kinds this page does not know are shown by name.
 * Without `money` (a team member) a closing's figures are left out.
 */
export function describeEvent(event: LeadEvent, { money = true }: { money?: boolean } = {}): Described {
  const { details } = event;
  switch (event.kind) {
    case 'activity':
      return activityOf(details);
    case 'stage_change': {
      const from = stageName(text(details, 'from'));
      const to = stageName(text(details, 'to'));
      const reason = text(details, 'lost_reason');
      const why = text(details, 'lost_reason_text');
      const hold = text(details, 'hold_until');
      // A lead under contract that moved back (or on hold) says why the sale did not go through.
      const didNotClose = text(details, 'did_not_close_reason');
      const lines = [
        reason
          ? `Reason: ${LOST_REASON_LABELS[reason as LostReason] ?? reason}${why ? ` (${why})` : ''}`
          : '',
        didNotClose ? `Did not close: ${didNotClose}` : '',
        hold ? `Until ${formatDay(hold)}` : '',
      ].filter(Boolean);
      return {
        icon: text(details, 'to') === 'lost' || text(details, 'to') === 'on_hold' ? Archive : ArrowRight,
        title: from && to ? `Stage: ${from} → ${to}` : to ? `Stage: ${to}` : 'Stage changed',
        lines,
      };
    }
    case 'next_action':
      return nextActionChange(details);
    case 'lost_reason_change': {
      const to = details.to && typeof details.to === 'object' ? (details.to as Record<string, unknown>) : {};
      const reason = text(to, 'lost_reason');
      const why = text(to, 'lost_reason_text');
      return {
        icon: Archive,
        title: reason
          ? `Lost reason: ${LOST_REASON_LABELS[reason as LostReason] ?? reason}`
          : 'Lost reason changed',
        lines: why ? [why] : [],
      };
    }
    case 'hold_change': {
      const to = text(details, 'to');
      return { icon: Archive, title: to ? `On hold until ${formatDay(to)}` : 'Hold changed', lines: [] };
    }
    case 'hold_ended':
      return { icon: RotateCcw, title: 'Back from hold: the lead is being pursued again', lines: [] };
    case 'opened':
      return { icon: Eye, title: 'Opened', lines: [] };
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
        price !== undefined && money ? `Sale price ${formatMoney(price)}` : '',
        commission !== undefined && money ? `Gross commission ${formatMoney(commission)}` : '',
      ].filter(Boolean);
      return { icon: CircleCheck, title: date ? `Closed on ${formatDay(date)}` : 'Closed', lines };
    }
    case 'reopened': {
      // Reopening moves a lead back among the active stages (older entries name statuses).
      const to = text(details, 'to');
      const stage = to && to in STAGE_LABELS ? stageName(to) : undefined;
      return { icon: RotateCcw, title: stage ? `Reopened: ${stage}` : 'Reopened', lines: [] };
    }
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

export type TimelineFilter = 'activity' | 'everything';

/** What people did with the lead (calls, texts, e-mails, meetings, notes), not what the system did. */
const ACTIVITY_EVENT_KINDS = new Set(['activity', 'note', 'email_sent', 'call']);
export const isActivityEvent = (event: LeadEvent) => ACTIVITY_EVENT_KINDS.has(event.kind);

/**
 * An e-mail written to the lead from the portal is on the timeline twice: as the message sent
 * (with its address and subject) and as the activity it counts as. The first says more.
 */
function withoutEchoes(events: LeadEvent[]): LeadEvent[] {
  const sent = events.filter((event) => event.kind === 'email_sent');
  if (sent.length === 0) return events;
  return events.filter((event) => {
    if (event.kind !== 'activity' || event.details.kind !== 'email') return true;
    const at = Date.parse(event.created_at);
    return !sent.some(
      (mail) =>
        (text(mail.details, 'subject') ?? '') === (text(event.details, 'body') ?? '') &&
        Math.abs(Date.parse(mail.created_at) - at) < 60_000,
    );
  });
}

/** "Maria Lopez, team member": who did it, and as whom; nothing for what the system did. */
export function authorOf(event: LeadEvent): string | undefined {
  if (!event.actor_name) return undefined;
  const role = ROLE_LABELS[text(event.details, 'author_role') ?? event.actor_type];
  return role ? `${event.actor_name}, ${role}` : event.actor_name;
}

/**
 * The lead's story, newest first under the composer: what people did (with their name and
 * role) and, under "Everything", what the system did (routing, deliveries, stage changes).
 */
export function LeadTimeline({
  events,
  filter = 'everything',
  money = true,
}: {
  events: LeadEvent[];
  filter?: TimelineFilter;
  /** False for a team member: a closing's figures are not theirs to see. */
  money?: boolean;
}) {
  const all = withoutEchoes(events);
  const shown = (filter === 'activity' ? all.filter(isActivityEvent) : all)
    .slice()
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (shown.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {filter === 'activity' && events.length > 0
          ? 'No calls, texts or notes yet. Choose Everything to see how the lead arrived.'
          : 'No activity yet.'}
      </p>
    );
  }
  return (
    <ol className="grid gap-0">
      {shown.map((event, index) => {
        const { icon: Icon, title, lines, tone, activity } = describeEvent(event, { money });
        const last = index === shown.length - 1;
        const author = authorOf(event);
        return (
          <li key={event.id} className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-3 pb-4">
            {last ? null : (
              <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px bg-border" />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 items-center justify-center rounded-full',
                tone === 'warning'
                  ? 'bg-destructive-soft text-destructive'
                  : activity
                    ? 'bg-secondary-soft text-secondary'
                    : 'bg-muted text-foreground',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="grid gap-0.5 pt-1 text-sm">
              <p className="font-medium">{title}</p>
              {lines.map((line) => (
                <p
                  key={line}
                  className={cn(
                    'whitespace-pre-line break-words',
                    activity ? 'rounded-md bg-muted px-3 py-2 text-foreground' : 'text-muted-foreground',
                  )}
                >
                  {line}
                </p>
              ))}
              <p className="text-xs text-muted-foreground">
                {author ? `${author} · ` : ''}
                <RelativeTime value={event.created_at} />
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
