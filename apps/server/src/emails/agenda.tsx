/** @jsxRuntime automatic */
import { formatPhone, type LeadStage, STAGE_LABELS } from '@portal/shared';
import { joinPresent } from './format';
import { ActionButton, Note, Paragraph, TextLink } from './layout';
import { type Email, renderEmail, textLink } from './render';

/**
 * The agent's daily agenda at 7:30 in their time zone: overdue next actions, new leads nobody has
 * called yet, then what is due today, in the order the work queue has them (DESIGN.md section 10).
 */

export interface AgendaLead {
  id: string;
  /** The lead in the portal. */
  link: string;
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  zip: string;
  stage: LeadStage;
  nextAction: string;
  nextActionAt: Date | null;
  createdAt: Date;
}

/** One part of the agenda: the leads it shows and how many there are in all. */
export interface AgendaSection {
  leads: AgendaLead[];
  total: number;
}

export interface AgendaEmailInput {
  /** The agent's day, as people write it: "Tuesday, March 3". */
  dayLabel: string;
  /** The zone the agent's times read in (an IANA name). */
  timeZone: string;
  overdue: AgendaSection;
  fresh: AgendaSection;
  today: AgendaSection;
  /** The agent's /leads, which opens on the work queue. */
  leadsUrl: string;
  /** Where the agent turns the agenda off. */
  settingsUrl: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "9:00 AM" in the agent's zone (today's actions). */
function timeOfDay(at: Date, timeZone: string): string {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** "Mon, Mar 2, 4:30 PM" in the agent's zone (overdue actions, arrivals). */
function dayAndTime(at: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

type SectionKey = 'overdue' | 'fresh' | 'today';

const SECTIONS: { key: SectionKey; title: string; intro: string }[] = [
  {
    key: 'overdue',
    title: 'Overdue',
    intro: 'Next actions whose day has passed. Do these first, or set a new date.',
  },
  {
    key: 'fresh',
    title: 'New leads not yet contacted',
    intro: 'Sellers choose the agent who reaches them first.',
  },
  { key: 'today', title: 'Due today', intro: 'What you planned for today.' },
];

/** The lead's line: who and where, then its stage. */
function who(lead: AgendaLead): string {
  const name = joinPresent([lead.firstName, lead.lastName], ' ') || 'A seller';
  return `${name}, ${lead.city || lead.zip} (${STAGE_LABELS[lead.stage]})`;
}

/** What to do and when; for a new lead, when it came and the number to call. */
function what(lead: AgendaLead, key: SectionKey, timeZone: string): string {
  const action = lead.nextAction.trim() || 'Next action';
  if (key === 'fresh') {
    return joinPresent(
      [
        `Received ${dayAndTime(lead.createdAt, timeZone)}`,
        lead.phone && `call ${formatPhone(lead.phone)}`,
        lead.nextActionAt && `${action} ${dayAndTime(lead.nextActionAt, timeZone)}`,
      ],
      '; ',
    );
  }
  if (!lead.nextActionAt) return action;
  return key === 'today'
    ? `${timeOfDay(lead.nextActionAt, timeZone)}: ${action}`
    : `${action}, due ${dayAndTime(lead.nextActionAt, timeZone)}`;
}

const heading = (title: string, section: AgendaSection) => `${title} (${section.total})`;
const moreLine = (section: AgendaSection) => {
  const more = section.total - section.leads.length;
  return more > 0 ? `And ${plural(more, 'more lead', 'more leads')} in the portal.` : null;
};

/** The subject's count of each part, the parts with nothing left out. */
function summary(input: AgendaEmailInput): string {
  return joinPresent([
    input.overdue.total > 0 ? `${input.overdue.total} overdue` : null,
    input.fresh.total > 0 ? plural(input.fresh.total, 'new lead to call', 'new leads to call') : null,
    input.today.total > 0 ? `${input.today.total} due today` : null,
  ]);
}

/** Whether the agent has anything to do today: no agenda is sent otherwise. */
export const agendaHasWork = (input: Pick<AgendaEmailInput, 'overdue' | 'fresh' | 'today'>) =>
  input.overdue.total + input.fresh.total + input.today.total > 0;

const sectionStyle = { fontSize: '18px', lineHeight: '24px', fontWeight: 700, margin: '24px 0 8px' } as const;
const itemStyle = { margin: '0 0 12px', fontSize: '16px', lineHeight: '22px' } as const;

function AgendaBody({ input }: { input: AgendaEmailInput }) {
  return (
    <>
      <Paragraph>Here is what needs you today, in the order to work it.</Paragraph>
      {SECTIONS.filter(({ key }) => input[key].total > 0).map(({ key, title, intro }) => {
        const section = input[key];
        const more = moreLine(section);
        return (
          <div key={key}>
            <p style={sectionStyle}>{heading(title, section)}</p>
            <Paragraph>{intro}</Paragraph>
            {section.leads.map((lead) => (
              <p key={lead.id} style={itemStyle}>
                <TextLink href={lead.link}>{who(lead)}</TextLink>
                <br />
                {what(lead, key, input.timeZone)}
              </p>
            ))}
            {more ? <Paragraph>{more}</Paragraph> : null}
          </div>
        );
      })}
      <ActionButton href={input.leadsUrl}>Open your leads</ActionButton>
      <Note>
        You get this e-mail each morning at 7:30 when you have leads to work.{' '}
        <TextLink href={input.settingsUrl}>Turn the daily agenda off</TextLink> in your profile.
      </Note>
    </>
  );
}

export function agendaEmail(input: AgendaEmailInput): Promise<Email> {
  const counts = summary(input);
  const title = `Your leads for ${input.dayLabel}`;
  const sections = SECTIONS.filter(({ key }) => input[key].total > 0).map(({ key, title, intro }) => {
    const section = input[key];
    return [
      `${heading(title, section)}\n${intro}`,
      ...section.leads.map((lead) => `${who(lead)}\n${what(lead, key, input.timeZone)}\n${lead.link}`),
      moreLine(section),
    ];
  });
  return renderEmail({
    template: 'agenda_email',
    subject: `Today: ${counts}`,
    preview: `${title}: ${counts}.`,
    heading: title,
    footer: 'You get this e-mail as an agent of the portal with the daily agenda turned on.',
    body: <AgendaBody input={input} />,
    text: [
      title,
      'Here is what needs you today, in the order to work it.',
      ...sections.flat(),
      textLink('Open your leads', input.leadsUrl),
      `You get this e-mail each morning at 7:30 when you have leads to work.\n${textLink('Turn the daily agenda off in your profile', input.settingsUrl)}`,
    ],
  });
}
