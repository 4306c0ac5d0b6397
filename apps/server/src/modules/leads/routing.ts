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
 */
const CANDIDATES: RawStatement = {
  name: 'routing_candidates_v2',
  text: `select a.id, a.agent_status as "agentStatus", a.excluded_zips as "excludedZips",
      a.excluded_cities as "excludedCities", a.fsbo, a.expired, a.divorced,
      a.recent_buyers as "recentBuyers", a.absentee, a.high_sell_score as "highSellScore",
      a.old_expired as "oldExpired", a.inherited,
      (select count(*)::int from leads l
        where l.agent_id = a.id and l.created_at > now() - interval '30 days') as "leads30",
      (select l.created_at from leads l
        where l.agent_id = a.id order by l.created_at desc limit 1) as "lastLeadAt"
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

export async function decideRouting(
  db: Executor,
  lead: { zip: string; city: string; lead_type: LeadType },
): Promise<RoutingDecision> {
  const rows = await runRaw<CandidateRow>(db, CANDIDATES, [lead.zip]);
  const candidates: RoutingCandidate[] = rows.map((row) => ({
    agentId: row.id,
    agentStatus: row.agentStatus,
    zipcodes: [lead.zip],
    excludedZips: row.excludedZips ?? [],
    excludedCities: (row.excludedCities ?? []).map((city) => city.city_name),
    niches: nichesOf(row),
    leadsLast30Days: Number(row.leads30),
    lastLeadAt: row.lastLeadAt ? new Date(row.lastLeadAt) : null,
  }));
  return chooseAgent(lead, candidates);
}
