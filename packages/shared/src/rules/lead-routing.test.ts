import { describe, expect, it } from 'vitest';
import {
  chooseAgent,
  ownCapProblem,
  pauseProblem,
  type RoutingCandidate,
  type RoutingLead,
  sharedRoutingReason,
} from './lead-routing';

const lead: RoutingLead = { zip: '85004', city: 'Phoenix', lead_type: 'fsbo' };
const agent = (agentId: string, overrides: Partial<RoutingCandidate> = {}): RoutingCandidate => ({
  agentId,
  agentStatus: 'active',
  zipcodes: ['85004', '85006'],
  excludedZips: [],
  excludedCities: [],
  niches: {},
  leadsLast30Days: 0,
  lastLeadAt: null,
  pausedUntil: null,
  monthlyCap: null,
  leadsThisMonth: 0,
  belowFloors: [],
  ...overrides,
});

describe('lead routing (DESIGN.md section 5)', () => {
  it('routes to an agent whose ZIP codes contain the lead ZIP', () => {
    const decision = chooseAgent(lead, [agent('a', { zipcodes: ['85006'] }), agent('b')]);
    expect(decision).toMatchObject({ agentId: 'b', candidates: 1 });
    expect(decision.reason).toBe('The only eligible agent for ZIP 85004.');
  });

  it('skips an agent who excluded the ZIP or the city (any case)', () => {
    expect(chooseAgent(lead, [agent('a', { excludedZips: ['85004'] })]).agentId).toBeNull();
    expect(chooseAgent(lead, [agent('a', { excludedCities: [' phoenix '] })])).toMatchObject({
      agentId: null,
      reason: 'No eligible agent for ZIP 85004: city Phoenix is excluded.',
    });
  });

  it('skips an agent with the niche switched off, and one who is not active', () => {
    expect(chooseAgent(lead, [agent('a', { niches: { fsbo: false } })]).reason).toContain(
      'fsbo leads are switched off',
    );
    expect(
      chooseAgent({ ...lead, lead_type: 'expired' }, [agent('a', { niches: { fsbo: false } })]).agentId,
    ).toBe('a');
    for (const status of ['onboarding', 'inactive', 'suspended', 'terminated']) {
      expect(chooseAgent(lead, [agent('a', { agentStatus: status })]).reason).toContain(`agent is ${status}`);
    }
  });

  it('is fair: the fewest leads in the last 30 days wins', () => {
    const decision = chooseAgent(lead, [
      agent('busy', { leadsLast30Days: 5, lastLeadAt: new Date('2026-01-01') }),
      agent('quiet', { leadsLast30Days: 2, lastLeadAt: new Date('2026-11-20') }),
    ]);
    expect(decision).toMatchObject({ agentId: 'quiet', candidates: 2 });
    expect(decision.reason).toBe(
      'Fewest leads in the last 30 days (2) among 2 eligible agents for ZIP 85004.',
    );
  });

  it('breaks ties by the oldest last lead, an agent without any lead first', () => {
    const recent = agent('recent', { leadsLast30Days: 1, lastLeadAt: new Date('2026-11-20T10:00:00Z') });
    const older = agent('older', { leadsLast30Days: 1, lastLeadAt: new Date('2026-11-02T10:00:00Z') });
    expect(chooseAgent(lead, [recent, older]).agentId).toBe('older');
    expect(chooseAgent(lead, [recent, older]).reason).toContain('last lead longest ago');
    const fresh = agent('fresh', { leadsLast30Days: 1, lastLeadAt: null });
    expect(chooseAgent(lead, [recent, older, fresh]).agentId).toBe('fresh');
    // A full tie is settled the same way every time.
    expect(chooseAgent(lead, [agent('z'), agent('m')]).agentId).toBe('m');
    expect(chooseAgent(lead, [agent('m'), agent('z')]).agentId).toBe('m');
  });

  it('leaves the lead unassigned when no agent serves the ZIP', () => {
    expect(chooseAgent(lead, [])).toEqual({
      agentId: null,
      candidates: 0,
      reason: 'No agent serves ZIP 85004.',
    });
  });
});

describe('pause, caps and floors (DESIGN.md section 11)', () => {
  it('skips a paused agent and one at its monthly cap, and says so', () => {
    expect(chooseAgent(lead, [agent('a', { pausedUntil: '2026-12-05' })])).toMatchObject({
      agentId: null,
      reason: 'No eligible agent for ZIP 85004: paused until 2026-12-05.',
    });
    expect(chooseAgent(lead, [agent('a', { monthlyCap: 20, leadsThisMonth: 20 })]).reason).toBe(
      'No eligible agent for ZIP 85004: monthly cap of 20 leads reached.',
    );
    expect(chooseAgent(lead, [agent('a', { monthlyCap: 1, leadsThisMonth: 1 })]).reason).toContain(
      'monthly cap of 1 lead reached',
    );
    // Below the cap the agent takes leads; a cap of 0 stops them all.
    expect(chooseAgent(lead, [agent('a', { monthlyCap: 20, leadsThisMonth: 19 })]).agentId).toBe('a');
    expect(chooseAgent(lead, [agent('a', { monthlyCap: 0 })]).agentId).toBeNull();

    const decision = chooseAgent(lead, [
      agent('away', { pausedUntil: '2026-12-05' }),
      agent('full', { monthlyCap: 3, leadsThisMonth: 3 }),
      agent('busy', { leadsLast30Days: 4 }),
      agent('quiet', { leadsLast30Days: 2 }),
    ]);
    expect(decision).toMatchObject({ agentId: 'quiet', candidates: 2 });
    expect(decision.reason).toBe(
      'Fewest leads in the last 30 days (2) among 2 eligible agents for ZIP 85004; 1 paused, 1 at its monthly cap left out.',
    );
  });

  it('names a pause or cap only for agents who would otherwise have taken the lead', () => {
    const decision = chooseAgent(lead, [
      agent('elsewhere', { zipcodes: ['85006'], pausedUntil: '2026-12-05' }),
      agent('switched-off', { niches: { fsbo: false }, monthlyCap: 0 }),
      agent('open'),
    ]);
    expect(decision.reason).toBe('The only eligible agent for ZIP 85004.');
  });

  it('prefers agents below no floor, fairness among them as usual', () => {
    const decision = chooseAgent(lead, [
      agent('slow', { leadsLast30Days: 0, belowFloors: ['contacted_within_hour'] }),
      agent('busy', { leadsLast30Days: 4 }),
      agent('quiet', { leadsLast30Days: 2 }),
      agent('away', { pausedUntil: '2026-12-05' }),
    ]);
    expect(decision).toMatchObject({ agentId: 'quiet', candidates: 3 });
    expect(decision.reason).toBe(
      'Fewest leads in the last 30 days (2) among 2 eligible agents for ZIP 85004; 1 paused, 1 below a floor (Contacted within 1 hour) left out.',
    );
  });

  it('gives the lead to an agent below a floor when nobody meets every floor, naming the floors', () => {
    const decision = chooseAgent(lead, [
      agent('slow', { leadsLast30Days: 3, belowFloors: ['contacted_within_hour'] }),
      agent('closer', { leadsLast30Days: 1, belowFloors: ['contacted_within_hour', 'closing_rate'] }),
    ]);
    expect(decision).toMatchObject({ agentId: 'closer', candidates: 2 });
    expect(decision.reason).toBe(
      'Fewest leads in the last 30 days (1) among 2 eligible agents for ZIP 85004; no eligible agent meets every floor, and this one is below Contacted within 1 hour, Closing rate.',
    );
    expect(chooseAgent(lead, [agent('slow', { belowFloors: ['acceptance'] })]).reason).toBe(
      'The only eligible agent for ZIP 85004; no eligible agent meets every floor, and this one is below Offers accepted.',
    );
  });
});

describe('what a pause and an own cap may be', () => {
  it('pauses until a day after today, at most a year ahead', () => {
    expect(pauseProblem('2026-11-27', '2026-11-26')).toBeNull();
    expect(pauseProblem('2026-11-26', '2026-11-26')).toBe(
      'Pause until a day after today (2026-11-26): leads start again on that day',
    );
    expect(pauseProblem('2026-11-01', '2026-11-26')).not.toBeNull();
    expect(pauseProblem('2027-11-26', '2026-11-26')).toBeNull();
    expect(pauseProblem('2027-11-27', '2026-11-26')).toBe(
      'A pause lasts at most a year: choose a day until 2027-11-26',
    );
    // From 29 February, a year ahead is 28 February.
    expect(pauseProblem('2029-03-01', '2028-02-29')).toContain('until 2029-02-28');
  });

  it("keeps the agent's own cap at or below the office's", () => {
    expect(ownCapProblem(8, 20)).toBeNull();
    expect(ownCapProblem(20, 20)).toBeNull();
    expect(ownCapProblem(25, 20)).toBe("Your cap cannot be above the office's cap of 20 leads a month");
    expect(ownCapProblem(25, null)).toBeNull();
    expect(ownCapProblem(null, 20)).toBeNull();
  });
});

describe('the routing reason outside the console', () => {
  it('says why the lead is the agent’s, never how many others serve the ZIP', () => {
    const routed = { zip: '85004', lead_type: 'fsbo' as const, decision: 'assigned' as const };
    expect(sharedRoutingReason(routed, 'you')).toBe(
      'Sent to you because 85004 is in your service area and you take FSBO leads.',
    );
    expect(sharedRoutingReason({ ...routed, lead_type: 'expired' }, 'agent')).toBe(
      'Sent to this agent because 85004 is in their service area and they take expired listing leads.',
    );
    expect(sharedRoutingReason({ ...routed, decision: 'manual' }, 'you')).toBe(
      'Assigned to you by the office.',
    );
  });
});
