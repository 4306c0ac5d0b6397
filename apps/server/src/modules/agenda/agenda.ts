import { AGENT_ACCESS, type LeadStage, TIMEZONES, zonedTime } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { type AgendaLead, type AgendaSection, agendaEmail, agendaHasWork } from '../../emails/agenda';
import { dispatch } from '../../lib/outbox';
import { pace } from '../../lib/pace';
import { SEND_FROM_MINUTES, sendOnce, shiftDay } from './once';

/**
 * The agent's daily agenda (DESIGN.md section 10): from 7:30 in the agent's time zone, once per
 * agent and local day. A job every five minutes picks the agents whose morning has come and who
 * have no row for today in scheduled_emails_sent, a bounded batch at a time; each agent's row and
 * e-mail are written in one transaction, so any number of processes send it once. An agent with
 * nothing to do gets the row and no e-mail.
 */

/** Leads shown in each part of the agenda; the rest are counted. */
export const AGENDA_SECTION_LIMIT = 10;
const BATCH = 50;
/** Batches per run: what is left waits five minutes for the next run. */
const MAX_BATCHES = 20;

/** The zones an agent may choose that the database knows ('Pending' is not one). */
const AGENT_ZONES = TIMEZONES.filter((zone) => zone !== 'Pending');
/** Only agents whose status lets them receive leads (ADR 28) get an agenda. */
const RECEIVING_STATUSES = Object.entries(AGENT_ACCESS)
  .filter(([, access]) => access.receiveLeads)
  .map(([status]) => status);

interface DueAgent {
  agent_id: string;
  user_id: string;
  email: string;
  zone: string;
  day: string;
}

/** The agent's zone when it is one, else the office's (as the workspace's figures do). */
const zoneOf = (officeZone: string) =>
  sql`case when a.timezone in ${AGENT_ZONES} then a.timezone else ${officeZone} end`;

async function dueAgents(db: Executor, officeZone: string, now: Date, skip: string[]): Promise<DueAgent[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const localDay = sql`to_char((${at} at time zone z.zone)::date, 'YYYY-MM-DD')`;
  const notSkipped: SQL = skip.length > 0 ? sql`and a.id not in ${skip}` : sql``;
  const result = (await db.execute(sql`
    select a.id as agent_id, u.id as user_id, u.email, z.zone, ${localDay} as day
    from agents a
    join users u on u.id = a.user_id
    cross join lateral (select ${zoneOf(officeZone)} as zone) z
    where a.agent_status in ${RECEIVING_STATUSES}
      and u.is_active
      and u.preferences -> 'agenda_email' is distinct from 'false'::jsonb
      and extract(hour from ${at} at time zone z.zone) * 60
        + extract(minute from ${at} at time zone z.zone) >= ${SEND_FROM_MINUTES}
      and not exists (
        select 1 from scheduled_emails_sent s
        where s.kind = 'agenda' and s.subject_id = a.id and s.period = ${localDay}
      )
      ${notSkipped}
    order by a.id
    limit ${BATCH}
  `)) as unknown as { rows: DueAgent[] };
  return result.rows;
}

interface AgendaRow {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  city: string;
  zip: string;
  stage: LeadStage;
  next_action: string;
  next_action_at: Date | string | null;
  created_at: Date | string;
  bucket: 'overdue' | 'fresh' | 'today';
  total: number;
}

export interface AgendaSections {
  overdue: AgendaSection;
  fresh: AgendaSection;
  today: AgendaSection;
}

/**
 * The agent's active leads for their `day` (YYYY-MM-DD in `zone`), each in one part, as the work
 * queue orders them: a next action on an earlier day is overdue; a new lead nobody has contacted
 * comes next; then the next actions of the day. The first AGENDA_SECTION_LIMIT of each, and
 * how many there are.
 */
export async function agendaSections(
  db: Executor,
  publicUrl: string,
  agentId: string,
  zone: string,
  day: string,
): Promise<AgendaSections> {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = shiftDay(day, 1).split('-').map(Number) as [number, number, number];
  const start = zonedTime(y, m, d, 0, 0, zone).toISOString();
  const end = zonedTime(ny, nm, nd, 0, 0, zone).toISOString();
  const uncontacted = sql`l.stage = 'new' and l.first_contact_at is null`;
  const result = (await db.execute(sql`
    select * from (
      select x.*,
        row_number() over (partition by bucket
          order by case when bucket = 'fresh' then created_at else next_action_at end, id) as n,
        count(*) over (partition by bucket)::int as total
      from (
        -- An offered lead's seller is hidden until the agent accepts it (ADR 62).
        select l.id, case when l.offer_expires_at is null then l.first_name else '' end as first_name,
          case when l.offer_expires_at is null then l.last_name else '' end as last_name,
          case when l.offer_expires_at is null then l.phone else '' end as phone,
          l.city, l.zip, l.stage, l.next_action,
          l.next_action_at, l.created_at,
          case when l.next_action_at < ${start}::timestamptz then 'overdue'
               when ${uncontacted} then 'fresh'
               else 'today' end as bucket
        from leads l
        where l.agent_id = ${agentId} and l.status = 'active'
          and (l.next_action_at < ${end}::timestamptz or (${uncontacted}))
      ) x
    ) y
    where n <= ${AGENDA_SECTION_LIMIT}
    order by n
  `)) as unknown as { rows: AgendaRow[] };
  const sections: AgendaSections = {
    overdue: { leads: [], total: 0 },
    fresh: { leads: [], total: 0 },
    today: { leads: [], total: 0 },
  };
  for (const row of result.rows) {
    const section = sections[row.bucket];
    section.total = Number(row.total);
    section.leads.push({
      id: row.id,
      link: `${publicUrl}/leads?lead=${row.id}`,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      city: row.city,
      zip: row.zip,
      stage: row.stage,
      nextAction: row.next_action,
      nextActionAt: row.next_action_at === null ? null : new Date(row.next_action_at),
      createdAt: new Date(row.created_at),
    } satisfies AgendaLead);
  }
  return sections;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "Tuesday, March 3" for a YYYY-MM-DD day. */
function dayLabel(day: string): string {
  let formatter = dayFormatters.get('UTC');
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    dayFormatters.set('UTC', formatter);
  }
  return formatter.format(new Date(`${day}T12:00:00Z`));
}

async function sendAgenda(deps: AppDeps, agent: DueAgent): Promise<boolean> {
  const { publicUrl } = deps.config;
  const sections = await agendaSections(deps.database.db, publicUrl, agent.agent_id, agent.zone, agent.day);
  const email = agendaHasWork(sections)
    ? await agendaEmail({
        ...sections,
        dayLabel: dayLabel(agent.day),
        timeZone: agent.zone,
        leadsUrl: `${publicUrl}/leads`,
        settingsUrl: `${publicUrl}/profile`,
      })
    : null;
  return sendOnce(deps, {
    kind: 'agenda',
    subjectId: agent.agent_id,
    period: agent.day,
    to: agent.email,
    email,
    meta: { userId: agent.user_id, agentId: agent.agent_id },
  });
}

/**
 * Sends the agenda of every agent whose 7:30 has passed today (`now`, injected by tests) and who
 * has not had today's yet. Answers how many e-mails it wrote to the outbox.
 */
export async function sendDueAgendas(deps: AppDeps, now = new Date()): Promise<number> {
  const officeZone = deps.config.onboardingCalls.officeTimezone;
  const failed: string[] = [];
  let sent = 0;
  // Paced as the other jobs that go through every agent (ADR 68): at 7:30 a zone's agents are
  // all due at once.
  const steps = pace();
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    if (batch > 0) await steps.step();
    const due = await dueAgents(deps.database.db, officeZone, now, failed);
    if (due.length === 0) break;
    for (const agent of due) {
      try {
        if (await sendAgenda(deps, agent)) sent++;
      } catch (error) {
        // One agent whose agenda cannot be written must not stop the others; the next run tries again.
        failed.push(agent.agent_id);
        console.warn('[agenda] not sent', agent.agent_id, (error as Error).message);
      }
    }
    // A short batch was the last one due.
    if (due.length < BATCH) break;
  }
  if (sent > 0) dispatch(deps.queue);
  return sent;
}
