import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { hashPassword } from '../src/modules/auth/passwords';
import { closeRuntime, openRuntime } from '../src/runtime';
import { FIRST, LAST } from './leads-words';
import {
  benchDatabaseUrl,
  ensureBenchDatabase,
  type Figure,
  figureOf,
  paced,
  printTable,
  startServer,
  stopServer,
  type Target,
} from './measure';

/**
 * `npm run bench:admin` (and part of `npm run bench`): the superuser console's lists (ADR 17) on
 * 100,000 agents, 1,000,000 leads and 200,000 messages, at a steady BENCH_ADMIN_RATE (20)
 * requests/s, next to GET /api/health in the same run. Target: p95 < 50 ms for each (ADR 17
 * sets it for the agents search; the leads and messages lists are held to the same).
 *
 * PostgreSQL only (ADMIN_BENCH_DATABASE_URL, else DATABASE_URL with its database name suffixed
 * "_admin"; its name must contain "bench"): the data is generated once with SQL and kept. Without
 * a database URL it says so and stops.
 */
const AGENTS = Number(process.env.BENCH_ADMIN_AGENTS ?? 100_000);
const LEADS = Number(process.env.BENCH_ADMIN_LEADS ?? 1_000_000);
const RATE = Number(process.env.BENCH_ADMIN_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P95_MS = 50;
const ADMIN_EMAIL = 'bench.admin@bench.agentportal.local';
const PASSWORD = 'bench-admin-password-2026';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** 100k agents with names, e-mails, phones and ZIP lists; 1M leads spread over them; one superuser. */
async function generate(db: Db) {
  const [have] = rows<{ agents: number; leads: number }>(
    await db.execute(
      sql`select (select count(*)::int from agents) as agents, (select count(*)::int from leads) as leads`,
    ),
  );
  const [messages] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from outbox_messages`),
  );
  if (have && have.agents >= AGENTS && have.leads >= LEADS && (messages?.n ?? 0) > 0) return;
  const started = performance.now();
  const first = sql.raw(`array[${FIRST.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`);
  const last = sql.raw(`array[${LAST.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`);
  await db.execute(sql`truncate outbox_messages, leads, lead_counts, agents, users cascade`);
  await db.execute(sql`insert into agents (agent_uri, agent, agent_first_name, agent_last_name, agent_email,
      agent_phone, brokerage, agent_status, signup_status, zipcodes, created_at)
    select 'admin-bench-' || i,
      f || ' ' || l, f, l,
      lower(f) || '.' || lower(replace(l, '''', '')) || i || '@bench-agents.test',
      '+1' || (200 + i % 700)::text || '555' || lpad((i % 10000)::text, 4, '0'),
      'Brokerage ' || (i % 500),
      (array['onboarding','active','active','active','inactive','suspended','terminated'])[1 + i % 7],
      (array['complete','complete','complete','zoom','mailingAddress','brokerageInfo'])[1 + i % 6],
      array[lpad((10000 + i % 89000)::text, 5, '0'), lpad((10000 + (i * 7) % 89000)::text, 5, '0')],
      now() - make_interval(secs => i * 60)
    from (select i, (${first})[1 + i % ${FIRST.length}] as f, (${last})[1 + (i / ${FIRST.length}) % ${LAST.length}] as l
          from generate_series(1, ${AGENTS}) as i) s`);
  // One lead in a hundred waits unassigned.
  await db.execute(sql`insert into leads (agent_id, lead_type, first_name, last_name, phone, zip, source,
      search_text, created_at)
    select case when g % 100 = 0 then null else a.id end, 'fsbo', 'Seller', 'Number ' || g,
      '+1602555' || lpad((g % 10000)::text, 4, '0'), lpad((10000 + g % 89000)::text, 5, '0'), 'admin bench',
      'seller number ' || g || ' 1602555' || lpad((g % 10000)::text, 4, '0'),
      now() - make_interval(secs => g * 10)
    from generate_series(1, ${LEADS}) as g
    join lateral (select id from agents where agent_uri = 'admin-bench-' || (1 + g % ${AGENTS})) a on true`);
  // Two messages per lead of the newest tenth: the outbox the messages page reads.
  await db.execute(sql`insert into outbox_messages (channel, to_address, from_address, subject, text_body,
      status, template, created_at)
    select case when g % 2 = 0 then 'email' else 'sms' end,
      case when g % 2 = 0 then 'agent' || (g % ${AGENTS}) || '@bench-agents.test' else '+1602555' || lpad((g % 10000)::text, 4, '0') end,
      'office@bench.test', 'New seller lead', 'A new seller lead', case when g % 50 = 0 then 'failed' else 'sent' end,
      'lead_email', now() - make_interval(secs => g * 5)
    from generate_series(1, ${LEADS / 5}) as g`);
  await db.execute(sql`vacuum analyze agents, leads`);
  console.log(
    `generated ${AGENTS} agents and ${LEADS} leads in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function main() {
  const url = benchDatabaseUrl(process.env.ADMIN_BENCH_DATABASE_URL, '_admin');
  if (!url) {
    console.log('admin bench: set DATABASE_URL (PostgreSQL) to measure the console on 100k agents; skipped');
    return;
  }
  await ensureBenchDatabase(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
  };
  const deps = await openRuntime(loadConfig(env));
  await generate(deps.database.db);
  await deps.database.db.execute(sql`insert into users (email, name, password_hash, is_verified, is_superuser, user_role)
    values (${ADMIN_EMAIL}, 'Bench Admin', ${await hashPassword(PASSWORD)}, true, true, 'superuser')
    on conflict do nothing`);
  await closeRuntime(deps);

  const server = await startServer(env);
  const figures: Figure[] = [];
  try {
    const login = await fetch(`${server.app}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${encodeURIComponent(ADMIN_EMAIL)}&password=${encodeURIComponent(PASSWORD)}`,
    });
    if (!login.ok) throw new Error(`superuser login: ${login.status} ${await login.text()}`);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const searches = [
      ['agents, page 1 (newest first)', ''],
      ['agents, q=garc (a surname fragment)', 'q=garc'],
      ['agents, q=an e-mail', `q=${encodeURIComponent('mary.smith1@')}`],
      ['agents, q=(480) 555-01 (phone digits)', `q=${encodeURIComponent('(480) 555-01')}`],
      ['agents, q=85004 (a ZIP served)', 'q=85004'],
      ['agents, suspended, sorted by name', 'status=suspended&sort=name&order=asc'],
      ['agents, page 100 (skip 4950)', 'skip=4950&limit=50'],
    ] as const;
    const lists = [
      ['leads, page 1 (every lead, newest first)', '/api/admin/leads'],
      ['leads, unassigned', '/api/admin/leads?unassigned=true'],
      ['leads, q=number 4242 (a name fragment)', `/api/admin/leads?q=${encodeURIComponent('number 4242')}`],
      ['messages, page 1', '/api/admin/outbox'],
      ['messages, failed', '/api/admin/outbox?status=failed'],
      ['messages, to=agent78@ (an address fragment)', '/api/admin/outbox?to=agent78%40'],
    ] as const;
    const targets: Target[] = [
      { name: 'GET /api/health (one database round trip)', url: `${server.app}/api/health` },
      ...searches.map(([name, query]) => ({
        name: `GET ${name}`,
        url: `${server.app}/api/admin/agents?${query}`,
        headers,
      })),
      ...lists.map(([name, url]) => ({ name: `GET ${name}`, url: `${server.app}${url}`, headers })),
    ];
    for (const target of targets) {
      const check = await fetch(target.url, { headers: target.headers });
      if (!check.ok) throw new Error(`${target.name}: ${check.status} ${await check.text()}`);
      const body = (await check.json()) as { total?: number };
      if (body.total !== undefined)
        target.name += ` [${body.total}${(body as { total_exact?: boolean }).total_exact === false ? '+' : ''} found]`;
      await paced(target, { rate: RATE, seconds: 2, connections: 10 });
      const run = await paced(target, { rate: RATE, seconds: SECONDS, connections: 10 });
      figures.push(
        figureOf(target.name, run.times, { rps: run.rps, errors: run.errors, cpuMs: null, http: false }),
      );
    }
  } finally {
    await stopServer(server);
  }
  printTable(
    `PostgreSQL, ${AGENTS} agents and ${LEADS} leads; a steady ${RATE} req/s (open loop), ${SECONDS} s each`,
    figures,
  );
  for (const figure of figures.slice(1)) {
    // Every console list is held to the agents search's target.
    console.log(
      `${figure.p95 < TARGET_P95_MS ? 'PASS' : 'FAIL'}  p95 ${figure.p95.toFixed(1)} ms < ${TARGET_P95_MS} ms  ${figure.name}`,
    );
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
