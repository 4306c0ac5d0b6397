import { describe, expect, it } from 'vitest';
import { AGENT_STATUSES } from '../constants';
import { isOnboardingComplete, statusChangeProblem } from './agent-status';
import { ONBOARDING_SECTIONS, onboardingProgress } from './onboarding';

describe('agent_status transitions (DESIGN.md section 4)', () => {
  it.each([
    ['onboarding', 'active'],
    ['active', 'inactive'],
    ['inactive', 'active'],
    ['active', 'suspended'],
    ['inactive', 'suspended'],
    ['suspended', 'active'],
  ] as const)('a superuser may move %s -> %s', (from, to) => {
    expect(statusChangeProblem(from, to, 'superuser')).toBeNull();
  });

  it('any status but terminated may become terminated; terminated is final', () => {
    for (const from of AGENT_STATUSES.filter((s) => s !== 'terminated')) {
      expect(statusChangeProblem(from, 'terminated', 'superuser')).toBeNull();
    }
    for (const to of AGENT_STATUSES.filter((s) => s !== 'terminated')) {
      expect(statusChangeProblem('terminated', to, 'superuser')).toBe(
        'A terminated agent cannot change status: termination is final.',
      );
    }
  });

  it.each([
    ['onboarding', 'inactive'],
    ['onboarding', 'suspended'],
    ['suspended', 'inactive'],
    ['active', 'onboarding'],
  ] as const)('refuses %s -> %s and says what is allowed', (from, to) => {
    expect(statusChangeProblem(from, to, 'superuser')).toMatch(
      new RegExp(`^An agent who is ${from} cannot become ${to}; from ${from} the status can only become`),
    );
  });

  it('the system makes only the automatic onboarding -> active move', () => {
    expect(statusChangeProblem('onboarding', 'active', 'system')).toBeNull();
    expect(statusChangeProblem('active', 'suspended', 'system')).toBe(
      'Only a superuser can make this status change.',
    );
    expect(statusChangeProblem('active', 'active', 'superuser')).toBe('The agent is already active.');
  });
});

describe('onboarding complete', () => {
  const allSteps = Object.fromEntries(
    ONBOARDING_SECTIONS.flatMap((s) => s.steps).map((step) => [step, true]),
  );
  const complete = {
    onboarding_steps: allSteps,
    agent_headshots_urls: ['/h'],
    brokerage_logo_urls: ['/b'],
    team_logo_urls: [],
    has_real_estate_team: 'no',
    recipients: [{}, {}],
    brokerage: 'Summit',
    broker_of_record: { name: 'Pat', phone: '+16025550100', email: 'p@x.example', is_billing_contact: true },
    has_eo_certificate: 'no',
    eo_certificate: '',
    policy_exp_date: null,
    onboarding_completed_override: false,
  };

  const signed = { ...allSteps, service_agreement: true, master_referral_agreement: true };
  const completeAndSigned = { ...complete, onboarding_steps: signed };

  it('needs every section completed', () => {
    expect(isOnboardingComplete(completeAndSigned)).toBe(true);
    expect(isOnboardingComplete({ ...completeAndSigned, agent_headshots_urls: [] })).toBe(false);
    expect(
      isOnboardingComplete({ ...completeAndSigned, onboarding_steps: { ...signed, videos_upload: false } }),
    ).toBe(false);
  });

  it('shows 100% progress only when activation would happen: every section and both agreements', () => {
    expect(onboardingProgress(completeAndSigned)).toBe(100);
    // Every section done, neither agreement signed: 12 of 14.
    expect(onboardingProgress(complete)).toBe(86);
    expect(
      onboardingProgress({ ...complete, onboarding_steps: { ...allSteps, service_agreement: true } }),
    ).toBe(93);
  });

  it('needs both agreements signed, and the override makes up for anything', () => {
    expect(isOnboardingComplete(complete)).toBe(false);
    expect(
      isOnboardingComplete({ ...complete, onboarding_steps: { ...allSteps, service_agreement: true } }),
    ).toBe(false);
    expect(
      isOnboardingComplete({
        ...complete,
        onboarding_steps: { ...allSteps, master_referral_agreement: true },
      }),
    ).toBe(false);
    expect(isOnboardingComplete({ ...complete, recipients: [], onboarding_completed_override: true })).toBe(
      true,
    );
  });
});
