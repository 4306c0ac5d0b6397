import {
  floorsMissed,
  meetsFloor,
  NO_FLOORS,
  SCORECARD_DAYS,
  SCORECARD_FIGURES,
  SCORECARD_RULES,
  type Scorecard,
  type ScorecardFigure,
  type ScorecardFigureKey,
  type ScorecardFloors,
  type Settings,
} from '@portal/shared';
import { asc, gt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { agentScorecards } from '../../db/schema';
import { pace } from '../../lib/pace';
import { readSettings } from '../../lib/settings';

/**
 * The agent's scorecard (DESIGN.md section 11, ADR 62): the figures of SCORECARD_RULES over the
 * leads that reached the agent in the last 90 days, beside the 90 days before (the trend), each
 * held to the network's floor. One statement computes the cards of any number of agents, grouped
 * by agent; the `scorecards` job writes every active agent's card to agent_scorecards, where
 * routing reads the floors each misses and the lists read the cards.
 */

/** Agents per statement of the job and of the console's lists. */
export const SCORECARD_BATCH = 100;

const DAY_MS = 86_400_000;

/** The routing floors of the console's settings; none where a floor is not set. */
export const floorsOf = (settings: Settings): ScorecardFloors => ({
  ...NO_FLOORS,
  ...settings.routing.floors,
});

/** What the statement answers per agent: counts as numbers, rounded figures as numeric text. */
interface FiguresRow {
  id: string;
  name: string;
  latest_rating: number | string | null;
  rating_previous: number | string | null;
  leads_c: number | null;
  leads_p: number | null;
  contacted_c: number | null;
  contacted_p: number | null;
  speed_c: string | null;
  speed_p: string | null;
  within_hour_c: string | null;
  within_hour_p: string | null;
  appointment_c: string | null;
  appointment_p: string | null;
  listing_c: string | null;
  listing_p: string | null;
  closing_c: string | null;
  closing_p: string | null;
  offers_c: number | null;
  offers_p: number | null;
  acceptance_c: string | null;
  acceptance_p: string | null;
  active: number | null;
  updated: string | null;
  invoices_c: number | null;
  paid_on_time_c: string | null;
  paid_on_time_p: string | null;
}

/** A share of `whole` in percent, one decimal; null when `whole` is none. */
const percent = (part: string, whole: string) =>
  `round(100.0 * count(*) filter (where ${part}) / nullif(count(*) filter (where ${whole}), 0), 1)`;

/**
 * The figures over the leads of one period (`period`: a condition on the row), suffixed `_c`
 * (the last 90 days) or `_p` (the 90 before). Speed is in minutes from the lead reaching the agent
 * to the first contact after that, its median over the leads contacted; the rates count the
 * leads that reached an appointment or a listing while the agent held them (a lead back from
 * another agent may have reached them before), and those closed.
 */
function leadFigures(suffix: 'c' | 'p', period: string): string {
  return `
    count(*) filter (where ${period})::int as leads_${suffix},
    count(contact_at) filter (where ${period})::int as contacted_${suffix},
    round((percentile_cont(0.5) within group (
      order by extract(epoch from contact_at - assigned_at)::float8 / 60
    ) filter (where ${period} and contact_at is not null))::numeric, 1) as speed_${suffix},
    ${percent(`${period} and contact_at <= assigned_at + interval '1 hour'`, period)} as within_hour_${suffix},
    ${percent(`${period} and reached_scheduled_at >= assigned_at`, period)} as appointment_${suffix},
    ${percent(`${period} and reached_listed_at >= assigned_at`, period)} as listing_${suffix},
    ${percent(`${period} and status = 'closed'`, period)} as closing_${suffix}`;
}

const ANSWERED = `o.outcome in ('accepted', 'released', 'passed', 'lapsed')`;
const ACCEPTED = `o.outcome in ('accepted', 'released')`;

function figuresStatement(agentIds: string[], now: Date) {
  const ids = `{${agentIds.join(',')}}`;
  const at = now.toISOString();
  const from = new Date(now.getTime() - SCORECARD_DAYS * DAY_MS).toISOString();
  const before = new Date(now.getTime() - 2 * SCORECARD_DAYS * DAY_MS).toISOString();
  const week = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  return sql`
    with who as (
      select a.id,
        coalesce(nullif(trim(a.agent), ''), nullif(trim(a.agent_first_name || ' ' || a.agent_last_name), ''),
          nullif(a.agent_email, ''), 'Unnamed agent') as name,
        a.latest_rating,
        (select r.score from ratings r
          where r.agent_id = a.id and r.created_at <= ${from}::timestamptz
          order by r.created_at desc limit 1) as rating_previous
      from agents a where a.id = any(${ids}::uuid[])
    ),
    held as (
      -- The leads that reached each agent in the two periods, with their first contact after
      -- that: a lead that came back from another agent may carry that agent's earlier one.
      select l.agent_id, l.assigned_at, l.status, l.reached_scheduled_at, l.reached_listed_at,
        l.assigned_at > ${from}::timestamptz as in_period,
        case
          when l.first_contact_at is null then null
          when l.first_contact_at >= l.assigned_at then l.first_contact_at
          else (select min(c.created_at) from lead_activities c
            where c.lead_id = l.id and c.kind in ('call', 'text', 'email') and c.created_at >= l.assigned_at)
        end as contact_at
      from leads l
      where l.agent_id = any(${ids}::uuid[])
        and l.assigned_at > ${before}::timestamptz and l.assigned_at <= ${at}::timestamptz
    ),
    lf as (
      select agent_id, ${sql.raw(leadFigures('c', 'in_period'))}, ${sql.raw(leadFigures('p', 'not in_period'))}
      from held group by agent_id
    ),
    offers as (
      select o.agent_id, o.outcome, o.offered_at > ${from}::timestamptz as in_period
      from lead_offers o
      where o.agent_id = any(${ids}::uuid[]) and o.expires_at is not null and ${sql.raw(ANSWERED)}
        and o.offered_at > ${before}::timestamptz and o.offered_at <= ${at}::timestamptz
    ),
    ofs as (
      select o.agent_id,
        count(*) filter (where in_period)::int as offers_c,
        count(*) filter (where not in_period)::int as offers_p,
        ${sql.raw(percent(`in_period and ${ACCEPTED}`, 'in_period'))} as acceptance_c,
        ${sql.raw(percent(`not in_period and ${ACCEPTED}`, 'not in_period'))} as acceptance_p
      from offers o group by o.agent_id
    ),
    act as (
      -- Active leads worked (an activity or a stage change) or received in the last 7 days. The
      -- week's stage changes come off lead_events_stage_changes_idx, read once per statement.
      select l.agent_id, count(*)::int as active,
        round(100.0 * count(*) filter (where
          greatest(l.last_activity_at, coalesce(l.assigned_at, l.created_at)) > ${week}::timestamptz
          or exists (select 1 from lead_events e
            where e.lead_id = l.id and e.created_at > ${week}::timestamptz
              and e.kind in ('stage_change', 'reopened'))
        ) / nullif(count(*), 0), 1) as updated
      from leads l
      where l.agent_id = any(${ids}::uuid[]) and l.status = 'active'
      group by l.agent_id
    ),
    dues as (
      -- Invoices that fell due in the two periods (ADR 66): paid in full by then, or not.
      select i.agent_id, i.due_on > ${from}::date as in_period,
        i.status = 'paid' and i.paid_at <= i.due_on as on_time
      from invoices i
      where i.agent_id = any(${ids}::uuid[]) and i.status <> 'void' and i.amount_cents > 0
        and i.due_on > ${before}::date and i.due_on < ${at}::date
    ),
    pay as (
      select agent_id,
        count(*) filter (where in_period)::int as invoices_c,
        ${sql.raw(percent('in_period and on_time', 'in_period'))} as paid_on_time_c,
        ${sql.raw(percent('not in_period and on_time', 'not in_period'))} as paid_on_time_p
      from dues group by agent_id
    )
    select a.id, a.name, a.latest_rating, a.rating_previous,
      lf.leads_c, lf.leads_p, lf.contacted_c, lf.contacted_p, lf.speed_c, lf.speed_p,
      lf.within_hour_c, lf.within_hour_p, lf.appointment_c, lf.appointment_p,
      lf.listing_c, lf.listing_p, lf.closing_c, lf.closing_p,
      ofs.offers_c, ofs.offers_p, ofs.acceptance_c, ofs.acceptance_p,
      act.active, act.updated, pay.invoices_c, pay.paid_on_time_c, pay.paid_on_time_p
    from who a
    left join lf on lf.agent_id = a.id
    left join ofs on ofs.agent_id = a.id
    left join act on act.agent_id = a.id
    left join pay on pay.agent_id = a.id
  `;
}

const num = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);
const count = (value: number | string | null | undefined) => Number(value ?? 0);

/** Each figure's value, previous value and sample, read off the statement's row. */
function measures(
  row: FiguresRow,
): Record<ScorecardFigureKey, { value: number | null; previous: number | null; sample: number }> {
  const leadsCurrent = count(row.leads_c);
  const rating = num(row.latest_rating);
  return {
    speed_to_contact_minutes: {
      value: num(row.speed_c),
      previous: num(row.speed_p),
      sample: count(row.contacted_c),
    },
    contacted_within_hour: {
      value: num(row.within_hour_c),
      previous: num(row.within_hour_p),
      sample: leadsCurrent,
    },
    acceptance: {
      value: num(row.acceptance_c),
      previous: num(row.acceptance_p),
      sample: count(row.offers_c),
    },
    // A share of the leads active now: there is no earlier figure to set beside it.
    updated_within_7_days: { value: num(row.updated), previous: null, sample: count(row.active) },
    appointment_rate: {
      value: num(row.appointment_c),
      previous: num(row.appointment_p),
      sample: leadsCurrent,
    },
    listing_rate: { value: num(row.listing_c), previous: num(row.listing_p), sample: leadsCurrent },
    closing_rate: { value: num(row.closing_c), previous: num(row.closing_p), sample: leadsCurrent },
    lead_quality_rating: {
      value: rating,
      previous: num(row.rating_previous),
      sample: rating === null ? 0 : 1,
    },
    paid_on_time: {
      value: num(row.paid_on_time_c),
      previous: num(row.paid_on_time_p),
      sample: count(row.invoices_c),
    },
  };
}

/** A card's figures held to `floors`: each figure's floor and verdict, and the floors missed. */
export function withFloors(card: Scorecard, floors: ScorecardFloors): Scorecard {
  const figures = card.figures.map((figure) => ({
    ...figure,
    floor: floors[figure.key],
    meets_floor: meetsFloor(figure.key, figure.value, floors[figure.key]),
  }));
  const values = Object.fromEntries(figures.map((figure) => [figure.key, figure.value]));
  return { ...card, figures, below_floors: floorsMissed(values, floors) };
}

/**
 * The cards of `agentIds` (those that exist) as of `now`, held to `floors`: one statement,
 * whatever the number of agents. Percentages and minutes have one decimal; a figure with nothing
 * to measure (no lead, no offer, no rating) is null.
 */
export async function computeScorecards(
  db: Executor,
  agentIds: readonly string[],
  floors: ScorecardFloors,
  now = new Date(),
): Promise<Scorecard[]> {
  if (agentIds.length === 0) return [];
  const { rows } = (await db.transaction(async (tx) => {
    // No JIT: a batch's `= any($ids)` is estimated far above its cost, and compiling the statement
    // took four times as long as running it (ADR 68).
    await tx.execute(sql`set local jit = off`);
    return tx.execute(figuresStatement([...agentIds], now));
  })) as unknown as { rows: FiguresRow[] };
  const from = new Date(now.getTime() - SCORECARD_DAYS * DAY_MS).toISOString();
  return rows.map((row) => {
    const measured = measures(row);
    const figures: ScorecardFigure[] = SCORECARD_FIGURES.map((key) => {
      const rule = SCORECARD_RULES[key];
      return {
        key,
        label: rule.label,
        unit: rule.unit,
        better: rule.better,
        ...measured[key],
        floor: null,
        meets_floor: null,
        computed: rule.computed,
        routing: rule.routing,
      };
    });
    const card: Scorecard = {
      agent_id: row.id,
      agent_name: row.name,
      from,
      to: now.toISOString(),
      figures,
      below_floors: [],
      computed_at: now.toISOString(),
    };
    return withFloors(card, floors);
  });
}

/** Writes cards to agent_scorecards, replacing the agents' earlier ones. */
async function storeCards(db: Executor, cards: Scorecard[], computedAt: Date): Promise<void> {
  if (cards.length === 0) return;
  await db
    .insert(agentScorecards)
    .values(
      cards.map((card) => ({
        agentId: card.agent_id,
        card,
        belowFloors: card.below_floors,
        computedAt,
      })),
    )
    .onConflictDoUpdate({
      target: agentScorecards.agentId,
      set: {
        card: sql`excluded.card`,
        belowFloors: sql`excluded.below_floors`,
        computedAt: sql`excluded.computed_at`,
      },
    });
}

/**
 * Computes and stores the cards of `agentIds`, or of every active agent (the `scorecards` job,
 * every 15 minutes), SCORECARD_BATCH agents per statement; cards of agents no longer active are
 * dropped then (routing never reads them). Answers the cards of `agentIds`, none for the job.
 */
export async function refreshScorecards(
  db: Db,
  agentIds?: readonly string[],
  now = new Date(),
): Promise<Scorecard[]> {
  // Fresh: a floor changed in another process a moment ago is not undone by its cached copy.
  const floors = floorsOf(await readSettings(db, { fresh: true }));
  if (agentIds) {
    const cards: Scorecard[] = [];
    for (let i = 0; i < agentIds.length; i += SCORECARD_BATCH) {
      const batch = await computeScorecards(db, agentIds.slice(i, i + SCORECARD_BATCH), floors, now);
      await storeCards(db, batch, now);
      cards.push(...batch);
    }
    return cards;
  }
  let after = '00000000-0000-0000-0000-000000000000';
  // A pause after each batch: the intake keeps its share of the machine (ADR 68).
  const steps = pace();
  for (;;) {
    const { rows } = (await db.execute(sql`
      select a.id from agents a where a.agent_status = 'active' and a.id > ${after}::uuid
      order by a.id limit ${SCORECARD_BATCH}`)) as unknown as { rows: { id: string }[] };
    if (rows.length === 0) break;
    await storeCards(
      db,
      await computeScorecards(
        db,
        rows.map((row) => row.id),
        floors,
        now,
      ),
      now,
    );
    after = rows[rows.length - 1]!.id;
    if (rows.length < SCORECARD_BATCH) break;
    await steps.step();
  }
  await db.execute(sql`
    delete from agent_scorecards s using agents a
    where a.id = s.agent_id and a.agent_status <> 'active'`);
  return [];
}

/**
 * Holds every stored card to `floors` (after the console changes them): the figures stay as the
 * job computed them, their floors, verdicts and `below_floors` follow at once.
 */
export async function applyFloors(db: Db, floors: ScorecardFloors): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ agentId: agentScorecards.agentId, card: agentScorecards.card })
      .from(agentScorecards)
      .where(gt(agentScorecards.agentId, after))
      .orderBy(asc(agentScorecards.agentId))
      .limit(SCORECARD_BATCH);
    if (rows.length === 0) return;
    const cards = rows.map((row) => withFloors(row.card as unknown as Scorecard, floors));
    await db.execute(sql`
      update agent_scorecards s
      set card = v.card, below_floors = array(select jsonb_array_elements_text(v.card->'below_floors'))
      from jsonb_array_elements(${JSON.stringify(cards)}::jsonb) v(card)
      where s.agent_id = (v.card->>'agent_id')::uuid`);
    after = rows[rows.length - 1]!.agentId;
    if (rows.length < SCORECARD_BATCH) return;
  }
}
