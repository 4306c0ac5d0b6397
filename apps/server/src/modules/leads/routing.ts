import { chooseAgent, type LeadType, type RoutingCandidate, type RoutingDecision } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The agents that could take a lead in this ZIP (GIN lookup on `zipcodes`), with their lead counts
 * of the last 30 days and their newest lead, then the shared rule decides (DESIGN.md section 5).
 */
export async function decideRouting(
  db: Executor,
  lead: { zip: string; city: string; lead_type: LeadType },
): Promise<RoutingDecision> {
  interface Row {
    id: string;
    agent_status: string;
    excluded_zips: string[];
    excluded_cities: { city_name: string }[] | null;
    niches: Record<string, boolean>;
    leads_30: number;
    last_lead_at: string | Date | null;
  }
  const result = (await db.execute(sql`
    select a.id, a.agent_status, a.excluded_zips, a.excluded_cities,
      json_build_object(
        'fsbo', a.fsbo, 'expired', a.expired, 'divorced', a.divorced, 'recent_buyers', a.recent_buyers,
        'absentee', a.absentee, 'high_sell_score', a.high_sell_score, 'old_expired', a.old_expired,
        'inherited', a.inherited
      ) as niches,
      (select count(*)::int from leads l
        where l.agent_id = a.id and l.created_at > now() - interval '30 days') as leads_30,
      (select max(l.created_at) from leads l where l.agent_id = a.id) as last_lead_at
    from agents a
    where a.zipcodes @> array[${lead.zip}]::text[]
  `)) as unknown as { rows: Row[] };
  const candidates: RoutingCandidate[] = result.rows.map((row) => ({
    agentId: row.id,
    agentStatus: row.agent_status,
    zipcodes: [lead.zip],
    excludedZips: row.excluded_zips ?? [],
    excludedCities: (row.excluded_cities ?? []).map((city) => city.city_name),
    niches: row.niches as RoutingCandidate['niches'],
    leadsLast30Days: Number(row.leads_30),
    lastLeadAt: row.last_lead_at ? new Date(row.last_lead_at) : null,
  }));
  return chooseAgent(lead, candidates);
}
