import {
  chooseAgent,
  type LeadType,
  type RoutingCandidate,
  type RoutingDecision,
  type ScorecardFigureKey,
  type ScorecardFloors,
} from '@portal/shared';
import type { Executor } from '../../db/client';
import { type RawStatement, runRaw } from '../../db/raw';
import type { AgentRow } from '../../db/schema';
import { readSettings } from '../../lib/settings';
import { nichesOf } from '../agents/serialize';
import { zoneCalendar } from './capacity';

/**
 * The agents that could take a lead in this ZIP (GIN lookup on `zipcodes`), with their lead counts
 * of the last 30 days and their newest lead (both read off `leads_agent_created_idx`), their pause
 * and cap with this month's leads (`leads_agent_assigned_idx`, counted only under a cap) and the
 * floors their last scorecard missed (`agent_scorecards`), then the shared rule decides (DESIGN.md
 * sections 5 and 11, ADR 62).
 *
 * A named prepared statement: PostgreSQL plans it once per connection instead of on every lead,
 * which was most of the decision's time (planning about 0.4 ms of 0.6). Written as SQL once and
 * run on the executor's own client (`runRaw`), so inside the intake's transaction it runs on that
 * transaction's connection, after the ZIP's lock, and sees every lead committed before it.
 * These are the columns; CANDIDATES reads them for one ZIP, CANDIDATES_BY_ZIP for several. Both
 * take the agents left out as $2 and the zones' calendar (`zoneCalendar`) as $3 to $7: each zone
 * an agent may name with its today and the start of its month, and the office's for any other.
 */
const CANDIDATE_COLUMNS = `a.id, a.agent_status as "agentStatus", a.excluded_zips as "excludedZips",
      a.excluded_cities as "excludedCities", a.fsbo, a.expired, a.divorced,
      a.recent_buyers as "recentBuyers", a.absentee, a.high_sell_score as "highSellScore",
      a.old_expired as "oldExpired", a.inherited,
      (select count(*)::int from leads l
        where l.agent_id = a.id and l.created_at > now() - interval '30 days') as "leads30",
      (select l.created_at from leads l
        where l.agent_id = a.id order by l.created_at desc nulls last limit 1) as "lastLeadAt",
      case when a.paused_until > coalesce(z.today, $6::date) then a.paused_until::text end as "pausedUntil",
      least(a.monthly_lead_cap, a.own_monthly_lead_cap) as "monthlyCap",
      case when least(a.monthly_lead_cap, a.own_monthly_lead_cap) is null then 0
        else (select count(*)::int from leads l where l.agent_id = a.id
          and l.assigned_at >= coalesce(z.month_start, $7::timestamptz)) end as "leadsThisMonth",
      coalesce((select s.below_floors from agent_scorecards s where s.agent_id = a.id),
        '{}'::text[]) as "belowFloors"`;
// "nulls last" as the index orders them (created_at is never null): with the default "desc nulls
// first" the planner cannot read the agent's newest lead off the index and walked every lead by
// date instead, most of this statement's time (ADR 47).

/**
 * The agent's zone: one of $3, else the office's. The scorecard is read per candidate by its key
 * (above): as a join, the plan read every agent's card.
 */
const CANDIDATE_JOINS = `left join unnest($3::text[], $4::date[], $5::timestamptz[]) z(zone, today, month_start)
      on z.zone = a.timezone`;

const CANDIDATES: RawStatement = {
  name: 'routing_candidates_v5',
  text: `select ${CANDIDATE_COLUMNS}
    from agents a ${CANDIDATE_JOINS}
    where a.zipcodes @> array[$1::text] and a.id <> all($2::uuid[])`,
};

type CandidateRow = Pick<
  AgentRow,
  | 'id'
  | 'agentStatus'
  | 'excludedZips'
  | 'excludedCities'
  | 'fsbo'
  | 'expired'
  | 'divorced'
  | 'recentBuyers'
  | 'absentee'
  | 'highSellScore'
  | 'oldExpired'
  | 'inherited'
> & {
  leads30: number;
  lastLeadAt: string | Date | null;
  pausedUntil: string | null;
  monthlyCap: number | null;
  leadsThisMonth: number;
  belowFloors: string[] | null;
};

type RoutingLead = { zip: string; city: string; lead_type: LeadType };

/** A lead of decideRoutingMany, with the agents left out of its decision alone (offers, ADR 62). */
type BatchLead = RoutingLead & { exclude?: string[] };

/**
 * The floors an agent's last scorecard missed that the network still sets: a floor removed in the
 * console stops counting at once, one added waits for the next scorecard run.
 */
const missed = (belowFloors: string[] | null, floors: ScorecardFloors): ScorecardFigureKey[] =>
  (belowFloors ?? []).filter(
    (key): key is ScorecardFigureKey => key in floors && floors[key as ScorecardFigureKey] !== null,
  );

const candidateOf = (row: CandidateRow, zip: string, floors: ScorecardFloors): RoutingCandidate => ({
  agentId: row.id,
  agentStatus: row.agentStatus,
  zipcodes: [zip],
  excludedZips: row.excludedZips ?? [],
  excludedCities: (row.excludedCities ?? []).map((city) => city.city_name),
  niches: nichesOf(row),
  leadsLast30Days: Number(row.leads30),
  lastLeadAt: row.lastLeadAt ? new Date(row.lastLeadAt) : null,
  pausedUntil: row.pausedUntil ?? null,
  monthlyCap: row.monthlyCap === null ? null : Number(row.monthlyCap),
  leadsThisMonth: Number(row.leadsThisMonth),
  belowFloors: missed(row.belowFloors, floors),
});

export interface RoutingOptions {
  /** Agents left out: those a lead was already offered to, its holder. */
  exclude?: string[];
  /** The office's zone (OFFICE_TIMEZONE), for agents without one of their own. */
  officeZone?: string;
}

/** $3 to $7 of the statements. */
function calendarParams(officeZone: string | undefined): unknown[] {
  const calendar = zoneCalendar(officeZone);
  return [calendar.zones, calendar.days, calendar.monthStarts, calendar.officeDay, calendar.officeMonthStart];
}

export async function decideRouting(
  db: Executor,
  lead: RoutingLead,
  options: RoutingOptions = {},
): Promise<RoutingDecision> {
  // Settings first: kept for seconds, so almost never a statement of their own.
  const settings = await readSettings(db);
  const rows = await runRaw<CandidateRow>(db, CANDIDATES, [
    lead.zip,
    options.exclude ?? [],
    ...calendarParams(options.officeZone),
  ]);
  return decide(
    lead,
    rows.map((row) => candidateOf(row, lead.zip, settings.routing.floors)),
    (options.exclude ?? []).length > 0,
  );
}

/** The shared rule's decision; with agents left out and nobody else, it says "no other agent". */
function decide(lead: RoutingLead, candidates: RoutingCandidate[], excluded: boolean): RoutingDecision {
  if (candidates.length === 0 && excluded) {
    return { agentId: null, candidates: 0, reason: `No other agent serves ZIP ${lead.zip}.` };
  }
  return chooseAgent(lead, candidates);
}

/** CANDIDATES for several ZIPs at once, each row with the ZIP it serves (the intake's batches). */
const CANDIDATES_BY_ZIP: RawStatement = {
  name: 'routing_candidates_by_zip_v4',
  text: `select z0.zip, ${CANDIDATE_COLUMNS}
    from unnest($1::text[]) z0(zip) join agents a on a.zipcodes @> array[z0.zip] ${CANDIDATE_JOINS}
    where a.id <> all($2::uuid[])`,
};

/**
 * The decisions for several leads routed in one transaction (the intake's batch, ADR 45), in
 * their order, as if each had been routed after the ones before it had been stored: one
 * statement reads the candidates of every ZIP, and each lead given to an agent counts for the
 * leads after it (one more lead in 30 days and this month, its newest lead now). The caller holds
 * every ZIP's lock, so no other writer changes these counts meanwhile.
 */
export async function decideRoutingMany(
  db: Executor,
  leads: BatchLead[],
  options: RoutingOptions = {},
): Promise<RoutingDecision[]> {
  const zips = [...new Set(leads.map((lead) => lead.zip))];
  const settings = await readSettings(db);
  const rows = await runRaw<CandidateRow & { zip: string }>(db, CANDIDATES_BY_ZIP, [
    zips,
    options.exclude ?? [],
    ...calendarParams(options.officeZone),
  ]);
  const byZip = new Map<string, RoutingCandidate[]>();
  for (const row of rows) {
    const list = byZip.get(row.zip) ?? [];
    list.push(candidateOf(row, row.zip, settings.routing.floors));
    byZip.set(row.zip, list);
  }
  const given = new Map<string, { leads: number; at: Date }>();
  // Each decision's lead is newer than the one before, so a tie on counts still goes to the
  // agent whose last lead is oldest.
  const start = Date.now();
  return leads.map((lead, index) => {
    const all = byZip.get(lead.zip) ?? [];
    const own = lead.exclude?.length
      ? all.filter((candidate) => !lead.exclude!.includes(candidate.agentId))
      : all;
    const candidates = own.map((candidate) => {
      const earlier = given.get(candidate.agentId);
      return earlier
        ? {
            ...candidate,
            leadsLast30Days: candidate.leadsLast30Days + earlier.leads,
            leadsThisMonth: candidate.leadsThisMonth + earlier.leads,
            lastLeadAt: earlier.at,
          }
        : candidate;
    });
    const decision = decide(lead, candidates, own.length < all.length);
    if (decision.agentId) {
      given.set(decision.agentId, {
        leads: (given.get(decision.agentId)?.leads ?? 0) + 1,
        at: new Date(start + index),
      });
    }
    return decision;
  });
}
