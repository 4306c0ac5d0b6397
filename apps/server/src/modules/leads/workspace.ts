import {
  LEAD_STATUSES,
  type LeadActivity,
  type LeadActivityInput,
  type LeadDetail,
  type LeadPatch,
  type LeadStatus,
  type LeadsList,
  type LeadsQuery,
  type RoutingReader,
} from '@portal/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db, Executor } from '../../db/client';
import { type LeadRow, leadEvents, leads, outboxMessages } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { preWritten } from '../../plugins/serializer';
import { issueInvoice, type MoneyActor, voidOnReopen } from '../billing/invoices';
import { refreshAgentMoney } from '../billing/totals';
import { leadClosing } from '../billing/views';
import { type ActivityAuthor, recordActivity } from './activities';
import { agentZone, dayIn } from './calendar';
import { planPatch, requireAccepted } from './lifecycle';
import { queuePage } from './queue';
import { leadJson, recipientLeadJson, toLead } from './serialize';
import { refreshAgentStats } from './stats';
import { timeline } from './timeline';

/**
 * Who is looking: the agent (all their leads) or one of their recipients signed in by magic link
 * (only the leads delivered to that recipient; SPEC.md section 6, DESIGN.md section 3).
 */
export type LeadScope =
  | { kind: 'agent'; agentId: string; actorId: string; actorName: string }
  | { kind: 'recipient'; agentId: string; recipientId: string; actorName: string };

const LEAD_NOT_FOUND = 'Lead not found';

export function scopeFilter(scope: LeadScope): SQL {
  const mine = eq(leads.agentId, scope.agentId);
  if (scope.kind === 'agent') return mine;
  return and(
    mine,
    sql`exists (select 1 from ${outboxMessages} o where o.lead_id = ${leads.id} and o.recipient_id = ${scope.recipientId})`,
  )!;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchFilter(q: string | undefined): SQL | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  const pattern = `%${escapeLike(text)}%`;
  const byText = sql`${leads.searchText} like ${pattern}`;
  // "(602) 555-01" finds +16025550142: phones are searched by their digits.
  const match =
    digits.length >= 3 && digits.length !== text.length
      ? sql`(${byText} or ${leads.searchText} like ${`%${digits}%`})`
      : byText;
  // An offered lead is found by its place alone: its seller is hidden until accepted (ADR 62).
  const place = sql`lower(${leads.city} || ', ' || ${leads.state} || ' ' || ${leads.zip}) like ${pattern}`;
  return sql`((${match} and ${leads.offerExpiresAt} is null) or (${leads.offerExpiresAt} is not null and ${place}))`;
}

/**
 * Leads pages already written, by agent, stamp of the agent's leads and query (ADR 43). A stamp
 * read before the page was written can only be older than the page, never newer, so a page kept
 * under a stamp holds at least every change the stamp stands for. Least recently used go first.
 */
const pageCache = new LRUCache<string, string>({
  // In UTF-16 code units as JavaScript keeps strings: about 32 MB of pages, 64 MB of memory at most.
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (json, key) => key.length + json.length,
});

type Counts = Record<LeadStatus, number>;

/** The answer's JSON, with the counts per status and the total of the rows asked for. */
function pageJson(items: string, counts: Partial<Counts> | null, total: (count: Counts) => number): string {
  const count: Counts = { active: 0, archived: 0, closed: 0 };
  for (const status of LEAD_STATUSES) count[status] = Number(counts?.[status] ?? 0);
  return `{"items":${items},"total":${total(count)},"counts":${JSON.stringify(count)}}`;
}

/** The counts per status of the reader's leads found: the agent's own, unsearched, from lead_counts. */
function countsOf(scope: LeadScope, base: SQL | undefined, search: SQL | undefined): SQL {
  return scope.kind === 'agent' && !search
    ? sql`select json_object_agg(c.status, c.n) from lead_counts c where c.agent_id = ${scope.agentId}`
    : sql`select json_object_agg(s.status, s.n) from (
        select status, count(*)::int as n from ${leads} where ${base} group by status) s`;
}

/**
 * One page of leads with the counts per status, in one statement whose answer PostgreSQL writes
 * as JSON (ADR 43). The agent's own counts come from lead_counts (kept exact by triggers); a
 * search or a recipient's narrower view counts its rows. With `stamp` (the agent's own view,
 * read with the session), a page written for the same stamp and query is answered again; a page
 * of the work queue (`view=queue`) only until the clock moves a lead in it (ADR 64).
 */
export async function listLeads(
  db: Db,
  scope: LeadScope,
  query: LeadsQuery,
  /** The agent's own view, read with the session: pages are kept per stamp (ADR 43). */
  stamp?: string | null,
  /** An office or a group manager reads another agent's leads; the agent and recipients, their own. */
  reader: RoutingReader = 'you',
  /** The office's time zone, for an agent who has not set one (the queue's "due today"). */
  officeZone = 'UTC',
): Promise<LeadsList> {
  if (query.view === 'queue')
    return listQueue(db, scope, query, officeZone, reader === 'you' ? stamp : undefined);
  const cacheKey =
    stamp !== undefined && scope.kind === 'agent' && reader === 'you'
      ? JSON.stringify([
          scope.agentId,
          stamp,
          query.skip,
          query.limit,
          query.active,
          query.archived,
          query.closed,
          query.q ?? '',
          query.stage ?? '',
        ])
      : null;
  const kept = cacheKey ? pageCache.get(cacheKey) : undefined;
  if (kept !== undefined) return preWritten<LeadsList>(kept);
  const search = searchFilter(query.q);
  const base = and(scopeFilter(scope), search);
  const wanted = LEAD_STATUSES.filter((status) => query[status] === true);
  const statuses: LeadStatus[] = wanted.length > 0 ? wanted : [...LEAD_STATUSES];
  const where = and(
    base,
    inArray(leads.status, statuses),
    query.stage ? eq(leads.stage, query.stage) : undefined,
  );
  const json = scope.kind === 'recipient' ? recipientLeadJson : leadJson[reader];
  const result = (await db.execute(sql`
    select
      (select coalesce(json_agg(page.lead order by page.created_at desc, page.id desc), '[]'::json)::text
        from (select ${json} as lead, created_at, id from ${leads}
          where ${where}
          -- As the indexes are sorted (DESC NULLS LAST), so deep pages read the index in order.
          order by created_at desc nulls last, id desc nulls last
          offset ${query.skip} limit ${query.limit}) page) as items,
      (${countsOf(scope, base, search)}) as counts,
      ${query.stage ? sql`(select count(*)::int from ${leads} where ${where})` : sql`null::int`} as stage_total`)) as unknown as {
    rows: { items: string; counts: Partial<Counts> | null; stage_total: number | null }[];
  };
  const row = result.rows[0]!;
  const page = pageJson(row.items, row.counts, (count) =>
    row.stage_total !== null
      ? Number(row.stage_total)
      : statuses.reduce((sum, status) => sum + count[status], 0),
  );
  if (cacheKey) pageCache.set(cacheKey, page);
  return preWritten<LeadsList>(page);
}

/**
 * Pages of the work queue already written, by agent, stamp and query, each with the time the
 * clock alone next changes it (ADR 64): until then the page is answered again, as ADR 43's pages.
 */
const queueCache = new LRUCache<string, { page: string; movesAt: number | null }>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (entry, key) => key.length + entry.page.length,
});

/** The work queue: the reader's active leads (of one stage with `stage`), in the order to work them. */
async function listQueue(
  db: Db,
  scope: LeadScope,
  query: LeadsQuery,
  officeZone: string,
  stamp: string | null | undefined,
): Promise<LeadsList> {
  // The agent's zone (kept in the process for a few seconds) decides where "today" ends.
  const zone = await agentZone(db, scope.agentId, officeZone);
  const cacheKey =
    stamp !== undefined && scope.kind === 'agent'
      ? JSON.stringify([
          scope.agentId,
          stamp,
          zone,
          query.skip,
          query.limit,
          query.q ?? '',
          query.stage ?? '',
        ])
      : null;
  const kept = cacheKey ? queueCache.get(cacheKey) : undefined;
  if (kept !== undefined && (kept.movesAt === null || Date.now() < kept.movesAt)) {
    return preWritten<LeadsList>(kept.page);
  }
  const search = searchFilter(query.q);
  const base = and(scopeFilter(scope), search);
  const { items, total, counts, movesAt } = await queuePage(
    db,
    and(base, query.stage ? eq(leads.stage, query.stage) : undefined)!,
    countsOf(scope, base, search),
    query,
    { zone, money: scope.kind === 'agent' },
  );
  const page = pageJson(items, counts, () => total);
  if (cacheKey) queueCache.set(cacheKey, { page, movesAt });
  return preWritten<LeadsList>(page);
}

export async function findLead(db: Executor, scope: LeadScope, id: string, lock = false): Promise<LeadRow> {
  const query = db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), scopeFilter(scope)));
  const [row] = lock ? await query.for('update') : await query;
  // Someone else's lead is "not found" (SECURITY.md item 15).
  if (!row) throw notFound(LEAD_NOT_FOUND);
  return row;
}

/** Who a money change is recorded as: the agent, or the recipient who acted for them. */
const moneyActor = (scope: LeadScope): MoneyActor => ({
  id: scope.kind === 'agent' ? scope.actorId : null,
  email: null,
  name: scope.actorName,
});

export const authorOf = (scope: LeadScope): ActivityAuthor => ({
  actorType: scope.kind === 'agent' ? 'user' : 'recipient',
  actorId: scope.kind === 'agent' ? scope.actorId : scope.recipientId,
  actorName: scope.actorName,
});

/**
 * GET /portal/me/leads/:id: the lead and its timeline. The first time the agent or a recipient
 * opens it, `opened_at` is set (once: the update takes only a lead never opened) and the lead is
 * no longer "New" for anyone.
 */
export async function getLead(db: Db, scope: LeadScope, id: string): Promise<LeadDetail> {
  const row = await findLead(db, scope, id);
  if (row.openedAt === null) {
    const [opened] = await db
      .update(leads)
      .set({ openedAt: sql`now()` })
      .where(and(eq(leads.id, row.id), isNull(leads.openedAt)))
      .returning({ openedAt: leads.openedAt });
    row.openedAt = opened?.openedAt ?? (await findLead(db, scope, id)).openedAt;
  }
  return leadDetail(db, scope, row);
}

async function leadDetail(db: Executor, scope: LeadScope, row: LeadRow): Promise<LeadDetail> {
  return {
    ...toLead(row, 'you', { money: scope.kind === 'agent' }),
    // The fee and the settlement statement are money: the agent's alone (ADR 66).
    closing: scope.kind === 'agent' ? await leadClosing(db, row) : null,
    events: await timeline(db, scope, row),
  };
}

/**
 * PATCH: the stage (archiving with a lost reason or a hold, reopening, closing with its figures,
 * which add to the agent's totals), the next action, and notes (kept as SPEC.md's field and
 * added to the thread as a note). Each change is on the timeline (lifecycle.ts).
 */
export async function updateLead(
  db: Db,
  scope: LeadScope,
  id: string,
  patch: LeadPatch,
  officeZone = 'UTC',
): Promise<LeadDetail> {
  const today = dayIn(await agentZone(db, scope.agentId, officeZone));
  await db.transaction(async (tx) => {
    const lead = await findLead(tx, scope, id, true);
    requireAccepted(lead);
    const author = authorOf(scope);
    const plan = planPatch(lead, patch, scope.kind, today);
    if (patch.notes !== undefined && patch.notes !== lead.notes) {
      plan.set.notes = patch.notes;
      if (patch.notes.trim()) {
        await recordActivity(tx, lead.id, author, { kind: 'note', body: patch.notes });
      } else {
        await tx
          .insert(leadEvents)
          .values({ leadId: lead.id, kind: 'note', ...author, details: { notes: '' } });
      }
    }
    // Reopening a closing voids its unpaid invoice (ADR 66); a closing is stamped for its statement.
    if (plan.totals === 'remove') await voidOnReopen(tx, lead.id, moneyActor(scope));
    if (plan.totals === 'add') plan.set.closedAt = new Date();
    if (plan.events.length > 0) {
      await tx
        .insert(leadEvents)
        .values(plan.events.map((event) => ({ leadId: lead.id, ...event, ...author })));
    }
    if (Object.keys(plan.set).length > 0) {
      await tx
        .update(leads)
        .set({ ...plan.set, updatedAt: sql`now()` })
        .where(eq(leads.id, lead.id));
    }
    if (plan.totals === 'add') await issueInvoice(tx, { ...lead, ...plan.set } as LeadRow, moneyActor(scope));
    if (plan.totals) await refreshAgentMoney(tx, scope.agentId);
    if (plan.set.status && plan.set.status !== lead.status) await refreshAgentStats(tx, scope.agentId);
  });
  return getLead(db, scope, id);
}

/** POST /portal/me/leads/:id/activities: a call, text, e-mail, meeting or note, by whoever is signed in. */
export async function addActivity(
  db: Db,
  scope: LeadScope,
  id: string,
  input: LeadActivityInput,
): Promise<LeadActivity> {
  return db.transaction(async (tx) => {
    // Locked: an offer that lapses or a lead passed on meanwhile is no longer worked here.
    const lead = await findLead(tx, scope, id, true);
    requireAccepted(lead);
    return recordActivity(tx, lead.id, authorOf(scope), input);
  });
}
