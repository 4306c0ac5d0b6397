import {
  LEAD_STATUSES,
  type LeadDetail,
  type LeadEvent,
  type LeadPatch,
  type LeadStats,
  type LeadStatus,
  type LeadsList,
  type LeadsQuery,
  type RoutingReader,
  sharedRoutingReason,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db, Executor } from '../../db/client';
import {
  agents,
  type LeadEventRow,
  type LeadRow,
  leadEvents,
  leads,
  outboxMessages,
  recipients,
} from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { preWritten } from '../../plugins/serializer';
import { leadJson, toLead } from './serialize';
import { refreshAgentStats } from './stats';

/**
 * Who is looking: the agent (all their leads) or one of their recipients signed in by magic link
 * (only the leads delivered to that recipient; SPEC.md section 6, DESIGN.md section 3).
 */
export type LeadScope =
  | { kind: 'agent'; agentId: string; actorId: string; actorName: string }
  | { kind: 'recipient'; agentId: string; recipientId: string; actorName: string };

const LEAD_NOT_FOUND = 'Lead not found';

function scopeFilter(scope: LeadScope): SQL {
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
  const byText = sql`${leads.searchText} like ${`%${escapeLike(text)}%`}`;
  // "(602) 555-01" finds +16025550142: phones are searched by their digits.
  if (digits.length >= 3 && digits.length !== text.length) {
    return sql`(${byText} or ${leads.searchText} like ${`%${digits}%`})`;
  }
  return byText;
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

/**
 * One page of leads with the counts per status, in one statement whose answer PostgreSQL writes
 * as JSON (ADR 43). The agent's own counts come from lead_counts (kept exact by triggers); a
 * search or a recipient's narrower view counts its rows. With `stamp` (the agent's own view,
 * read with the session), a page written for the same stamp and query is answered again.
 */
export async function listLeads(
  db: Db,
  scope: LeadScope,
  query: LeadsQuery,
  stamp?: string | null,
  /** An office or a group manager reads another agent's leads; the agent and recipients, their own. */
  reader: RoutingReader = 'you',
): Promise<LeadsList> {
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
        ])
      : null;
  const kept = cacheKey ? pageCache.get(cacheKey) : undefined;
  if (kept !== undefined) return preWritten<LeadsList>(kept);
  const search = searchFilter(query.q);
  const base = and(scopeFilter(scope), search);
  const wanted = LEAD_STATUSES.filter((status) => query[status] === true);
  const statuses: LeadStatus[] = wanted.length > 0 ? wanted : [...LEAD_STATUSES];
  const counts =
    scope.kind === 'agent' && !search
      ? sql`select json_object_agg(c.status, c.n) from lead_counts c where c.agent_id = ${scope.agentId}`
      : sql`select json_object_agg(s.status, s.n) from (
          select status, count(*)::int as n from ${leads} where ${base} group by status) s`;
  const result = (await db.execute(sql`
    select
      (select coalesce(json_agg(page.lead order by page.created_at desc, page.id desc), '[]'::json)::text
        from (select ${leadJson[reader]} as lead, created_at, id from ${leads}
          where ${and(base, inArray(leads.status, statuses))}
          -- As the indexes are sorted (DESC NULLS LAST), so deep pages read the index in order.
          order by created_at desc nulls last, id desc nulls last
          offset ${query.skip} limit ${query.limit}) page) as items,
      (${counts}) as counts`)) as unknown as {
    rows: { items: string; counts: Partial<Record<LeadStatus, number>> | null }[];
  };
  const row = result.rows[0]!;
  const count = { active: 0, archived: 0, closed: 0 };
  for (const status of LEAD_STATUSES) count[status] = Number(row.counts?.[status] ?? 0);
  const total = statuses.reduce((sum, status) => sum + count[status], 0);
  const json = `{"items":${row.items},"total":${total},"counts":${JSON.stringify(count)}}`;
  if (cacheKey) pageCache.set(cacheKey, json);
  return preWritten<LeadsList>(json);
}

async function findLead(db: Executor, scope: LeadScope, id: string, lock = false): Promise<LeadRow> {
  const query = db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), scopeFilter(scope)));
  const [row] = lock ? await query.for('update') : await query;
  // Someone else's lead is "not found" (SECURITY.md item 15).
  if (!row) throw notFound(LEAD_NOT_FOUND);
  return row;
}

/**
 * A recipient sees the agent's e-mails to the lead and to themselves, but not the other
 * recipients' addresses (as with deliveries below). The routing events say why the lead is the
 * agent's, as the lead itself does outside the console.
 */
function visibleDetails(scope: LeadScope, lead: LeadRow, event: LeadEventRow): Record<string, unknown> {
  const { details } = event;
  if (event.kind === 'routed' || event.kind === 'unassigned') {
    // Why the lead is theirs, not how many agents serve the ZIP (the console has the whole reason).
    const { candidates: _candidates, ...rest } = details;
    const decision =
      typeof details.decision === 'string'
        ? details.decision
        : event.kind === 'routed'
          ? 'assigned'
          : 'unassigned';
    return {
      ...rest,
      reason: sharedRoutingReason({ zip: lead.zip, lead_type: lead.leadType, decision }, 'you'),
    };
  }
  if (scope.kind !== 'recipient' || event.kind !== 'email_sent' || details.to_kind !== 'recipient') {
    return details;
  }
  return details.recipient_id === scope.recipientId ? details : { ...details, to: null };
}

/** The timeline: recorded events and every delivery with its current state, oldest first. */
async function timeline(db: Executor, scope: LeadScope, lead: LeadRow): Promise<LeadEvent[]> {
  const [events, deliveries] = await Promise.all([
    db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).orderBy(asc(leadEvents.createdAt)),
    db
      .select({ message: outboxMessages, first: recipients.firstName, last: recipients.lastName })
      .from(outboxMessages)
      .leftJoin(recipients, eq(recipients.id, outboxMessages.recipientId))
      .where(eq(outboxMessages.leadId, lead.id))
      .orderBy(asc(outboxMessages.createdAt)),
  ]);
  const merged: LeadEvent[] = [
    ...events.map((event) => ({
      id: event.id,
      kind: event.kind,
      actor_type: event.actorType,
      actor_name: event.actorName,
      details: visibleDetails(scope, lead, event),
      created_at: event.createdAt.toISOString(),
    })),
    ...deliveries.map(({ message, first, last }) => ({
      id: message.id,
      kind: 'delivery',
      actor_type: 'system',
      actor_name: null,
      details: {
        channel: message.channel,
        // The copy for the agent's CRM goes to no recipient.
        ...(message.recipientId === null && message.template === 'lead_crm' ? { target: 'crm' } : {}),
        recipient_name: `${first ?? ''} ${last ?? ''}`.trim() || null,
        // A recipient sees where their own copies went, not the other recipients' numbers.
        to:
          scope.kind === 'recipient' && message.recipientId !== scope.recipientId ? null : message.toAddress,
        status: message.status === 'sending' ? 'queued' : message.status,
        attempts: message.attempts,
        error: message.lastError,
        sent_at: message.sentAt?.toISOString() ?? null,
      },
      created_at: message.createdAt.toISOString(),
    })),
  ];
  return merged.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function getLead(db: Db, scope: LeadScope, id: string): Promise<LeadDetail> {
  const row = await findLead(db, scope, id);
  return { ...toLead(row, 'you'), events: await timeline(db, scope, row) };
}

const MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  active: ['archived', 'closed'],
  archived: ['active', 'closed'],
  closed: ['active'],
};

/**
 * PATCH: archive, reopen, close (with its figures, which add to the agent's totals; reopening a
 * closed lead takes them back off) and notes. Each change is on the timeline.
 */
export async function updateLead(
  db: Db,
  scope: LeadScope,
  id: string,
  patch: LeadPatch,
): Promise<LeadDetail> {
  await db.transaction(async (tx) => {
    const lead = await findLead(tx, scope, id, true);
    const actor = {
      actorType: scope.kind === 'agent' ? ('user' as const) : ('recipient' as const),
      actorId: scope.kind === 'agent' ? scope.actorId : scope.recipientId,
      actorName: scope.actorName,
    };
    const next: Partial<LeadRow> = {};
    if (patch.notes !== undefined && patch.notes !== lead.notes) {
      next.notes = patch.notes;
      await tx
        .insert(leadEvents)
        .values({ leadId: lead.id, kind: 'note', ...actor, details: { notes: patch.notes } });
    }
    if (patch.status === undefined && (patch.closing_date || patch.sale_price !== undefined)) {
      throw badRequest('Closing figures are given when closing a lead: send status "closed" with them.');
    }
    if (patch.status !== undefined && patch.status !== lead.status) {
      if (!MOVES[lead.status].includes(patch.status)) {
        throw badRequest(`A ${lead.status} lead cannot become ${patch.status}; reopen it first.`);
      }
      next.status = patch.status;
      if (patch.status === 'closed') {
        next.closingDate = patch.closing_date!;
        next.salePrice = patch.sale_price!;
        next.grossCommission = patch.gross_commission!;
        await tx
          .update(agents)
          .set({
            totalClosings: sql`${agents.totalClosings} + 1`,
            totalGrossCommissionEarned: sql`${agents.totalGrossCommissionEarned} + ${patch.gross_commission!}`,
            updatedAt: sql`now()`,
          })
          .where(eq(agents.id, lead.agentId!));
        await tx.insert(leadEvents).values({
          leadId: lead.id,
          kind: 'closed',
          ...actor,
          details: {
            from: lead.status,
            closing_date: patch.closing_date,
            sale_price: patch.sale_price,
            gross_commission: patch.gross_commission,
          },
        });
      } else {
        if (lead.status === 'closed') {
          await tx
            .update(agents)
            .set({
              totalClosings: sql`greatest(${agents.totalClosings} - 1, 0)`,
              totalGrossCommissionEarned: sql`greatest(${agents.totalGrossCommissionEarned} - ${lead.grossCommission ?? 0}, 0)`,
              updatedAt: sql`now()`,
            })
            .where(eq(agents.id, lead.agentId!));
          next.closingDate = null;
          next.salePrice = null;
          next.grossCommission = null;
        }
        await tx.insert(leadEvents).values({
          leadId: lead.id,
          kind: patch.status === 'active' ? 'reopened' : 'status_change',
          ...actor,
          details: {
            from: lead.status,
            to: patch.status,
            ...(lead.status === 'closed'
              ? { previous_gross_commission: lead.grossCommission, previous_sale_price: lead.salePrice }
              : {}),
          },
        });
      }
    } else if (patch.status === 'closed' && lead.status === 'closed') {
      throw badRequest('This lead is already closed; reopen it to change its figures.');
    }
    if (Object.keys(next).length > 0) {
      await tx
        .update(leads)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(leads.id, lead.id));
    }
    if (next.status) await refreshAgentStats(tx, scope.agentId);
  });
  return getLead(db, scope, id);
}

/** Cards and the weekly chart of the workspace, in the agent's time zone (office zone if unset). */
export async function leadStats(db: Db, agentId: string, fallbackZone: string): Promise<LeadStats> {
  const [agent] = await db
    .select({ timezone: agents.timezone, answerRate: agents.answerRate })
    .from(agents)
    .where(eq(agents.id, agentId));
  const zone = agent?.timezone && agent.timezone.includes('/') ? agent.timezone : fallbackZone;
  const local = sql`(now() at time zone ${zone})`;
  const [cards] = (
    (await db.execute(sql`
      select
        count(*) filter (where (l.created_at at time zone ${zone}) >= date_trunc('week', ${local}))::int as this_week,
        count(*) filter (where (l.created_at at time zone ${zone}) >= date_trunc('month', ${local}))::int as this_month,
        count(*)::int as total
      from leads l where l.agent_id = ${agentId}
    `)) as unknown as { rows: { this_week: number; this_month: number; total: number }[] }
  ).rows;
  const weeks = (
    (await db.execute(sql`
      select to_char(date_trunc('week', l.created_at at time zone ${zone}), 'YYYY-MM-DD') as week_start,
        l.lead_type, count(*)::int as n
      from leads l
      where l.agent_id = ${agentId}
        and (l.created_at at time zone ${zone}) >= date_trunc('week', ${local}) - interval '11 weeks'
      group by 1, 2
    `)) as unknown as { rows: { week_start: string; lead_type: string; n: number }[] }
  ).rows;
  const calls = (
    (await db.execute(sql`
      select count(*) filter (where outcome = 'missed')::int as missed,
             count(*) filter (where outcome = 'answered')::int as answered
      from call_events where agent_id = ${agentId}
    `)) as unknown as { rows: { missed: number; answered: number }[] }
  ).rows[0];
  const startRow = (
    (await db.execute(
      sql`select to_char(date_trunc('week', ${local}), 'YYYY-MM-DD') as week_start`,
    )) as unknown as { rows: { week_start: string }[] }
  ).rows[0]!;
  const per_week: LeadStats['per_week'] = [];
  const start = new Date(`${startRow.week_start}T00:00:00Z`);
  for (let i = 11; i >= 0; i--) {
    const week = new Date(start.getTime() - i * 7 * 86_400_000).toISOString().slice(0, 10);
    const counts: Record<string, number> = {};
    for (const row of weeks) if (row.week_start === week) counts[row.lead_type] = Number(row.n);
    per_week.push({ week_start: week, counts });
  }
  return {
    this_week: Number(cards?.this_week ?? 0),
    this_month: Number(cards?.this_month ?? 0),
    answer_rate: {
      total_leads: Number(cards?.total ?? 0),
      missed_calls: Number(calls?.missed ?? 0),
      answered_calls: Number(calls?.answered ?? 0),
    },
    per_week,
  };
}
