import { describe, expect, it } from 'vitest';
import { chooseAgent, type RoutingCandidate, type RoutingLead, sharedRoutingReason } from './lead-routing';

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
