import { LEAD_TYPE_LABELS, type LeadType } from '../constants';
import { floorLabels, SCORECARD_FIGURES, type ScorecardFigureKey } from './scorecard';

/**
 * The routing decision of DESIGN.md sections 5 and 11, with no I/O: the server's query narrows
 * the agents to those whose ZIP codes contain the lead's ZIP (an indexed lookup) and passes them
 * here with their recent lead counts, pause, cap and the floors they miss; this function applies
 * every rule and explains its choice (ADR 62).
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
  /** The day leads start again (YYYY-MM-DD), only while the agent is paused; null otherwise. */
  pausedUntil: string | null;
  /** Leads a month: the lower of the office's cap and the agent's own; null without a cap. */
  monthlyCap: number | null;
  /** Leads that reached the agent this calendar month (the agent's) and are still theirs. */
  leadsThisMonth: number;
  /** The scorecard floors the agent misses (its last scorecard run). */
  belowFloors: readonly ScorecardFigureKey[];
}

export interface RoutingDecision {
  agentId: string | null;
  reason: string;
  /** Agents that could take the lead. */
  candidates: number;
}

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const leads = (n: number) => `${n} lead${n === 1 ? '' : 's'}`;

/** Why an agent cannot take the lead, or null when it can. */
export function ineligibility(lead: RoutingLead, agent: RoutingCandidate): string | null {
  if (agent.agentStatus !== 'active') return `agent is ${agent.agentStatus}`;
  if (!agent.zipcodes.includes(lead.zip)) return `ZIP ${lead.zip} is not in the service area`;
  if (agent.excludedZips.includes(lead.zip)) return `ZIP ${lead.zip} is excluded`;
  if (lead.city && agent.excludedCities.some((city) => sameCity(city, lead.city))) {
    return `city ${lead.city} is excluded`;
  }
  if (agent.niches[lead.lead_type] === false) return `${lead.lead_type} leads are switched off`;
  // Pause and cap come last: an agent skipped for them would otherwise have taken the lead, which
  // is what the reason of a decision counts.
  if (agent.pausedUntil !== null) return `paused until ${agent.pausedUntil}`;
  if (agent.monthlyCap !== null && agent.leadsThisMonth >= agent.monthlyCap) {
    return `monthly cap of ${leads(agent.monthlyCap)} reached`;
  }
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

/** The floors missed by any of these agents, in the scorecard's order, once each. */
function floorsOf(agents: readonly RoutingCandidate[]): ScorecardFigureKey[] {
  const keys = new Set(agents.flatMap((agent) => agent.belowFloors));
  return SCORECARD_FIGURES.filter((key) => keys.has(key));
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
  // Agents who would have taken the lead but for their pause or cap, for the reason to say so.
  let paused = 0;
  let full = 0;
  for (const agent of agents) {
    const why = ineligibility(lead, agent);
    if (why?.startsWith('paused until ')) paused += 1;
    else if (why?.startsWith('monthly cap of ')) full += 1;
  }
  // Those below no floor first; the others only when nobody meets every floor.
  const meeting = eligible.filter((agent) => agent.belowFloors.length === 0);
  const pool = meeting.length > 0 ? meeting : eligible;
  const below = meeting.length > 0 ? eligible.filter((agent) => agent.belowFloors.length > 0) : [];

  const [winner, runnerUp] = [...pool].sort(compare);
  const chosen = winner!;
  const among = `${pool.length} eligible agent${pool.length === 1 ? '' : 's'} for ZIP ${lead.zip}`;
  let reason: string;
  if (!runnerUp) reason = `The only eligible agent for ZIP ${lead.zip}`;
  else if (runnerUp.leadsLast30Days > chosen.leadsLast30Days) {
    reason = `Fewest leads in the last 30 days (${chosen.leadsLast30Days}) among ${among}`;
  } else if ((runnerUp.lastLeadAt?.getTime() ?? 0) !== (chosen.lastLeadAt?.getTime() ?? 0)) {
    reason = `Tied at ${chosen.leadsLast30Days} leads in 30 days among ${among}; ${
      chosen.lastLeadAt ? `last lead longest ago (${chosen.lastLeadAt.toISOString()})` : 'no lead yet'
    }`;
  } else reason = `Tied on leads and last lead among ${among}; first by id`;
  if (meeting.length === 0 && chosen.belowFloors.length > 0) {
    reason += `; no eligible agent meets every floor, and this one is below ${floorLabels(chosen.belowFloors)}`;
  }
  const skipped = [
    paused > 0 ? `${paused} paused` : '',
    full > 0 ? `${full} at ${full === 1 ? 'its' : 'their'} monthly cap` : '',
    below.length > 0 ? `${below.length} below a floor (${floorLabels(floorsOf(below))})` : '',
  ].filter(Boolean);
  if (skipped.length > 0) reason += `; ${skipped.join(', ')} left out`;
  return { agentId: chosen.agentId, candidates: eligible.length, reason: `${reason}.` };
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

/** The same day a year later (28 February for 29 February), as YYYY-MM-DD. */
function yearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/**
 * Why leads cannot be paused until `until`, or null: it is a day after `today` (both in the
 * agent's calendar; leads start again on it) and at most a year ahead.
 */
export function pauseProblem(until: string, today: string): string | null {
  if (until <= today) return `Pause until a day after today (${today}): leads start again on that day`;
  const latest = yearAfter(today);
  if (until > latest) return `A pause lasts at most a year: choose a day until ${latest}`;
  return null;
}

/** Why the agent's own monthly cap cannot be `own`, or null: it is never above the office's. */
export function ownCapProblem(own: number | null, office: number | null): string | null {
  if (own !== null && office !== null && own > office) {
    return `Your cap cannot be above the office's cap of ${leads(office)} a month`;
  }
  return null;
}
