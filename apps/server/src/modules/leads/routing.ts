import { chooseAgent, type LeadType, type RoutingCandidate, type RoutingDecision } from '@portal/shared';
import type { Executor } from '../../db/client';
import { type RawStatement, runRaw } from '../../db/raw';
import type { AgentRow } from '../../db/schema';
import { nichesOf } from '../agents/serialize';

/**
 * The agents that could take a lead in this ZIP (GIN lookup on `zipcodes`), with their lead counts
 * of the last 30 days and their newest lead (both read off `leads_agent_created_idx`), then the
 * shared rule decides (DESIGN.md section 5).
 *
 * A named prepared statement: PostgreSQL plans it once per connection instead of on every lead,
 * which was most of the decision's time (planning about 0.4 ms of 0.6). Written as SQL once and
 * run on the executor's own client (`runRaw`), so inside the intake's transaction it runs on that
 * transaction's connection, after the ZIP's lock, and sees every lead committed before it.
 * These are the columns; CANDIDATES reads them for one ZIP, CANDIDATES_BY_ZIP for several.
 */
const CANDIDATE_COLUMNS = `a.id, a.agent_status as "agentStatus", a.excluded_zips as "excludedZips",
      a.excluded_cities as "excludedCities", a.fsbo, a.expired, a.divorced,
      a.recent_buyers as "recentBuyers", a.absentee, a.high_sell_score as "highSellScore",
      a.old_expired as "oldExpired", a.inherited,
      (select count(*)::int from leads l
        where l.agent_id = a.id and l.created_at > now() - interval '30 days') as "leads30",
      (select l.created_at from leads l
        where l.agent_id = a.id order by l.created_at desc nulls last limit 1) as "lastLeadAt"`;
// "nulls last" as the index orders them (created_at is never null): with the default "desc nulls
// first" the planner cannot read the agent's newest lead off the index and walked every lead by
// date instead, most of this statement's time (ADR 47).

const CANDIDATES: RawStatement = {
  name: 'routing_candidates_v3',
  text: `select ${CANDIDATE_COLUMNS}
    from agents a where a.zipcodes @> array[$1::text]`,
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
> & { leads30: number; lastLeadAt: string | Date | null };

type RoutingLead = { zip: string; city: string; lead_type: LeadType };

const candidateOf = (row: CandidateRow, zip: string): RoutingCandidate => ({
  agentId: row.id,
  agentStatus: row.agentStatus,
  zipcodes: [zip],
  excludedZips: row.excludedZips ?? [],
  excludedCities: (row.excludedCities ?? []).map((city) => city.city_name),
  niches: nichesOf(row),
  leadsLast30Days: Number(row.leads30),
  lastLeadAt: row.lastLeadAt ? new Date(row.lastLeadAt) : null,
});

export async function decideRouting(db: Executor, lead: RoutingLead): Promise<RoutingDecision> {
  const rows = await runRaw<CandidateRow>(db, CANDIDATES, [lead.zip]);
  return chooseAgent(
    lead,
    rows.map((row) => candidateOf(row, lead.zip)),
  );
}

/** CANDIDATES for several ZIPs at once, each row with the ZIP it serves (the intake's batches). */
const CANDIDATES_BY_ZIP: RawStatement = {
  name: 'routing_candidates_by_zip_v2',
  text: `select z.zip, ${CANDIDATE_COLUMNS}
    from unnest($1::text[]) z(zip) join agents a on a.zipcodes @> array[z.zip]`,
};

/**
 * The decisions for several leads routed in one transaction (the intake's batch, ADR 45), in
 * their order, as if each had been routed after the ones before it had been stored: one
 * statement reads the candidates of every ZIP, and each lead given to an agent counts for the
 * leads after it (one more lead in 30 days, its newest lead now). The caller holds every ZIP's
 * lock, so no other writer changes these counts meanwhile.
 */
export async function decideRoutingMany(db: Executor, leads: RoutingLead[]): Promise<RoutingDecision[]> {
  const zips = [...new Set(leads.map((lead) => lead.zip))];
  const rows = await runRaw<CandidateRow & { zip: string }>(db, CANDIDATES_BY_ZIP, [zips]);
  const byZip = new Map<string, RoutingCandidate[]>();
  for (const row of rows) {
    const list = byZip.get(row.zip) ?? [];
    list.push(candidateOf(row, row.zip));
    byZip.set(row.zip, list);
  }
  const given = new Map<string, { leads: number; at: Date }>();
  // Each decision's lead is newer than the one before, so a tie on counts still goes to the
  // agent whose last lead is oldest.
  const start = Date.now();
  return leads.map((lead, index) => {
    const candidates = (byZip.get(lead.zip) ?? []).map((candidate) => {
      const earlier = given.get(candidate.agentId);
      return earlier
        ? {
            ...candidate,
            leadsLast30Days: candidate.leadsLast30Days + earlier.leads,
            lastLeadAt: earlier.at,
          }
        : candidate;
    });
    const decision = chooseAgent(lead, candidates);
    if (decision.agentId) {
      given.set(decision.agentId, {
        leads: (given.get(decision.agentId)?.leads ?? 0) + 1,
        at: new Date(start + index),
      });
    }
    return decision;
  });
}
