import type { LeadDetail, RoutingDecision } from '@portal/shared';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Config } from '../../config';
import type { Executor, Tx } from '../../db/client';
import { type RawStatement, runRaw } from '../../db/raw';
import { agents, type LeadRow, leadEvents, leadOffers, leads, outboxMessages } from '../../db/schema';
import { formatDateTime } from '../../emails/format';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { dispatch, insertMessages } from '../../lib/outbox';
import { readSettings } from '../../lib/settings';
import { agentZone } from './calendar';
import { crmCopy, type DeliveryPerson, deliveryPeople, leadDeliveries } from './delivery';
import { decideRouting, decideRoutingMany } from './routing';
import { refreshAgentStats } from './stats';
import { findLead, getLead, type LeadScope, scopeFilter } from './workspace';

/**
 * Offers (DESIGN.md section 11, ADR 62): a routed lead is offered to its agent for the console's
 * acceptance window; the agent (or a recipient) accepts it or passes, an offer not accepted in
 * time lapses, and an accepted lead can be released. A lead passed, lapsed or released is routed
 * again with every agent that already had it left out. `leads.agent_id` stays the one holder;
 * `lead_offers` keeps every offer and its outcome.
 */

/** Who gives a lead its holder or answers an offer, as the timeline names them. */
export interface OfferActor {
  type: 'user' | 'recipient' | 'system' | 'api';
  id: string | null;
  name: string | null;
}

const SYSTEM: OfferActor = { type: 'system', id: null, name: null };

/** A routing decision, or the console's hand (`manual`: accepted at once, offers do not apply). */
export type HolderDecision = Pick<RoutingDecision, 'reason' | 'candidates'> & {
  decision?: 'assigned' | 'manual';
};

/** The acceptance window in minutes: 0 when offers are off. */
export async function acceptanceMinutes(db: Executor): Promise<number> {
  return (await readSettings(db)).routing.acceptance_minutes;
}

/**
 * The columns of a lead that gets a holder: when, and either the offer's deadline (offers on)
 * or its acceptance (offers off). Each lead its own time (clock_timestamp), as the intake's.
 */
export function holderColumns(minutes: number) {
  return minutes > 0
    ? {
        assignedAt: sql`clock_timestamp()`,
        offerExpiresAt: sql`clock_timestamp() + make_interval(mins => ${minutes}::int)`,
        acceptedAt: null,
      }
    : { assignedAt: sql`clock_timestamp()`, offerExpiresAt: null, acceptedAt: sql`clock_timestamp()` };
}

/**
 * One offer row per lead that has a holder, from the lead as written: open (with its deadline)
 * or, with offers off, accepted at once (no deadline). One statement for any number of leads;
 * the intake runs it inside its own.
 */
export function insertOffersSql(leadIds: string[]) {
  return sql`insert into ${leadOffers}
      (lead_id, agent_id, offered_at, expires_at, outcome, decided_at, decided_by_type)
    select l.id, l.agent_id, l.assigned_at, l.offer_expires_at,
      case when l.offer_expires_at is null then 'accepted' end,
      case when l.offer_expires_at is null then l.assigned_at end,
      case when l.offer_expires_at is null then 'system' end
    from ${leads} l
    where l.id = any(${`{${leadIds.join(',')}}`}::uuid[]) and l.agent_id is not null`;
}

/**
 * Gives the lead its holder (DESIGN.md section 11): the agent, when (`assigned_at`), and an
 * open offer until `acceptance_minutes` from now, or accepted at once with offers off or by the
 * console's hand (`decision: 'manual'`). Writes the offer row and the `routed` event, in the
 * caller's transaction; the caller has locked the lead and queues its deliveries.
 */
export async function assignLead(
  tx: Tx,
  lead: LeadRow,
  agentId: string,
  decision: HolderDecision,
  actor: OfferActor,
): Promise<LeadRow> {
  const kind = decision.decision ?? 'assigned';
  const minutes = kind === 'manual' ? 0 : await acceptanceMinutes(tx);
  const [row] = await tx
    .update(leads)
    .set({
      agentId,
      ...holderColumns(minutes),
      routing: {
        decision: kind,
        reason: decision.reason,
        candidates: decision.candidates,
        decidedAt: new Date().toISOString(),
      },
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, lead.id))
    .returning();
  await tx.execute(insertOffersSql([lead.id]));
  await tx.insert(leadEvents).values({
    leadId: lead.id,
    kind: 'routed',
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    details: { reason: decision.reason, candidates: decision.candidates, agent_id: agentId, decision: kind },
    createdAt: sql`clock_timestamp()`,
  });
  return row!;
}

/**
 * The holder's offers of these leads still without an outcome get one; a release turns the
 * accepted offer into a released one (accepted, then handed back).
 */
async function closeOffers(
  tx: Executor,
  leadIds: string[],
  outcome: 'accepted' | 'passed' | 'lapsed' | 'released' | null,
  actor: OfferActor,
  reason: string,
  agentId?: string,
): Promise<void> {
  await tx
    .update(leadOffers)
    .set({
      outcome,
      decidedAt: sql`now()`,
      decidedByType: actor.type === 'api' ? 'system' : actor.type,
      decidedById: actor.id,
      decidedByName: actor.name,
      reason,
    })
    .where(
      and(
        inArray(leadOffers.leadId, leadIds),
        // Open: no outcome and not decided (the console's move by hand decides without one).
        outcome === 'released'
          ? eq(leadOffers.outcome, 'accepted')
          : and(isNull(leadOffers.outcome), isNull(leadOffers.decidedAt)),
        agentId ? eq(leadOffers.agentId, agentId) : undefined,
      ),
    );
}

/**
 * The console moves a lead by hand: the former holder's open offer ends, decided by the console
 * with its reason and without an outcome (the agent neither accepted it nor let it go).
 */
export async function endOfferByHand(
  tx: Tx,
  lead: LeadRow,
  actor: OfferActor,
  reason: string,
): Promise<void> {
  if (lead.agentId) await closeOffers(tx, [lead.id], null, actor, reason, lead.agentId);
}

/**
 * Every ZIP's lock in the intake's order (hashes ascending, as `intake_lock_zips_v1`), so that
 * a lead routed again is counted like one routed by the intake, and neither waits on the other
 * in a circle.
 */
const LOCK_ZIPS: RawStatement = {
  name: 'offers_lock_zips_v1',
  text: `select pg_advisory_xact_lock(s.h) from (
      select distinct hashtext('lead-zip:' || z) as h from unnest($1::text[]) z order by 1) s`,
};

/** What a lead routed again forgets of its former holder's work (ADR 62); its activities stay. */
const FRESH_WORK = sql`stage = 'new', status = 'active', next_action_at = null, next_action = '',
  opened_at = null, first_contact_at = null, hold_until = null, lost_reason = null,
  lost_reason_text = ''`;

interface AgentForDelivery {
  id: string;
  name: string;
  timezone: string | null;
  crm_email: string;
  has_recipients: boolean;
  people: DeliveryPerson[];
}

/**
 * Routes these leads again (their holder passed, let the offer lapse or released them), in the
 * caller's transaction, the leads locked and their offers closed: one decision each with every
 * agent that ever had the lead left out, then a handful of statements for all of them (the new
 * holders, their offers, the timeline's `routed` or `unassigned`, the deliveries, the agents'
 * statistics). A lead with nobody left goes to the console's unassigned leads. Answers the
 * messages to dispatch after commit.
 */
export async function rerouteLeads(
  deps: AppDeps,
  tx: Tx,
  rows: LeadRow[],
  /** The agents whose statistics the caller refreshes later (a sweep: once for all its batches). */
  laterStats?: Set<string>,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const idArray = `{${ids.join(',')}}`;
  await runRaw(tx, LOCK_ZIPS, [[...new Set(rows.map((row) => row.zip))]]);
  const had = new Map(
    (
      (await tx.execute(sql`
        select lead_id, array_agg(distinct agent_id::text) as agents from ${leadOffers}
        where lead_id = any(${idArray}::uuid[]) group by lead_id`)) as unknown as {
        rows: { lead_id: string; agents: string[] }[];
      }
    ).rows.map((row) => [row.lead_id, row.agents]),
  );
  const minutes = await acceptanceMinutes(tx);
  const wanted = rows.map((row) => ({
    zip: row.zip,
    city: row.city,
    lead_type: row.leadType as RoutingLeadType,
    exclude: [...new Set([...(had.get(row.id) ?? []), ...(row.agentId ? [row.agentId] : [])])],
  }));
  // One lead: the usual decision. Several (a sweep): one statement for their candidates, each
  // decision counting the leads given before it, as the intake's batch.
  const officeZone = deps.config.onboardingCalls.officeTimezone;
  const chosen: RoutingDecision[] =
    wanted.length === 1
      ? [await decideRouting(tx, wanted[0]!, { exclude: wanted[0]!.exclude, officeZone })]
      : await decideRoutingMany(tx, wanted, { officeZone });
  const now = new Date().toISOString();
  const decisions = rows.map((row, index) => {
    const decision = chosen[index]!;
    const kind = decision.agentId ? 'assigned' : 'unassigned';
    return {
      id: row.id,
      agent_id: decision.agentId,
      routing: { decision: kind, reason: decision.reason, candidates: decision.candidates, decidedAt: now },
      details: {
        reason: decision.reason,
        candidates: decision.candidates,
        agent_id: decision.agentId,
        decision: kind,
      },
    };
  });
  const values = JSON.stringify(decisions.map(({ id, agent_id, routing }) => ({ id, agent_id, routing })));
  const offered = minutes > 0;
  await tx.execute(sql`
    update ${leads} l set agent_id = v.agent_id, routing = v.routing,
      assigned_at = case when v.agent_id is null then null else clock_timestamp() end,
      offer_expires_at = case when v.agent_id is not null and ${offered}::boolean
        then clock_timestamp() + make_interval(mins => ${minutes}::int) end,
      accepted_at = case when v.agent_id is not null and not ${offered}::boolean
        then clock_timestamp() end,
      ${FRESH_WORK}, updated_at = now()
    from json_to_recordset(${values}::json) as v(id uuid, agent_id uuid, routing jsonb)
    where l.id = v.id`);
  await tx.execute(sql`
    with offer as (${insertOffersSql(ids)})
    insert into ${leadEvents} (lead_id, kind, actor_type, details, created_at)
    select e.lead_id, case when e.details->>'agent_id' is null then 'unassigned' else 'routed' end,
      'system', e.details, clock_timestamp()
    from json_to_recordset(${JSON.stringify(
      decisions.map(({ id, details }) => ({ lead_id: id, details })),
    )}::json) as e(lead_id uuid, details jsonb)`);

  const fresh = await tx.select().from(leads).where(inArray(leads.id, ids));
  const holders = [...new Set(fresh.flatMap((row) => (row.agentId ? [row.agentId] : [])))];
  const messages = await deliveriesOf(deps.config, tx, fresh, holders);
  const touched = [...new Set([...holders, ...rows.flatMap((row) => (row.agentId ? [row.agentId] : []))])];
  if (laterStats) for (const agentId of touched) laterStats.add(agentId);
  else await refreshAgentStats(tx, touched);
  // Every delivery in one insert: one JSON parameter, whatever their number.
  return insertMessages(tx, messages);
}

type RoutingLeadType = Parameters<typeof decideRouting>[1]['lead_type'];

/**
 * The deliveries of leads given new holders, in the intake's way: one statement for every
 * holder's name and active recipients; a holder without any recipient yet gets its own first.
 */
async function deliveriesOf(config: Config, tx: Tx, rows: LeadRow[], holders: string[]) {
  if (holders.length === 0) return [];
  const byId = new Map(
    (
      (await tx.execute(sql`
        select a.id, coalesce(nullif(a.agent, ''), trim(coalesce(a.agent_first_name, '') || ' ' ||
            coalesce(a.agent_last_name, ''))) as name, a.timezone, a.crm_email,
          exists (select 1 from recipients r where r.agent_id = a.id) as has_recipients,
          (select coalesce(json_agg(json_build_object('id', r.id, 'sendSms', r.send_sms,
              'phoneNumber', r.phone_number, 'sendEmail', r.send_email, 'email', r.email,
              'phoneCall', r.phone_call) order by r.position, r.created_at), '[]'::json)
            from recipients r where r.agent_id = a.id and r.is_active) as people
        from ${agents} a where a.id = any(${`{${holders.join(',')}}`}::uuid[])`)) as unknown as {
        rows: AgentForDelivery[];
      }
    ).rows.map((agent) => [agent.id, agent]),
  );
  const messages = [];
  for (const row of rows) {
    if (!row.agentId) continue;
    const agent = byId.get(row.agentId);
    if (agent && !agent.has_recipients) {
      agent.people = await deliveryPeople(tx, row.agentId);
      agent.has_recipients = true;
    }
    messages.push(
      ...(await leadDeliveries(
        tx,
        config,
        row,
        { name: agent?.name ?? '', timezone: agent?.timezone, crmEmail: agent?.crm_email },
        agent?.people ?? [],
      )),
    );
  }
  return messages;
}

const actorOf = (scope: LeadScope): OfferActor => ({
  type: scope.kind === 'agent' ? 'user' : 'recipient',
  id: scope.kind === 'agent' ? scope.actorId : scope.recipientId,
  name: scope.actorName,
});

const LAPSED = (at: string) => `This offer lapsed at ${at}; the lead goes to another agent.`;

async function lapsedDetail(db: Executor, deps: AppDeps, scope: LeadScope, expiresAt: Date) {
  const zone = await agentZone(db, scope.agentId, deps.config.onboardingCalls.officeTimezone);
  return LAPSED(formatDateTime(expiresAt, zone));
}

/**
 * The offer this reader had of a lead that is no longer theirs, if it lapsed: an accept that
 * came too late is told so (409) rather than "not found".
 */
async function lapsedOffer(db: Executor, scope: LeadScope, leadId: string): Promise<Date | null> {
  const [offer] = await db
    .select({ expiresAt: leadOffers.expiresAt })
    .from(leadOffers)
    .where(
      and(
        eq(leadOffers.leadId, leadId),
        eq(leadOffers.agentId, scope.agentId),
        eq(leadOffers.outcome, 'lapsed'),
        scope.kind === 'recipient'
          ? sql`exists (select 1 from ${outboxMessages} o where o.lead_id = ${leadId}
              and o.recipient_id = ${scope.recipientId})`
          : undefined,
      ),
    )
    .orderBy(asc(leadOffers.offeredAt))
    .limit(1);
  return offer?.expiresAt ?? null;
}

/**
 * POST /portal/me/leads/:id/accept: one update that takes the lead only while the offer is open
 * (`offer_expires_at > now()`) and still the reader's. It waits for the row's lock, so against
 * the sweeper exactly one wins: the accept (the sweeper no longer sees an open offer) or the
 * lapse (the accept then finds the lead gone, 409, or past its deadline, 409). An accepted lead
 * accepted again is answered as it is.
 */
export async function acceptOffer(deps: AppDeps, scope: LeadScope, id: string): Promise<LeadDetail> {
  const db = deps.database.db;
  const messageIds = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ offerExpiresAt: null, acceptedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(leads.id, id), scopeFilter(scope), sql`${leads.offerExpiresAt} > now()`))
      .returning();
    if (!row) {
      const [lead] = await tx
        .select()
        .from(leads)
        .where(and(eq(leads.id, id), scopeFilter(scope)));
      if (lead?.offerExpiresAt)
        throw new AppError('conflict', await lapsedDetail(tx, deps, scope, lead.offerExpiresAt));
      if (lead) return [];
      const lapsed = await lapsedOffer(tx, scope, id);
      if (lapsed) throw new AppError('conflict', await lapsedDetail(tx, deps, scope, lapsed));
      throw notFound('Lead not found');
    }
    const actor = actorOf(scope);
    await closeOffers(tx, [row.id], 'accepted', actor, '', scope.agentId);
    await tx.insert(leadEvents).values({
      leadId: row.id,
      kind: 'offer_accepted',
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      details: { agent_id: scope.agentId },
    });
    // The copy for the agent's CRM names the seller: it goes once the lead is accepted.
    const [agent] = await tx
      .select({
        name: agents.agent,
        first: agents.agentFirstName,
        last: agents.agentLastName,
        crm: agents.crmEmail,
      })
      .from(agents)
      .where(eq(agents.id, scope.agentId));
    const emailOn = (await readSettings(tx)).lead_delivery.email;
    const name = agent?.name || `${agent?.first ?? ''} ${agent?.last ?? ''}`.trim();
    return insertMessages(tx, crmCopy(deps.config, row, { name, crmEmail: agent?.crm }, emailOn));
  });
  if (messageIds.length > 0) dispatch(deps.queue);
  return getLead(db, scope, id);
}

/** Where a lead passed or released went, in the words of the agent who let it go. */
function whereItWent(row: LeadRow | undefined, what: string): string {
  return row?.agentId
    ? `${what}: the lead goes to another agent.`
    : `${what}: no other agent can take the lead now, so it waits for the office to assign it.`;
}

/**
 * POST /portal/me/leads/:id/pass {reason}: the agent or a recipient declines an open offer; the
 * lead is routed again without them and they no longer see it.
 */
export async function passOffer(
  deps: AppDeps,
  scope: LeadScope,
  id: string,
  reason: string,
): Promise<{ detail: string }> {
  return letGo(deps, scope, id, reason, 'passed');
}

/**
 * POST /portal/me/leads/:id/release {reason}: the agent hands back a lead they accepted and cannot
 * serve (not a closed one); it is routed again as a pass is.
 */
export async function releaseLead(
  deps: AppDeps,
  scope: LeadScope,
  id: string,
  reason: string,
): Promise<{ detail: string }> {
  if (scope.kind !== 'agent') {
    throw forbidden('Only the agent can release a lead: ask the agent to release it.');
  }
  return letGo(deps, scope, id, reason, 'released');
}

async function letGo(
  deps: AppDeps,
  scope: LeadScope,
  id: string,
  reason: string,
  outcome: 'passed' | 'released',
): Promise<{ detail: string }> {
  const db = deps.database.db;
  const { messageIds, row } = await db.transaction(async (tx) => {
    const lead = await findLead(tx, scope, id, true);
    if (outcome === 'passed') {
      if (lead.offerExpiresAt === null) {
        throw new AppError(
          'conflict',
          'This lead is already accepted: there is no offer to pass. Release it instead if you cannot serve it.',
        );
      }
      if (!(await offerOpen(tx, lead.id))) {
        throw new AppError('conflict', await lapsedDetail(tx, deps, scope, lead.offerExpiresAt));
      }
    } else {
      if (lead.offerExpiresAt !== null) {
        throw new AppError(
          'conflict',
          'This lead is offered to you, not accepted: pass the offer instead of releasing it.',
        );
      }
      if (lead.stage === 'closed') {
        throw new AppError(
          'conflict',
          'A closed lead cannot be released: reopen it first if the sale fell through.',
        );
      }
    }
    const actor = actorOf(scope);
    await closeOffers(tx, [lead.id], outcome, actor, reason, scope.agentId);
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      kind: outcome === 'passed' ? 'offer_passed' : 'released',
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      details: { agent_id: scope.agentId, reason },
      createdAt: sql`clock_timestamp()`,
    });
    const ids = await rerouteLeads(deps, tx, [lead]);
    const [after] = await tx.select().from(leads).where(eq(leads.id, lead.id));
    return { messageIds: ids, row: after };
  });
  if (messageIds.length > 0) dispatch(deps.queue);
  return { detail: whereItWent(row, outcome === 'passed' ? 'Passed' : 'Released') };
}

/** Whether the lead's offer is still open by the database's clock (the one the sweeper reads). */
async function offerOpen(tx: Executor, leadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ open: sql<boolean>`${leads.offerExpiresAt} > now()` })
    .from(leads)
    .where(eq(leads.id, leadId));
  return Boolean(row?.open);
}

/** Offers taken per transaction by the sweeper. */
export const SWEEP_BATCH = 500;

/**
 * Lanes of one sweep, run at once: each takes the leads of its own ZIP codes (by the ZIP's hash),
 * so no two lanes wait for one ZIP's routing lock, and the database works on as many batches at
 * once. A lane's batch is a transaction on a connection of its own.
 */
export const SWEEP_LANES = 2;

/**
 * One round of the offer sweeper: the offers past their deadline, a batch at a time in each lane,
 * each batch in a transaction that locks its leads (`for update skip locked`: another process's
 * sweeper or an accept holding one is left alone), re-checks them under the lock, marks each
 * offer lapsed and routes the leads again. Answers how many lapsed.
 */
export async function sweepOffers(deps: AppDeps, batch = SWEEP_BATCH, lanes = SWEEP_LANES): Promise<number> {
  // Each agent's statistics once per round, after its batches: they are not what routing reads.
  const touched = new Set<string>();
  const lane = async (index: number) => {
    let lapsed = 0;
    for (;;) {
      const { count, messageIds } = await deps.database.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(leads)
          .where(
            and(
              lte(leads.offerExpiresAt, sql`now()`),
              lanes > 1 ? sql`mod(abs(hashtext(${leads.zip})), ${lanes}) = ${index}` : undefined,
            ),
          )
          .orderBy(asc(leads.offerExpiresAt))
          .limit(batch)
          .for('update', { skipLocked: true });
        // Under the lock: an accept that committed first has cleared the deadline.
        const due = rows.filter((row) => row.offerExpiresAt !== null && row.agentId !== null);
        if (due.length === 0) return { count: rows.length, messageIds: [] as string[] };
        lapsed += due.length;
        const ids = due.map((row) => row.id);
        await closeOffers(tx, ids, 'lapsed', SYSTEM, 'Not accepted in time');
        await tx.insert(leadEvents).values(
          due.map((row) => ({
            leadId: row.id,
            kind: 'offer_lapsed',
            actorType: 'system' as const,
            details: { agent_id: row.agentId, expired_at: row.offerExpiresAt!.toISOString() },
            createdAt: sql`clock_timestamp()`,
          })),
        );
        return { count: rows.length, messageIds: await rerouteLeads(deps, tx, due, touched) };
      });
      if (messageIds.length > 0) dispatch(deps.queue);
      if (count < batch) return lapsed;
    }
  };
  try {
    // Every lane finishes (or fails) before the statistics and the answer: none is left running.
    const results = await Promise.allSettled(Array.from({ length: lanes }, (_, index) => lane(index)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
  } finally {
    if (touched.size > 0) {
      await deps.database.db.transaction((tx) => refreshAgentStats(tx, [...touched]));
    }
  }
}

export interface OfferSweeper {
  stop(): Promise<void>;
}

/** Milliseconds until the next open offer's deadline by the database's clock; null with none open. */
async function untilNextDeadline(deps: AppDeps): Promise<number | null> {
  const [row] = (
    (await deps.database.db.execute(
      sql`select (extract(epoch from min(${leads.offerExpiresAt}) - now()) * 1000)::float8 as ms from ${leads}
        where ${leads.offerExpiresAt} is not null`,
    )) as unknown as { rows: { ms: number | null }[] }
  ).rows;
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/**
 * Runs the sweeper in this process (ADR 62): every server and worker process does, so a deadline
 * is met whichever process is alive. After each round it waits until the next open offer's
 * deadline, `intervalMs` at most, so an offer lapses at its time rather than up to an interval
 * after it. A round that fails (the database away) is tried again after the interval.
 */
export function startOfferSweeper(deps: AppDeps, intervalMs: number): OfferSweeper {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopping) {
      let wait = intervalMs;
      try {
        const lapsed = await sweepOffers(deps);
        const next = await untilNextDeadline(deps);
        // A deadline already past is taken again after a short pause while rounds still lapse
        // offers (more fell due during the round), else after the interval (a lock held it back).
        if (next !== null)
          wait = next > 0 ? Math.min(intervalMs, Math.ceil(next)) : lapsed > 0 ? 25 : intervalMs;
      } catch (error) {
        if (!stopping) console.warn('[offers] sweep:', (error as Error).message);
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, wait);
      });
    }
  })();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
