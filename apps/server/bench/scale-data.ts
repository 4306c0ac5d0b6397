import { sql } from 'drizzle-orm';
import type { AppDeps } from '../src/app-context';
import type { Db } from '../src/db/client';
import { hashPassword } from '../src/modules/auth/passwords';
import { refreshAgentStats } from '../src/modules/leads/stats';
import { ensureBenchGroup } from './leads';
import { BENCH_EMAIL_DOMAIN, BENCH_PASSWORD, type BenchSize, generateLeadsData, random } from './leads-data';

/**
 * The data of bench/scale.ts, a hundred times the network of today: the leads bench's generator
 * (bench/leads-data.ts) at 10,000 agents and 2,000,000 leads, then in SQL from the leads what
 * working them leaves behind: their activities, the new-lead e-mail and text of the last 30 days
 * with their delivery attempts, audit entries, and what the clean-up job removes. Each part is
 * written once, in one statement or transaction of its own, and found again by counting it: a run
 * after an interrupted one writes what is missing.
 */
export const SCALE_SIZE: BenchSize = { agents: 10_000, zips: 40_000, leads: 2_000_000 };
/** The console's superuser. */
export const SCALE_ADMIN_EMAIL = `bench.admin@${BENCH_EMAIL_DOMAIN}`;

/** What the clean-up job finds to remove on every run: topped up before each. */
const CLEANUP = { tokens: 20_000, sessions: 5_000, rateLimits: 20_000 };
/** Ended links and sessions are kept 30 days (the clean-up's grace): these ended before it. */
const ENDED = sql`now() - interval '40 days'`;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The bench agents' users numbered from 0 (`k`), to spread rows over them by `g % agents`. */
const BENCH_USERS = sql`bench_users as (
  select u.id, u.email, (row_number() over (order by a.agent_uri) - 1)::int as k
  from agents a join users u on u.id = a.user_id where a.agent_uri like 'bench-agent-%')`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * A lead as the agent worked it, added to each generated row: assigned when it came, and worked
 * last when it was first contacted, or for about one contacted lead in three at a note written
 * from ten minutes to three days later (the activities are made from these times).
 */
function workedLead(now: number) {
  const rnd = random(31);
  return (lead: Record<string, unknown>) => {
    lead.assigned_at = lead.agent_id ? lead.created_at : null;
    const contact = lead.first_contact_at as string | null;
    if (!contact) return;
    const at = Date.parse(contact);
    const noted = rnd.next() < 1 / 3 ? Math.min(now, at + rnd.int(10, 3 * 24 * 60) * 60_000) : at;
    lead.last_activity_at = new Date(noted).toISOString();
  };
}

async function ensureSuperuser(db: Db): Promise<string> {
  await db.execute(sql`insert into users (email, name, password_hash, is_verified, is_superuser, user_role)
    values (${SCALE_ADMIN_EMAIL}, 'Bench Admin', ${await hashPassword(BENCH_PASSWORD)}, true, true, 'superuser')
    on conflict do nothing`);
  const [admin] = rows<{ id: string }>(
    await db.execute(sql`select id from users where email = ${SCALE_ADMIN_EMAIL}`),
  );
  return admin!.id;
}

const exists = async (db: Db, query: ReturnType<typeof sql>) =>
  rows<{ found: boolean }>(await db.execute(sql`select exists (${query}) as found`))[0]!.found;

/**
 * A call at each first contact and a note at each later last activity, by the lead's agent (the
 * superuser for a lead without one): `last_activity_at` is the newest activity of every lead.
 */
async function writeActivities(db: Db, adminId: string): Promise<number> {
  const { rows: done } = (await db.execute(sql`
    with made as (
      insert into lead_activities (lead_id, kind, outcome, body, actor_type, actor_id, actor_name, created_at)
      select l.id, 'call',
        (array['spoke', 'spoke', 'left_message', 'no_answer'])[1 + (hashtext(l.external_id) & 3)],
        '', 'user', coalesce(a.user_id, ${adminId}), coalesce(a.agent, 'Bench Admin'), l.first_contact_at
      from leads l left join agents a on a.id = l.agent_id
      where l.external_id like 'bench-%' and l.first_contact_at is not null
      union all
      select l.id, 'note', null,
        (array['Sent comps.', 'Wants a price first.', 'Meeting next week.', 'Spouse decides.'])[1 + (hashtext(l.external_id) & 3)],
        'user', coalesce(a.user_id, ${adminId}), coalesce(a.agent, 'Bench Admin'), l.last_activity_at
      from leads l left join agents a on a.id = l.agent_id
      where l.external_id like 'bench-%' and l.last_activity_at > l.first_contact_at
      returning 1)
    select count(*)::int as n from made`)) as unknown as { rows: { n: number }[] };
  return Number(done[0]!.n);
}

/**
 * The new-lead e-mail and text to each agent of a lead of the last 30 days (texts only, no HTML),
 * sent a few seconds after the lead came; one in 200 failed. One attempt each, in one transaction.
 */
async function writeMessages(deps: AppDeps): Promise<number> {
  const { mailFrom, smsFrom } = deps.config;
  return deps.database.db.transaction(async (tx) => {
    const { rows: made } = (await tx.execute(sql`
      with made as (
        insert into outbox_messages (channel, to_address, from_address, subject, text_body, template, meta,
          lead_id, recipient_id, status, next_attempt_at, attempts, last_error, provider,
          provider_message_id, created_at, sent_at)
        select m.channel,
          case when m.channel = 'email' then r.email else r.phone_number end,
          case when m.channel = 'email' then ${mailFrom} else ${smsFrom} end,
          case when m.channel = 'email' then 'New seller lead: ' || l.first_name || ' ' || l.last_name end,
          'New seller lead: ' || l.first_name || ' ' || l.last_name || ', ' || l.street || ', ' || l.city
            || ' ' || l.zip || '. Call ' || l.phone || '.',
          case when m.channel = 'email' then 'lead_email' else 'lead_sms' end,
          jsonb_build_object('agentId', l.agent_id), l.id, r.id,
          case when f.failed then 'failed' else 'sent' end, l.created_at, 1,
          case when f.failed and m.channel = 'sms' then 'The number cannot receive texts'
            when f.failed then '550 Mailbox unavailable' end,
          case when m.channel = 'email' then 'smtp' else 'twilio' end,
          case when not f.failed then 'bench-' || md5(l.id::text || m.channel) end,
          l.created_at, case when not f.failed then l.created_at + interval '3 seconds' end
        from leads l
        join recipients r on r.agent_id = l.agent_id and r.is_agent
        cross join (values ('email'), ('sms')) m(channel)
        cross join lateral (select abs(hashtext(l.external_id || m.channel)) % 200 = 0 as failed) f
        where l.external_id like 'bench-%' and l.created_at > now() - interval '30 days'
        returning 1)
      select count(*)::int as n from made`)) as unknown as { rows: { n: number }[] };
    await tx.execute(sql`
      insert into message_attempts (message_id, attempt, status, provider, provider_message_id, error, created_at)
      select id, 1, status, provider, provider_message_id, last_error, created_at + interval '3 seconds'
      from outbox_messages where template in ('lead_email', 'lead_sms') and lead_id is not null`);
    return Number(made[0]!.n);
  });
}

/** Sign-ins of the agents over 90 days, and leads the superuser assigned. */
async function writeAudit(db: Db, adminId: string): Promise<void> {
  await db.execute(sql`with ${BENCH_USERS}
    insert into audit_log (actor_id, actor_email, action, target_type, target_id, ip, created_at)
    select u.id, u.email, 'login', 'user', u.id::text, '10.1.' || (g % 250) || '.' || (g % 200),
      now() - make_interval(secs => (g * 389) % (90 * 86400))
    from generate_series(1, 20000) g join bench_users u on u.k = g % ${SCALE_SIZE.agents}`);
  await db.execute(sql`
    insert into audit_log (actor_id, actor_email, action, target_type, target_id, details, created_at)
    select ${adminId}, ${SCALE_ADMIN_EMAIL}, 'admin_assign_lead', 'lead', l.id::text,
      jsonb_build_object('agent_id', l.agent_id), l.created_at + interval '2 hours'
    from leads l where l.external_id like 'bench-%' and l.agent_id is not null
      and l.routing->>'decision' = 'assigned' and hashtext(l.external_id) % 2000 = 0`);
}

/**
 * Links spent or expired, sessions revoked and rate-limit windows long past, as many as CLEANUP
 * says: the clean-up job removes them, so each run puts back what the last one removed.
 */
async function topUpCleanup(db: Db): Promise<string> {
  const [have] = rows<{ tokens: number; sessions: number; limits: number }>(
    await db.execute(sql`select
      (select count(*)::int from one_time_tokens where expires_at < ${ENDED}) as tokens,
      (select count(*)::int from session_families where revoked_at < ${ENDED}) as sessions,
      (select count(*)::int from rate_limits where window_start < now() - interval '3 days') as limits`),
  );
  const tokens = Math.max(0, CLEANUP.tokens - have!.tokens);
  if (tokens > 0) {
    await db.execute(sql`with ${BENCH_USERS}
      insert into one_time_tokens (id, type, user_id, subject, token_hash, created_at, expires_at, used_at)
      select gen_random_uuid(), (array['verify_email', 'password_reset', 'default_login'])[1 + g % 3],
        u.id, u.email, md5(random()::text), t.at, t.at + interval '1 day',
        case when g % 2 = 0 then t.at + interval '1 hour' end
      from generate_series(1, ${tokens}) g
      join bench_users u on u.k = g % ${SCALE_SIZE.agents}
      cross join lateral (select now() - make_interval(days => 41 + g % 80) as at) t`);
  }
  const sessions = Math.max(0, CLEANUP.sessions - have!.sessions);
  if (sessions > 0) {
    await db.execute(sql`
      with ${BENCH_USERS}, families as (
        insert into session_families (user_id, created_at, last_used_at, expires_at, revoked_at, revoked_reason)
        select u.id, t.at, t.at + interval '2 days', t.at + interval '30 days', t.at + interval '3 days', 'logout'
        from generate_series(1, ${sessions}) g
        join bench_users u on u.k = g % ${SCALE_SIZE.agents}
        cross join lateral (select now() - make_interval(days => 45 + g % 60) as at) t
        returning id, created_at)
      insert into refresh_tokens (token_hash, family_id, created_at, rotated_at)
      select md5(random()::text || f.id::text || n), f.id, f.created_at + make_interval(hours => n),
        case when n = 1 then f.created_at + interval '1 day' end
      from families f cross join generate_series(1, 2) n`);
  }
  const limits = Math.max(0, CLEANUP.rateLimits - have!.limits);
  if (limits > 0) {
    await db.execute(sql`
      insert into rate_limits (key, window_start, count)
      select 'login:ip:bench-' || md5(random()::text), now() - make_interval(days => 4 + g % 50), 1 + g % 5
      from generate_series(1, ${limits}) g
      on conflict (key) do nothing`);
  }
  return `${tokens} links, ${sessions} sessions and ${limits} rate-limit rows`;
}

/**
 * Everything the scale bench reads, written where missing; answers whether anything was (the
 * statistics and the planner's figures are then brought up to date).
 */
export async function ensureScaleData(deps: AppDeps): Promise<boolean> {
  const db = deps.database.db;
  const started = performance.now();
  const leads = await generateLeadsData(db, SCALE_SIZE, { complete: workedLead(Date.now()) });
  if (leads) {
    // What was made from leads of another generation goes with them (activities by the cascade).
    await db.execute(sql`delete from message_attempts where message_id in (
      select id from outbox_messages where template in ('lead_email', 'lead_sms') and lead_id is not null)`);
    await db.execute(sql`delete from outbox_messages where template in ('lead_email', 'lead_sms')`);
    await db.execute(sql`delete from audit_log where actor_email like ${`%@${BENCH_EMAIL_DOMAIN}`}`);
  }
  const adminId = await ensureSuperuser(db);
  await ensureBenchGroup(db);
  let wrote = leads;
  const step = async (what: string, missing: boolean, write: () => Promise<string>) => {
    if (!missing) return;
    const began = performance.now();
    console.log(`  ${what}: ${await write()} in ${seconds(began)}`);
    wrote = true;
  };
  await step(
    'activities',
    !(await exists(db, sql`select 1 from lead_activities`)),
    async () => `${(await writeActivities(db, adminId)).toLocaleString('en-US')} written`,
  );
  await step(
    'messages',
    !(await exists(db, sql`select 1 from outbox_messages where template = 'lead_email'`)),
    async () => `${(await writeMessages(deps)).toLocaleString('en-US')} written, one attempt each`,
  );
  await step(
    'audit log',
    !(await exists(
      db,
      sql`select 1 from audit_log where action = 'login' and actor_email like ${`%@${BENCH_EMAIL_DOMAIN}`}`,
    )),
    async () => {
      await writeAudit(db, adminId);
      return 'written';
    },
  );
  const began = performance.now();
  console.log(`  for the clean-up job: ${await topUpCleanup(db)} added in ${seconds(began)}`);
  if (wrote) {
    const stats = performance.now();
    await refreshAgentStats(db);
    console.log(`  agents' statistics refreshed in ${seconds(stats)}`);
    const vacuum = performance.now();
    await db.execute(sql`vacuum analyze users, agents, recipients, leads, lead_counts, lead_versions,
      lead_activities, outbox_messages, message_attempts, audit_log, groups, group_memberships`);
    console.log(`  vacuum analyze in ${seconds(vacuum)}`);
    console.log(`scale data generated in ${seconds(started)}`);
  }
  return wrote;
}
