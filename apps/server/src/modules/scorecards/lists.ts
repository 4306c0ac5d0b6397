import {
  ERROR,
  SCORECARD_FIGURES,
  type Scorecard,
  type ScorecardFigureKey,
  type ScorecardList,
  type TeamScorecardList,
} from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { readSettings } from '../../lib/settings';
import { type PipelineViewer, visibleAgentIds } from '../corporate/pipeline';
import { agentCapacities } from '../leads/capacity';
import { computeScorecards, floorsOf, refreshScorecards } from './compute';

/**
 * Who reads which cards (ADR 62): the agent their own, computed as they ask; an office the
 * agents linked to it, a group manager the members of their group (the access of the pipeline
 * beside it, ADR 16), and the console every agent, side by side from agent_scorecards. The lists
 * hold the active agents, those routing may send leads to; a card the job has not written yet is
 * computed and stored on the way.
 */

/** GET /portal/me/scorecard: the agent's card as of now. */
export async function ownScorecard(db: Db, agentId: string | null | undefined): Promise<Scorecard> {
  if (!agentId) throw forbidden(ERROR.agentProfileNotAvailable);
  const [card] = await computeScorecards(db, [agentId], floorsOf(await readSettings(db)));
  if (!card) throw forbidden(ERROR.agentProfileNotAvailable);
  return card;
}

interface CardRow {
  id: string;
  card: Scorecard | null;
}

/** The stored cards of the agents `ids` selects (active ones), computing those missing. */
async function cardsOf(db: Db, ids: SQL, order: SQL): Promise<Scorecard[]> {
  const { rows } = (await db.execute(sql`
    select a.id, s.card
    from agents a left join agent_scorecards s on s.agent_id = a.id
    where a.agent_status = 'active' and a.id in (${ids})
    order by ${order}`)) as unknown as { rows: CardRow[] };
  const missing = rows.filter((row) => !row.card).map((row) => row.id);
  const computed = new Map(
    (missing.length > 0 ? await refreshScorecards(db, missing) : []).map((card) => [card.agent_id, card]),
  );
  return rows.flatMap((row) => {
    const card = row.card ?? computed.get(row.id);
    return card ? [card] : [];
  });
}

const NAME = sql`coalesce(nullif(trim(a.agent), ''), nullif(trim(a.agent_first_name || ' ' || a.agent_last_name), ''), nullif(a.agent_email, ''), 'Unnamed agent')`;

/**
 * An office's linked agents (optionally one of its groups'), or a managed group's members, each
 * card with the agent's pause, caps and leads this month (what the office's cap and the
 * manager's pause change).
 */
export async function visibleScorecards(
  db: Db,
  who: PipelineViewer,
  officeZone?: string,
): Promise<TeamScorecardList> {
  const ids = await visibleAgentIds(db, who);
  const [settings, cards] = await Promise.all([
    readSettings(db),
    cardsOf(db, ids, sql`lower(${NAME}), a.id`),
  ]);
  const capacities = await agentCapacities(
    db,
    cards.map((card) => card.agent_id),
    { officeZone },
  );
  const items = cards.flatMap((card) => {
    const capacity = capacities.get(card.agent_id);
    return capacity ? [{ ...card, capacity }] : [];
  });
  return { floors: floorsOf(settings), items, total: items.length };
}

export const SCORECARD_SORTS = ['name', ...SCORECARD_FIGURES] as const;
export type ScorecardSort = (typeof SCORECARD_SORTS)[number];

export interface AdminScorecardsQuery {
  sort: ScorecardSort;
  order: 'asc' | 'desc';
  below_floor?: boolean;
  q?: string;
  page: number;
  page_size: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A figure's value in a stored card (the cards list their figures in SCORECARD_FIGURES order). */
const figureValue = (key: ScorecardFigureKey) =>
  sql.raw(`(s.card->'figures'->${SCORECARD_FIGURES.indexOf(key)}->>'value')::float8`);

/**
 * GET /admin/scorecards: every active agent's card, sorted by name or by a figure (agents without
 * the figure last either way), those below a floor alone, searched by name, a page at a time.
 */
export async function adminScorecards(db: Db, query: AdminScorecardsQuery): Promise<ScorecardList> {
  // Agents whose card the job has not written yet (activated since its last run) get one first,
  // so that sorting and the floors filter see every agent.
  const { rows: missing } = (await db.execute(sql`
    select a.id from agents a
    where a.agent_status = 'active'
      and not exists (select 1 from agent_scorecards s where s.agent_id = a.id)`)) as unknown as {
    rows: { id: string }[];
  };
  if (missing.length > 0)
    await refreshScorecards(
      db,
      missing.map((row) => row.id),
    );

  const where: SQL[] = [sql`a.agent_status = 'active'`];
  if (query.below_floor) where.push(sql`cardinality(s.below_floors) > 0`);
  const q = query.q?.trim().toLowerCase();
  if (q) where.push(sql`a.search_text like ${`%${escapeLike(q)}%`}`);
  const condition = sql.join(where, sql` and `);
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const order =
    query.sort === 'name'
      ? sql`lower(${NAME}) ${direction}, a.id ${direction}`
      : sql`${figureValue(query.sort)} ${direction} nulls last, lower(${NAME}) asc, a.id asc`;

  const [settings, page, total] = await Promise.all([
    readSettings(db),
    db.execute(sql`
      select s.card from agent_scorecards s join agents a on a.id = s.agent_id
      where ${condition}
      order by ${order}
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`),
    db.execute(sql`
      select count(*)::int as n from agent_scorecards s join agents a on a.id = s.agent_id
      where ${condition}`),
  ]);
  const items = (page as unknown as { rows: { card: Scorecard }[] }).rows.map((row) => row.card);
  const n = (total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return { floors: floorsOf(settings), items, total: Number(n) };
}
