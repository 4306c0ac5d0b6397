import { type PipelineFigures, STALE_AFTER_DAYS } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { type DigestAgent, type DigestFigures, digestEmail } from '../../emails/digest';
import { dispatch } from '../../lib/outbox';
import { pipelineSummary } from '../corporate/pipeline';
import { localClock, SEND_FROM_MINUTES, sendOnce, shiftDay } from './once';

/**
 * The offices' weekly digest: on Monday from 7:30 in the office's time zone, once per corporate
 * user and week, for every corporate user whose digest_email preference is not off. The figures
 * are those of the office's pipeline (modules/corporate/pipeline.ts) for last week, Monday to
 * Sunday, and the week before; an office that sees no agent gets no e-mail.
 */

/** Agents shown in one digest, busiest first; the rest are counted. */
export const DIGEST_AGENT_LIMIT = 40;
const BATCH = 50;
const MAX_BATCHES = 20;

interface DueOffice {
  user_id: string;
  email: string;
}

async function dueOffices(db: Executor, period: string, skip: string[]): Promise<DueOffice[]> {
  const notSkipped: SQL = skip.length > 0 ? sql`and u.id not in ${skip}` : sql``;
  const result = (await db.execute(sql`
    select u.id as user_id, u.email
    from users u
    where u.user_role = 'corporate'
      and u.is_active
      and u.preferences -> 'digest_email' is distinct from 'false'::jsonb
      and not exists (
        select 1 from scheduled_emails_sent s
        where s.kind = 'digest' and s.subject_id = u.id and s.period = ${period}
      )
      ${notSkipped}
    order by u.id
    limit ${BATCH}
  `)) as unknown as { rows: DueOffice[] };
  return result.rows;
}

/**
 * How many of each agent's active leads were stale a week ago: none of their activities in the
 * STALE_AFTER_DAYS before that moment, and older than that. A lead counts if it is active now
 * (a lead closed or archived since is not counted for the week before).
 */
async function staleAWeekAgo(db: Executor, corporateUserId: string): Promise<Map<string, number>> {
  const then = sql`(now() - interval '7 days')`;
  const since = sql`(${then} - ${STALE_AFTER_DAYS} * interval '1 day')`;
  const result = (await db.execute(sql`
    select l.agent_id, count(*)::int as n
    from leads l
    join agents a on a.id = l.agent_id and a.corporate_user_id = ${corporateUserId}
    where l.status = 'active'
      and l.created_at < ${since}
      and not exists (
        select 1 from lead_activities x
        where x.lead_id = l.id and x.created_at >= ${since} and x.created_at < ${then}
      )
    group by l.agent_id
  `)) as unknown as { rows: { agent_id: string; n: number }[] };
  return new Map(result.rows.map((row) => [row.agent_id, Number(row.n)]));
}

const figures = (row: PipelineFigures, stalePrevious: number): DigestFigures => ({
  received: row.received,
  speedSeconds: row.speed_to_contact_seconds,
  closings: row.closings,
  stale: { current: row.stale, previous: stalePrevious },
});

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const weekLabel = (from: string, to: string) =>
  `${shortDay.format(new Date(`${from}T12:00:00Z`))} to ${shortDay.format(new Date(`${to}T12:00:00Z`))}`;

/** The digest of one office for the week before `monday`; null when it sees no agent. */
export async function digestFor(deps: AppDeps, corporateUserId: string, monday: string) {
  const { db } = deps.database;
  const from = shiftDay(monday, -7);
  const to = shiftDay(monday, -1);
  const timeZone = deps.config.onboardingCalls.officeTimezone;
  const [pipeline, stale] = await Promise.all([
    pipelineSummary(db, { kind: 'corporate', corporateUserId }, { from, to, timeZone }),
    staleAWeekAgo(db, corporateUserId),
  ]);
  if (pipeline.agents.length === 0) return null;
  const agents: DigestAgent[] = pipeline.agents
    .map((agent) => ({
      id: agent.agent_id,
      name: agent.name,
      ...figures(agent, stale.get(agent.agent_id) ?? 0),
    }))
    .sort(
      (a, b) =>
        b.received.current - a.received.current ||
        b.stale.current - a.stale.current ||
        a.name.localeCompare(b.name),
    );
  const stalePrevious = [...stale.values()].reduce((sum, n) => sum + n, 0);
  const { publicUrl } = deps.config;
  return digestEmail({
    weekLabel: weekLabel(from, to),
    staleAfterDays: STALE_AFTER_DAYS,
    totals: figures(pipeline.totals, stalePrevious),
    agents: agents.slice(0, DIGEST_AGENT_LIMIT),
    moreAgents: Math.max(0, agents.length - DIGEST_AGENT_LIMIT),
    dashboardUrl: `${publicUrl}/leads`,
    settingsUrl: `${publicUrl}/account/password`,
  });
}

/**
 * On Monday from 7:30 in the office's zone (`now`, injected by tests), sends the digest of every
 * office that has not had this week's. Answers how many e-mails it wrote to the outbox.
 */
export async function sendDueDigests(deps: AppDeps, now = new Date()): Promise<number> {
  const clock = localClock(now, deps.config.onboardingCalls.officeTimezone);
  if (clock.weekday !== 1 || clock.minutes < SEND_FROM_MINUTES) return 0;
  const monday = clock.date;
  const failed: string[] = [];
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await dueOffices(deps.database.db, monday, failed);
    if (due.length === 0) break;
    for (const office of due) {
      try {
        const email = await digestFor(deps, office.user_id, monday);
        const wrote = await sendOnce(deps, {
          kind: 'digest',
          subjectId: office.user_id,
          period: monday,
          to: office.email,
          email,
          meta: { userId: office.user_id },
        });
        if (wrote) sent++;
      } catch (error) {
        // One office whose digest cannot be written must not stop the others.
        failed.push(office.user_id);
        console.warn('[digest] not sent', office.user_id, (error as Error).message);
      }
    }
  }
  if (sent > 0) dispatch(deps.queue);
  return sent;
}
