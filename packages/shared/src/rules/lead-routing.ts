import { LEAD_TYPE_LABELS, type LeadType } from '../constants';

/**
 * The routing decision of DESIGN.md section 5, with no I/O: the server's query narrows the
 * agents to those whose ZIP codes contain the lead's ZIP (an indexed lookup) and passes them here
 * with their recent lead counts; this function applies every rule and explains its choice.
 */

export interface RoutingLead {
  zip: string;
  city: string;
  lead_type: LeadType;
}

export interface RoutingCandidate {
  agentId: string;
  agentStatus: string;
  zipcodes: readonly string[];
  excludedZips: readonly string[];
  excludedCities: readonly string[];
  /** Niche switches: lead type -> on/off. */
  niches: Partial<Record<LeadType, boolean>>;
  /** Leads routed to the agent in the last 30 days. */
  leadsLast30Days: number;
  /** When the agent's newest lead arrived; null if never. */
  lastLeadAt: Date | null;
}

export interface RoutingDecision {
  agentId: string | null;
  reason: string;
  /** Agents that could take the lead. */
  candidates: number;
}

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why an agent cannot take the lead, or null when it can. */
export function ineligibility(lead: RoutingLead, agent: RoutingCandidate): string | null {
  if (agent.agentStatus !== 'active') return `agent is ${agent.agentStatus}`;
  if (!agent.zipcodes.includes(lead.zip)) return `ZIP ${lead.zip} is not in the service area`;
  if (agent.excludedZips.includes(lead.zip)) return `ZIP ${lead.zip} is excluded`;
  if (lead.city && agent.excludedCities.some((city) => sameCity(city, lead.city))) {
    return `city ${lead.city} is excluded`;
  }
  if (agent.niches[lead.lead_type] === false) return `${lead.lead_type} leads are switched off`;
  return null;
}

/** Fewest leads in 30 days first; then the one whose last lead is oldest (never = oldest); then id. */
function compare(a: RoutingCandidate, b: RoutingCandidate): number {
  if (a.leadsLast30Days !== b.leadsLast30Days) return a.leadsLast30Days - b.leadsLast30Days;
  const aLast = a.lastLeadAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const bLast = b.lastLeadAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (aLast !== bLast) return aLast < bLast ? -1 : 1;
  return a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0;
}

export function chooseAgent(lead: RoutingLead, agents: readonly RoutingCandidate[]): RoutingDecision {
  const eligible = agents.filter((agent) => ineligibility(lead, agent) === null);
  if (eligible.length === 0) {
    const reasons = agents.map((agent) => ineligibility(lead, agent));
    return {
      agentId: null,
      candidates: 0,
      reason:
        agents.length === 0
          ? `No agent serves ZIP ${lead.zip}.`
          : `No eligible agent for ZIP ${lead.zip}: ${[...new Set(reasons)].join('; ')}.`,
    };
  }
  const [winner, runnerUp] = [...eligible].sort(compare);
  const chosen = winner!;
  const among = `${eligible.length} eligible agents for ZIP ${lead.zip}`;
  let reason: string;
  if (!runnerUp) reason = `The only eligible agent for ZIP ${lead.zip}.`;
  else if (runnerUp.leadsLast30Days > chosen.leadsLast30Days) {
    reason = `Fewest leads in the last 30 days (${chosen.leadsLast30Days}) among ${among}.`;
  } else if ((runnerUp.lastLeadAt?.getTime() ?? 0) !== (chosen.lastLeadAt?.getTime() ?? 0)) {
    reason = `Tied at ${chosen.leadsLast30Days} leads in 30 days among ${among}; ${
      chosen.lastLeadAt ? `last lead longest ago (${chosen.lastLeadAt.toISOString()})` : 'no lead yet'
    }.`;
  } else reason = `Tied on leads and last lead among ${among}; first by id.`;
  return { agentId: chosen.agentId, candidates: eligible.length, reason };
}

/** Who reads a lead's routing outside the console: the agent and their recipients, or an office. */
export type RoutingReader = 'you' | 'agent';

/**
 * The routing reason shown outside the superuser console: why the lead is this agent's, in words
 * that are true for them to read. It never says how many agents serve the ZIP or how they were
 * weighed (the full reason stays on the lead for the console). `you` for the agent and their
 * recipients, `agent` for an office or a group manager looking at an agent's lead.
 */
export function sharedRoutingReason(
  lead: {
    zip: string;
    lead_type: LeadType | string;
    decision: 'assigned' | 'unassigned' | 'manual' | string;
  },
  reader: RoutingReader,
): string {
  const label = LEAD_TYPE_LABELS[lead.lead_type as LeadType] ?? lead.lead_type.replaceAll('_', ' ');
  // "FSBO" stays as it is written; "Expired listing" reads within a sentence.
  const type = label === label.toUpperCase() ? label : label.toLowerCase();
  if (lead.decision === 'manual')
    return `Assigned to ${reader === 'you' ? 'you' : 'this agent'} by the office.`;
  if (lead.decision !== 'assigned') return 'Not assigned to an agent yet.';
  return reader === 'you'
    ? `Sent to you because ${lead.zip} is in your service area and you take ${type} leads.`
    : `Sent to this agent because ${lead.zip} is in their service area and they take ${type} leads.`;
}
