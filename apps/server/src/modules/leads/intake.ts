import type { Lead, LeadIntake, RoutingDecision } from '@portal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor, Tx } from '../../db/client';
import { type RawStatement, runRaw } from '../../db/raw';
import { type LeadRow, leadEvents, leads } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, isDatabaseDown } from '../../lib/errors';
import { type ComputedColumns, jsonInsert, rowsOf } from '../../lib/json-insert';
import { dispatch, insertMessages } from '../../lib/outbox';
import { Together } from '../../lib/together';
import { uuidv7 } from '../../lib/uuid';
import { geoDataset } from '../geo/dataset';
import { type DeliveryPerson, leadDeliveries } from './delivery';
import { acceptanceMinutes, holderColumns, insertOffersSql } from './offers';
import { decideRoutingMany } from './routing';
import { searchTextOf, toLead } from './serialize';
import { agentStatsAfterNewLeads, agentStatsUpdate } from './stats';

/** Who posted: an API client (its key row) or a superuser's CSV import (no key). */
export interface IntakeClient {
  id: string | null;
  name: string;
}

export interface IntakeResult {
  /** 201 for a new lead; a replay answers as the first request did (201) or 200 for a known external id. */
  status: 200 | 201;
  replayed: boolean;
  lead: Lead;
}

/** The same fields in the same order, whatever the client's key order or spacing. */
export const hashIntake = (input: LeadIntake) =>
  sha256(
    JSON.stringify(
      Object.keys(input)
        .sort()
        .map((key) => [key, input[key as keyof LeadIntake]]),
    ),
  );

const EXTERNAL_ID_TAKEN =
  'Another client already posted a lead with this source and external_id. Use your own source name.';

const IDEMPOTENCY_MISMATCH =
  'This Idempotency-Key was already used with a different body. Use a new key for a new lead.';

async function findReplay(
  db: Executor,
  apiKey: IntakeClient,
  source: string,
  input: LeadIntake,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<IntakeResult | null> {
  if (idempotencyKey && apiKey.id) {
    const [row] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.apiKeyId, apiKey.id), eq(leads.idempotencyKey, idempotencyKey)));
    if (row) {
      if (row.requestHash !== requestHash) throw new AppError('unprocessable', IDEMPOTENCY_MISMATCH);
      return { status: 201, replayed: true, lead: toLead(row, 'office') };
    }
  }
  if (input.external_id) {
    const [row] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.source, source), eq(leads.externalId, input.external_id)));
    if (row) {
      // Only the client that posted a lead gets it back; another one learns nothing about it.
      if (row.apiKeyId !== apiKey.id) throw new AppError('conflict', EXTERNAL_ID_TAKEN);
      return { status: 200, replayed: true, lead: toLead(row, 'office') };
    }
  }
  return null;
}

/** One lead on its way in, with what its transaction needs. */
export interface Submission {
  apiKey: IntakeClient;
  input: LeadIntake;
  idempotencyKey?: string;
  actor: 'api' | 'import';
  source: string;
  requestHash: string;
  /** The place fields the intake took from the ZIP code because the client left them empty. */
  fromZip?: PlaceField[];
}

type PlaceField = 'city' | 'county' | 'state';

/**
 * The city, county and state of the lead's ZIP code (the service area's dataset, ADR 12) where the
 * client sent none; what the client sent is kept. Nothing is filled when the client's state is
 * another than the ZIP's. The dataset not loading costs the lead nothing but the filling.
 */
export async function placeOfZip(input: LeadIntake): Promise<{ input: LeadIntake; filled: PlaceField[] }> {
  if (input.city && input.county && input.state) return { input, filled: [] };
  const place = await geoDataset().then(
    (dataset) => dataset.zip(input.zip),
    () => undefined,
  );
  if (!place || (input.state && input.state !== place.state)) return { input, filled: [] };
  const found: Record<PlaceField, string> = { city: place.city, county: place.county, state: place.state };
  const filled = (['city', 'county', 'state'] as const).filter((field) => !input[field] && found[field]);
  const next = { ...input };
  for (const field of filled) next[field] = found[field];
  return { input: next, filled };
}

type IntakeOptions = {
  apiKey: IntakeClient;
  input: LeadIntake;
  idempotencyKey?: string;
  actor?: 'api' | 'import';
};

/** What the intake's transaction needs of a lead posted with these options. */
export const submissionOf = (options: IntakeOptions): Submission => ({
  apiKey: options.apiKey,
  input: options.input,
  idempotencyKey: options.idempotencyKey,
  actor: options.actor ?? 'api',
  source: options.input.source ?? options.apiKey.name,
  requestHash: hashIntake(options.input),
});

/**
 * POST /api/v1/leads: validates (done by the route), replays a retry, else routes the lead,
 * stores it with the decision, queues its deliveries and counts it in the agent's statistics, all
 * in one transaction, which it shares with the other leads that came in meanwhile (IntakeQueue);
 * the dispatcher sends the deliveries from the outbox after commit (ADR 18).
 */
export async function intakeLead(deps: AppDeps, options: IntakeOptions): Promise<IntakeResult> {
  const submission = submissionOf(options);
  const { apiKey, input, idempotencyKey, source, requestHash } = submission;
  const db = deps.database.db;

  const early = await findReplay(db, apiKey, source, input, idempotencyKey, requestHash);
  if (early) return early;

  // The request's hash stays the client's own body's: a retry is recognised as it was sent.
  const place = await placeOfZip(input);
  const stored = await intakeQueueOf(deps).submit('', {
    ...submission,
    input: place.input,
    fromZip: place.filled,
  });
  if ('error' in stored) throw stored.error;
  const { row } = stored;
  if (!row) {
    // A twin (same key or external id) was stored first, by another request or in this batch.
    const replay = await findReplay(db, apiKey, source, input, idempotencyKey, requestHash);
    if (replay) return replay;
    throw new AppError(
      'conflict',
      'A lead with this Idempotency-Key or external_id is being created; retry.',
    );
  }
  return { status: 201, replayed: false, lead: toLead(row, 'office') };
}

/**
 * Group commit for the intake (ADR 45, lib/together.ts): the leads that come in while a
 * transaction is storing others go together in the next one, a handful of statements for all of
 * them. INTAKE_LANES transactions at a time per process. If the database refuses a batch's data (a
 * constraint, a deadlock with another process's batch: nothing was committed), each of its
 * leads is stored again on its own, so one lead's fault is its own answer. Any other failure (the
 * database gone, a commit whose outcome is unknown) is every lead's answer, as it was one lead's.
 */
async function storeTogether(deps: AppDeps, batch: Submission[]): Promise<Stored[]> {
  const progress = { committing: false };
  try {
    const { rows, messageIds } = await storeLeads(deps, batch, progress);
    if (messageIds.length > 0) dispatch(deps.queue);
    return rows.map((row) => ({ row }));
  } catch (error) {
    // Failed before its commit, the batch left nothing behind: each lead is stored on its own,
    // unless the database is gone. A failed commit may have committed: every lead gets its error.
    if (batch.length === 1 || progress.committing || isDatabaseDown(error)) throw error;
    const each: Stored[] = [];
    for (const submission of batch) {
      const last = each.at(-1);
      if (last && 'error' in last && isDatabaseDown(last.error)) {
        each.push(last);
        continue;
      }
      try {
        each.push(...(await storeTogether(deps, [submission])));
      } catch (own) {
        each.push({ error: own });
      }
    }
    return each;
  }
}

/** A lead's row (null: a twin won), or the error that is its answer alone. */
type Stored = { row: LeadRow | null } | { error: unknown };

/** Leads stored per transaction at most (one JSON parameter for the leads, one for their messages). */
const BATCH_LIMIT = 50;

/**
 * Intake transactions at once per process (ADR 70): while one waits on the database (its round
 * trips, its commit's flush), the next batch is routed and written beside it, as another
 * process's would be. The ZIPs' locks and the id order of agents' rows keep them apart; twins
 * (one key or external id) in both are decided by the unique indexes, and a deadlock between them
 * ends one round, whose leads are stored again one by one (storeTogether).
 */
const INTAKE_LANES = 2;

const queues = new WeakMap<AppDeps, Together<Submission, Stored>>();

/** This process's intake queue for these dependencies (one per app). */
export function intakeQueueOf(deps: AppDeps): Together<Submission, Stored> {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new Together((_, batch) => storeTogether(deps, batch), BATCH_LIMIT, INTAKE_LANES);
    queues.set(deps, queue);
  }
  return queue;
}

/** What makes two submissions the same lead: the client's Idempotency-Key, the source's id. */
function twinKeys(submission: Submission): string[] {
  const keys: string[] = [];
  if (submission.idempotencyKey && submission.apiKey.id) {
    keys.push(`key ${submission.apiKey.id} ${submission.idempotencyKey}`);
  }
  if (submission.input.external_id) keys.push(`id ${submission.source} ${submission.input.external_id}`);
  return keys;
}

/**
 * Every ZIP's lock, taken in one order by every writer (their hashes, ascending), so that two
 * batches cannot each hold a ZIP the other waits for. Leads for one ZIP are routed one at a
 * time, so two at once cannot both see the same counts.
 */
const LOCK_ZIPS: RawStatement = {
  name: 'intake_lock_zips_v1',
  text: `select pg_advisory_xact_lock(s.h) from (
      select distinct hashtext('lead-zip:' || z) as h from unnest($1::text[]) z order by 1) s`,
};

interface AgentForDelivery {
  id: string;
  /** The statistics took the new leads in (agentStatsAfterNewLeads). */
  counted: boolean;
  name: string | null;
  first: string | null;
  last: string | null;
  timezone: string | null;
  crm_email: string;
  has_recipients: boolean;
  people: DeliveryPerson[];
}

/**
 * Stores a batch in one transaction: the ZIPs' locks, every routing decision (one statement,
 * each lead counted for the next), the leads (one insert), then one statement for their first
 * timeline events, their agents' statistics, names and active recipients, and every delivery in
 * one insert. Answers each submission's row, or null where a twin won: one committed before
 * (the unique indexes) or one earlier in the batch.
 */
async function storeLeads(
  deps: AppDeps,
  batch: Submission[],
  progress: { committing: boolean },
): Promise<{ rows: (LeadRow | null)[]; messageIds: string[] }> {
  const rows: (LeadRow | null)[] = batch.map(() => null);
  const seen = new Set<string>();
  const fresh = batch.flatMap((submission, index) => {
    const keys = twinKeys(submission);
    if (keys.some((key) => seen.has(key))) return [];
    for (const key of keys) seen.add(key);
    return [index];
  });
  if (fresh.length === 0) return { rows, messageIds: [] };
  const items = fresh.map((index) => batch[index]!);

  const messageIds = await deps.database.db.transaction(async (tx) => {
    const ids = await writeBatch(deps, tx, items, fresh, rows);
    progress.committing = true;
    return ids;
  });
  return { rows, messageIds };
}

/** storeLeads' statements, in its transaction; fills `rows` (by the batch's index) as it goes. */
async function writeBatch(
  deps: AppDeps,
  tx: Tx,
  items: Submission[],
  fresh: number[],
  rows: (LeadRow | null)[],
): Promise<string[]> {
  await runRaw(tx, LOCK_ZIPS, [[...new Set(items.map((item) => item.input.zip))]]);
  const decisions = await decideRoutingMany(
    tx,
    items.map((item) => item.input),
    { officeZone: deps.config.onboardingCalls.officeTimezone },
  );
  // Offered to the agent for the acceptance window, or theirs at once (ADR 62).
  const holder = holderColumns(await acceptanceMinutes(tx));
  // Each lead its own time, in the order they were routed (now() is the transaction's); a lead
  // routed to an agent gets the holder's columns, an unassigned one their defaults.
  const computed: ComputedColumns<typeof leads> = {
    createdAt: sql`clock_timestamp()`,
    updatedAt: sql`clock_timestamp()`,
  };
  for (const [key, value] of Object.entries(holder) as [keyof typeof holder, SQL | null][]) {
    if (value) computed[key] = sql`case when r.agent_id is not null then ${value} end`;
  }
  const values = items.map(({ input, apiKey, source, idempotencyKey, requestHash }, index) => {
    const decision = decisions[index]!;
    const lead = {
      id: uuidv7(),
      agentId: decision.agentId,
      leadType: input.lead_type,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      email: input.email,
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      county: input.county,
      source,
      externalId: input.external_id ?? null,
      notes: input.notes,
      routing: {
        decision: decision.agentId ? ('assigned' as const) : ('unassigned' as const),
        reason: decision.reason,
        candidates: decision.candidates,
        decidedAt: new Date().toISOString(),
      },
      apiKeyId: apiKey.id,
      idempotencyKey: idempotencyKey ?? null,
      requestHash,
    };
    return { ...lead, searchText: searchTextOf(lead) };
  });
  // A twin committed meanwhile (same key or external id) wins the unique index: no row here.
  const inserted = new Map(
    rowsOf(
      leads,
      await tx.execute(sql`${jsonInsert(leads, values, computed)} on conflict do nothing returning *`),
    ).map((row) => [row.id, row]),
  );
  if (inserted.size === 0) return [];
  const stored: { row: LeadRow; item: Submission; decision: RoutingDecision }[] = [];
  values.forEach((value, index) => {
    const row = inserted.get(value.id);
    rows[fresh[index]!] = row ?? null;
    if (row) stored.push({ row, item: items[index]!, decision: decisions[index]! });
  });

  const events = sql`insert into ${leadEvents} (lead_id, kind, actor_type, actor_name, details)
    select e.lead_id, e.kind, e.actor_type, e.actor_name, e.details
    from json_to_recordset(${JSON.stringify([
      ...stored.map(({ row, item, decision }) => ({
        lead_id: row.id,
        kind: row.agentId ? 'routed' : 'unassigned',
        actor_type: item.actor === 'import' ? 'system' : 'api',
        actor_name: item.apiKey.name,
        details: { reason: decision.reason, candidates: decision.candidates, agent_id: row.agentId },
      })),
      ...stored.flatMap(({ row, item }) =>
        item.fromZip?.length
          ? [
              {
                lead_id: row.id,
                kind: 'zip_details',
                actor_type: 'system',
                actor_name: null,
                details: { fields: item.fromZip, zip: row.zip },
              },
            ]
          : [],
      ),
    ])}::json) as e(lead_id uuid, kind text, actor_type text, actor_name text, details jsonb)`;
  const perAgent = new Map<string, number>();
  for (const { row } of stored) {
    if (row.agentId) perAgent.set(row.agentId, (perAgent.get(row.agentId) ?? 0) + 1);
  }
  if (perAgent.size === 0) {
    await tx.execute(events);
    return [];
  }
  // One statement for the rest of what the leads need before their deliveries: the events,
  // the offers, the agents' statistics, their names and active recipients.
  const offers = insertOffersSql(stored.flatMap(({ row }) => (row.agentId ? [row.id] : [])));
  const agents = new Map(
    (
      (await tx.execute(sql`
        with event as (${events}), offer as (${offers}), stats as (${agentStatsAfterNewLeads(perAgent)})
        select a.id, a.agent as name, a.agent_first_name as first, a.agent_last_name as last,
          a.timezone, a.crm_email, a.id in (select id from stats) as counted,
          exists (select 1 from recipients r where r.agent_id = a.id) as has_recipients,
          (select coalesce(json_agg(json_build_object('id', r.id, 'sendSms', r.send_sms,
              'phoneNumber', r.phone_number, 'sendEmail', r.send_email, 'email', r.email,
              'phoneCall', r.phone_call) order by r.position, r.created_at), '[]'::json)
            from recipients r where r.agent_id = a.id and r.is_active) as people
        from agents a where a.id = any(${`{${[...perAgent.keys()].join(',')}}`}::uuid[])`)) as unknown as {
        rows: AgentForDelivery[];
      }
    ).rows.map((agent) => [agent.id, agent]),
  );
  // Counts never computed for an agent: the full count, which sees the leads inserted above.
  for (const agentId of perAgent.keys()) {
    if (!agents.get(agentId)?.counted) await tx.execute(agentStatsUpdate(agentId));
  }
  const messages = [];
  for (const { row } of stored) {
    if (!row.agentId) continue;
    const agent = agents.get(row.agentId);
    const name = agent?.name || `${agent?.first ?? ''} ${agent?.last ?? ''}`.trim();
    messages.push(
      ...(await leadDeliveries(
        tx,
        deps.config,
        row,
        { name, timezone: agent?.timezone, crmEmail: agent?.crm_email },
        // An agent without any recipient yet gets its own row first (the usual path does it).
        agent?.has_recipients ? agent.people : undefined,
      )),
    );
  }
  // Every delivery of the batch in one insert (one JSON parameter, whatever their number).
  const ids = await insertMessages(tx, messages);
  return ids;
}
