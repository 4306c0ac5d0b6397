import { pathToFileURL } from 'node:url';
import { ACTIVE_STAGES, LEAD_TYPES, type LeadType, LOST_REASONS, US_STATES } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../src/db/client';
import { hashPassword } from '../src/modules/auth/passwords';
import { geoDataset } from '../src/modules/geo/dataset';
import { searchTextOf } from '../src/modules/leads/serialize';
import { refreshAgentStats } from '../src/modules/leads/stats';
import { AREA_CODES, BROKERAGES, FIRST, LAST, NOTES, SOURCES, STREETS, SUFFIXES, ZONES } from './leads-words';

/**
 * The data of the leads benchmark: active agents with overlapping service areas of real ZIP codes
 * (the package data the portal already ships), their own recipient row, and leads spread over the
 * last 120 days. Deterministic (seeded), written with multi-row INSERTs (the leads in chunks, so
 * that a size of millions fits in memory), and skipped when the same data is already there. On its own: `tsx bench/leads-data.ts` fills the
 * database of DATABASE_URL (or the PGlite of DATA_DIR); BENCH_LEADS_SCALE=0.1 makes a tenth.
 */
export interface BenchSize {
  agents: number;
  zips: number;
  leads: number;
}

export const FULL_SIZE: BenchSize = { agents: 1000, zips: 40_000, leads: 200_000 };
export const scaledSize = (scale: number): BenchSize => ({
  agents: Math.max(10, Math.round(FULL_SIZE.agents * scale)),
  zips: Math.max(400, Math.round(FULL_SIZE.zips * scale)),
  leads: Math.max(2000, Math.round(FULL_SIZE.leads * scale)),
});

export const BENCH_PASSWORD = 'bench-agent-password-2026';
export const BENCH_EMAIL_DOMAIN = 'bench.agentportal.local';
/** The source (API key name) of the leads the intake benchmark posts; removed after each run. */
export const BENCH_INTAKE_SOURCE = 'Bench intake';

export interface BenchZip {
  zip: string;
  city: string;
  county: string;
  state: string;
}

/** A seeded generator (mulberry32): the same data on every run and every machine. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

/** `count` real ZIP codes, in state, county, ZIP order so that a run of them is a real area. */
export async function benchZips(count: number): Promise<BenchZip[]> {
  const geo = await geoDataset();
  const all: BenchZip[] = [];
  for (const summary of geo.states) {
    const state = geo.state(summary.code)!;
    for (const county of state.counties) {
      for (const zip of county.zips)
        all.push({ zip: zip.zip, city: zip.city, county: county.name, state: state.code });
    }
  }
  if (count > all.length) throw new Error(`Only ${all.length} ZIP codes are known; asked for ${count}`);
  return Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]!);
}

const DAY = 86_400_000;
const STATE_NAME = new Map<string, string>(US_STATES.map(([code, name]) => [code, name]));

interface PlannedAgent {
  id: string;
  name: [string, string];
  zips: number[];
  excludedZips: Set<string>;
  excludedCities: Set<string>;
  nichesOff: Set<LeadType>;
}

/** Inserts plain snake_case rows; columns left out take their defaults. */
async function insertRows(db: Executor, table: string, rows: Record<string, unknown>[], batch = 5000) {
  if (rows.length === 0) return;
  const columns = sql.raw(
    Object.keys(rows[0]!)
      .map((column) => `"${column}"`)
      .join(', '),
  );
  for (let i = 0; i < rows.length; i += batch) {
    const json = JSON.stringify(rows.slice(i, i + batch));
    await db.execute(sql`insert into ${sql.raw(`"${table}"`)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${json}::json)`);
  }
}

async function existing(db: Executor): Promise<{ agents: number; leads: number }> {
  // Leads written before they had stages and next actions count as none: they are replaced.
  const { rows } = (await db.execute(sql`select
      (select count(*)::int from agents where agent_uri like 'bench-agent-%') as agents,
      (select count(*)::int from leads where external_id like 'bench-%'
        and exists (select 1 from leads where external_id like 'bench-%' and next_action_at is not null)) as leads`)) as unknown as {
    rows: { agents: number; leads: number }[];
  };
  return { agents: Number(rows[0]!.agents), leads: Number(rows[0]!.leads) };
}

/** Removes what the intake benchmark posted (and its messages, never sent in a bench). */
export async function removeIntakeLeads(db: Executor): Promise<number> {
  const ids = sql`(select id from leads where source = ${BENCH_INTAKE_SOURCE})`;
  await db.execute(sql`delete from outbox_messages where lead_id in ${ids}`);
  const { rows } = (await db.execute(
    sql`with gone as (delete from leads where source = ${BENCH_INTAKE_SOURCE} returning 1)
      select count(*)::int as n from gone`,
  )) as unknown as { rows: { n: number }[] };
  await db.execute(sql`delete from api_keys where name = ${BENCH_INTAKE_SOURCE}`);
  return Number(rows[0]?.n ?? 0);
}

type Rnd = ReturnType<typeof random>;
const phoneOf = (rnd: Rnd) => `+1${rnd.pick(AREA_CODES)}555${String(rnd.int(0, 9999)).padStart(4, '0')}`;

/**
 * Service areas: runs of neighbouring ZIPs starting every `spacing` ZIPs, 2.5 to 5.5 times as
 * long, so that each ZIP is served by a few agents and their areas overlap. Some agents exclude a
 * few ZIPs or a city, some switch a niche or two off.
 */
function planAgents(size: BenchSize, zips: BenchZip[], rnd: Rnd) {
  const spacing = size.zips / size.agents;
  const coverage = new Uint8Array(size.zips);
  const planned: PlannedAgent[] = [];
  for (let k = 0; k < size.agents; k++) {
    const start = Math.floor(k * spacing + rnd.next() * spacing);
    const length = Math.round(spacing * (2.5 + rnd.next() * 3));
    const own = Array.from({ length }, (_, j) => (start + j) % size.zips);
    for (const z of own) coverage[z]! += 1;
    const excludedZips = new Set<string>();
    if (rnd.next() < 0.1) for (let n = rnd.int(1, 4); n > 0; n--) excludedZips.add(zips[rnd.pick(own)]!.zip);
    const excludedCities = new Set<string>();
    if (rnd.next() < 0.05) excludedCities.add(zips[rnd.pick(own)]!.city);
    const nichesOff = new Set<LeadType>();
    if (rnd.next() < 0.15) for (let n = rnd.int(1, 2); n > 0; n--) nichesOff.add(rnd.pick(LEAD_TYPES));
    const name: [string, string] = [rnd.pick(FIRST), rnd.pick(LAST)];
    planned.push({ id: crypto.randomUUID(), name, zips: own, excludedZips, excludedCities, nichesOff });
  }
  return { planned, coverage };
}

/** Users, agent records (active, signed up) and each agent's own recipient row. */
function agentRows(planned: PlannedAgent[], zips: BenchZip[], rnd: Rnd, passwordHash: string, now: number) {
  const users: Record<string, unknown>[] = [];
  const agents: Record<string, unknown>[] = [];
  const recipients: Record<string, unknown>[] = [];
  planned.forEach((agent, k) => {
    const n = String(k + 1).padStart(4, '0');
    const email = `bench.agent.${n}@${BENCH_EMAIL_DOMAIN}`;
    const home = zips[agent.zips[0]!]!;
    const [first, last] = agent.name;
    const userId = crypto.randomUUID();
    const agentPhone = phoneOf(rnd);
    const signedUp = new Date(now - rnd.int(150, 700) * DAY).toISOString();
    users.push({
      id: userId,
      email,
      name: `${first} ${last}`,
      password_hash: passwordHash,
      is_verified: true,
      is_agent: true,
    });
    agents.push({
      id: agent.id,
      user_id: userId,
      agent_number: 50_000 + k,
      agent: `${first} ${last}`,
      agent_first_name: first,
      agent_last_name: last,
      agent_uri: `bench-agent-${n}`,
      agent_email: email,
      agent_phone: agentPhone,
      brokerage: rnd.pick(BROKERAGES),
      located_in: `${home.city}, ${home.state}`,
      timezone: ZONES[home.state] ?? 'America/New_York',
      service_area_name: `${home.county} County area`,
      states: [{ short: home.state, long: STATE_NAME.get(home.state) ?? home.state }],
      states_serviced: [home.state],
      zipcodes: agent.zips.map((z) => zips[z]!.zip),
      excluded_zips: [...agent.excludedZips],
      excluded_cities: agent.excludedCities.size
        ? [...agent.excludedCities].map((city_name) => ({ city_name }))
        : null,
      ...Object.fromEntries(LEAD_TYPES.map((type) => [type, !agent.nichesOff.has(type)])),
      agent_status: 'active',
      signup_status: 'complete',
      sign_up_date: signedUp,
      onboarding_date: signedUp,
    });
    recipients.push({
      agent_id: agent.id,
      first_name: first,
      last_name: last,
      phone_number: agentPhone,
      email,
      send_sms: true,
      send_email: true,
      phone_call: true,
      is_primary: true,
      is_agent: true,
    });
  });
  return { users, agents, recipients };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A lead's life after delivery (ADR 60), as the work queue reads it: a stage that follows the
 * status; a first contact minutes to a day after arrival for all but the newest active leads;
 * next actions on four in five contacted active leads, from three days overdue to a week ahead.
 */
function lifeOf(rnd: Rnd, status: string, created: number, now: number): Record<string, unknown> {
  // Every row has every column: the insert takes its column list from the first row.
  const life: Record<string, unknown> = {
    stage: 'new',
    first_contact_at: null,
    last_activity_at: null,
    next_action_at: null,
    next_action: '',
    lost_reason: null,
    hold_until: null,
  };
  if (status === 'closed') {
    return { ...life, stage: 'closed', first_contact_at: iso(created + rnd.int(5, 600) * 60_000) };
  }
  if (status === 'archived') {
    const held = rnd.next() < 0.3;
    return {
      ...life,
      stage: held ? 'on_hold' : 'lost',
      lost_reason: held ? null : rnd.pick(LOST_REASONS.filter((reason) => reason !== 'other')),
      hold_until: held ? iso(now + rnd.int(5, 150) * DAY).slice(0, 10) : null,
      first_contact_at: iso(created + rnd.int(5, 1440) * 60_000),
    };
  }
  if (rnd.next() < 0.2) return life;
  const contact = Math.min(now, created + rnd.int(2, 1440) * 60_000);
  return {
    ...life,
    stage: rnd.pick(ACTIVE_STAGES.slice(1)),
    first_contact_at: iso(contact),
    last_activity_at: iso(contact),
    next_action_at: rnd.next() < 0.8 ? iso(now + rnd.int(-3 * 24 * 60, 7 * 24 * 60) * 60_000) : null,
    next_action: 'Call back',
  };
}

/** Leads are made and written this many at a time, so memory stays bounded at any size. */
const LEAD_CHUNK = 20_000;

/**
 * About 1% unassigned; the rest shared by agent weight (0.5 to 1.5 of the mean), in their areas.
 * Handed to `flush` LEAD_CHUNK rows at a time, in the same order whatever the chunk size.
 */
async function leadRows(
  size: BenchSize,
  planned: PlannedAgent[],
  zips: BenchZip[],
  coverage: Uint8Array,
  rnd: Rnd,
  now: number,
  flush: (rows: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  const unassigned = Math.round(size.leads / 100);
  const weights = planned.map(() => 0.5 + rnd.next());
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor(((size.leads - unassigned) * w) / total));
  let rest = size.leads - unassigned - shares.reduce((a, b) => a + b, 0);
  for (let k = 0; rest > 0; k = (k + 1) % shares.length, rest--) shares[k]! += 1;

  let leads: Record<string, unknown>[] = [];
  let made = 0;
  const makeLead = (agent: PlannedAgent | null) => {
    let at = rnd.int(0, size.zips - 1);
    let types: readonly LeadType[] = LEAD_TYPES;
    if (agent) {
      for (let tries = 0; tries < 8; tries++) {
        at = rnd.pick(agent.zips);
        if (!agent.excludedZips.has(zips[at]!.zip) && !agent.excludedCities.has(zips[at]!.city)) break;
      }
      types = LEAD_TYPES.filter((type) => !agent.nichesOff.has(type));
    }
    const place = zips[at]!;
    const [first, last] = [rnd.pick(FIRST), rnd.pick(LAST)];
    const kind = rnd.next();
    const email =
      kind < 0.05
        ? ''
        : `${first}.${last.replace(/\W/g, '')}${rnd.int(1, 99)}@example.${rnd.pick(['com', 'net', 'org'])}`;
    const values = {
      firstName: first,
      lastName: last,
      phone: kind > 0.85 ? '' : phoneOf(rnd),
      email: email.toLowerCase(),
      street: `${rnd.int(100, 9899)} ${rnd.pick(STREETS)} ${rnd.pick(SUFFIXES)}`,
      city: place.city,
      state: place.state,
      zip: place.zip,
    };
    if (!values.phone && !values.email) values.phone = phoneOf(rnd);
    const created = now - rnd.next() * 120 * DAY;
    const roll = rnd.next();
    const status = roll < 0.65 ? 'active' : roll < 0.9 ? 'archived' : 'closed';
    const updated = status === 'active' ? created : created + rnd.next() * (now - created);
    const candidates = agent ? Math.max(1, coverage[at]!) : 0;
    const salePrice = rnd.int(120, 950) * 1000;
    const life = lifeOf(rnd, status, created, now);
    leads.push({
      agent_id: agent?.id ?? null,
      lead_type: rnd.pick(types),
      status,
      first_name: values.firstName,
      last_name: values.lastName,
      phone: values.phone,
      email: values.email,
      street: values.street,
      city: values.city,
      state: values.state,
      zip: values.zip,
      county: place.county,
      source: rnd.pick(SOURCES),
      external_id: `bench-${++made}`,
      notes: rnd.pick(NOTES),
      routing: agent
        ? {
            decision: 'assigned',
            reason: `Routed to the fewest leads in the last 30 days, among ${candidates} eligible agents for ZIP ${place.zip}.`,
            candidates,
            decidedAt: new Date(created).toISOString(),
          }
        : {
            decision: 'unassigned',
            reason: `No agent serves ZIP ${place.zip}.`,
            candidates: 0,
            decidedAt: new Date(created).toISOString(),
          },
      closing_date:
        status === 'closed'
          ? new Date(Math.min(now, created + rnd.int(20, 90) * DAY)).toISOString().slice(0, 10)
          : null,
      sale_price: status === 'closed' ? salePrice : null,
      gross_commission:
        status === 'closed' ? Math.round(salePrice * (0.025 + rnd.next() * 0.005) * 100) / 100 : null,
      search_text: searchTextOf(values),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
      ...life,
    });
  };
  const next = async (agent: PlannedAgent | null) => {
    makeLead(agent);
    if (leads.length < LEAD_CHUNK) return;
    const full = leads;
    leads = [];
    await flush(full);
  };
  for (const [k, agent] of planned.entries()) {
    for (let n = 0; n < shares[k]!; n++) await next(agent);
  }
  for (let n = 0; n < unassigned; n++) await next(null);
  if (leads.length > 0) await flush(leads);
}

export interface GenerateOptions {
  log?: (line: string) => void;
  /**
   * Completes each lead row before it is written, in the order they are made (the scale bench
   * adds when the lead was assigned and last worked). It must give every row the same columns.
   */
  complete?: (lead: Record<string, unknown>) => void;
}

/** `n` as 1,234,567. */
const count = (n: number) => n.toLocaleString('en-US');

/** A progress line at most every 10 s: rows so far, rate, time left. */
function progressOf(total: number, log: (line: string) => void) {
  const started = performance.now();
  let shown = started;
  return (done: number) => {
    const now = performance.now();
    if (now - shown < 10_000 && done < total) return;
    shown = now;
    const rate = done / ((now - started) / 1000);
    const left = Math.round((total - done) / Math.max(rate, 1));
    log(
      `  leads: ${count(done)} of ${count(total)} (${Math.round((done / total) * 100)}%), ` +
        `${count(Math.round(rate))} rows/s, ${Math.floor(left / 60)} min ${left % 60} s left`,
    );
  };
}

/**
 * Writes the data of `size` unless it is already there (counted); answers whether it wrote it.
 * Users, agents and recipients in one transaction, then the leads in chunks, each committed: an
 * interrupted run leaves counts that differ, and the next one replaces everything.
 */
export async function generateLeadsData(
  db: Db,
  size: BenchSize,
  options: GenerateOptions = {},
): Promise<boolean> {
  const { log = console.log, complete } = options;
  const started = performance.now();
  const before = await existing(db);
  if (before.agents === size.agents && before.leads === size.leads) {
    log(`bench data already there (${size.agents} agents, ${size.leads} leads): generation skipped`);
    return false;
  }
  const rnd = random(20261121);
  const zips = await benchZips(size.zips);
  const now = Date.now();
  const { planned, coverage } = planAgents(size, zips, rnd);
  const { users, agents, recipients } = agentRows(
    planned,
    zips,
    rnd,
    await hashPassword(BENCH_PASSWORD),
    now,
  );

  await db.transaction(async (tx) => {
    if (before.agents > 0 || before.leads > 0) {
      log('bench data of another size found: replacing it');
      await removeIntakeLeads(tx);
      await tx.execute(sql`delete from leads where external_id like 'bench-%'`);
      await tx.execute(sql`delete from users where email like ${`%@${BENCH_EMAIL_DOMAIN}`}`);
    }
    await insertRows(tx, 'users', users);
    await insertRows(tx, 'agents', agents, 1000);
    await insertRows(tx, 'recipients', recipients);
  });
  const progress = progressOf(size.leads, log);
  let written = 0;
  await leadRows(size, planned, zips, coverage, rnd, now, async (rows) => {
    if (complete) for (const row of rows) complete(row);
    await db.transaction((tx) => insertRows(tx, 'leads', rows));
    written += rows.length;
    progress(written);
  });
  await refreshAgentStats(db);
  // As autovacuum would: fresh statistics, and the ZIP index's pending list merged (a GIN index
  // written in bulk keeps its new entries in a list that every lookup reads until a vacuum).
  await db.execute(sql`vacuum analyze users, agents, recipients, leads`);

  const served = [0, 0, 0, 0];
  for (const c of coverage) served[c === 0 ? 0 : c === 1 ? 1 : c <= 5 ? 2 : 3]! += 1;
  const share = (n: number) => `${((n / size.zips) * 100).toFixed(1)}%`;
  log(
    `generated ${size.agents} agents, ${size.zips} ZIPs, ${size.leads} leads in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(ZIPs served by 0 agents: ${share(served[0]!)}, 1: ${share(served[1]!)}, 2-5: ${share(served[2]!)}, 6+: ${share(served[3]!)})`,
  );
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { loadConfig } = await import('../src/config');
  const { closeRuntime, openRuntime } = await import('../src/runtime');
  const deps = await openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
  const scale = Number(process.env.BENCH_LEADS_SCALE ?? 1);
  await generateLeadsData(deps.database.db, scale === 1 ? FULL_SIZE : scaledSize(scale));
  await closeRuntime(deps);
}
