import { describe, expect, it } from 'vitest';
import { SIGNUP_STATUSES } from '../constants';
import { isRatingRequired, ratingTrend } from './rating';
import { canAdvanceSignup, nextSignupStatus, signupProgress } from './signup';
import { canSeePortal } from './visibility';

describe('signup order', () => {
  it('is the canonical order of SPEC.md section 4', () => {
    expect(SIGNUP_STATUSES).toEqual([
      'serviceAgreement',
      'brokerageInfo',
      'masterAgreement',
      'mailingAddress',
      'timezone',
      'sms',
      'email',
      'saveTheNumber',
      'lsa',
      'googleAds',
      'eoInsurance',
      'zoom',
      'countdown',
      'complete',
    ]);
  });

  it('moves one status forward at a time and ends at complete', () => {
    expect(nextSignupStatus('mailingAddress')).toBe('timezone');
    expect(nextSignupStatus('countdown')).toBe('complete');
    expect(nextSignupStatus('complete')).toBeNull();
    expect(canAdvanceSignup('sms', 'email')).toBe(true);
    expect(canAdvanceSignup('sms', 'lsa')).toBe(false);
    expect(canAdvanceSignup('sms', 'timezone')).toBe(false);
  });

  it('measures progress from where registration enters', () => {
    expect(signupProgress('mailingAddress')).toBe(0);
    expect(signupProgress('complete')).toBe(100);
    expect(signupProgress('lsa')).toBeGreaterThan(signupProgress('sms'));
  });

  it('counts the pages ticked, so the share matches the steps marked done', () => {
    // From registration the wizard shows 11 pages; at the time zone, the address and the name are done.
    expect(signupProgress('timezone')).toBe(18);
    // personalInfo is the second page of the mailingAddress status: the saved address counts.
    expect(signupProgress('mailingAddress', { addressSaved: true })).toBe(9);
    expect(signupProgress('email')).toBe(36);
    expect(signupProgress('countdown')).toBe(91);
    // Set back before registration's entry, the agent sees all 14 pages.
    expect(signupProgress('serviceAgreement')).toBe(0);
    expect(signupProgress('brokerageInfo')).toBe(7);
  });
});

describe('portal visibility (SPEC.md section 6)', () => {
  it('is never granted to corporate users', () => {
    expect(
      canSeePortal('can_see_portal_zips', { userRole: 'corporate', agent: { can_see_portal_zips: true } }),
    ).toBe(false);
  });
  it('follows the corporate affiliation first', () => {
    expect(
      canSeePortal('can_see_portal_onboarding', {
        userRole: 'agent',
        affiliationPreferences: { can_see_portal_onboarding: false },
        agent: { can_see_portal_onboarding: true },
      }),
    ).toBe(false);
  });
  it('then the agent’s own preference', () => {
    expect(
      canSeePortal('can_see_portal_recipients', {
        userRole: 'agent',
        affiliationPreferences: {},
        agent: { can_see_portal_recipients: false },
      }),
    ).toBe(false);
  });
  it('and is visible by default', () => {
    expect(
      canSeePortal('can_see_portal_zips', { userRole: 'agent', agent: { can_see_portal_zips: null } }),
    ).toBe(true);
  });
});

describe('rating', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const base = {
    agent_status: 'active',
    signup_status: 'complete',
    onboarding_date: '2026-10-01T00:00:00Z',
    last_rating_date: null,
  };
  it('is due 30 days after onboarding for an active agent who has not rated', () => {
    expect(isRatingRequired(base, now)).toBe(true);
    expect(isRatingRequired({ ...base, onboarding_date: '2026-11-01T00:00:00Z' }, now)).toBe(false);
    expect(isRatingRequired({ ...base, agent_status: 'onboarding' }, now)).toBe(false);
    expect(isRatingRequired({ ...base, last_rating_date: '2026-11-10T00:00:00Z' }, now)).toBe(false);
    expect(isRatingRequired({ ...base, last_rating_date: '2026-10-10T00:00:00Z' }, now)).toBe(true);
  });
  it('trend compares the latest score with the mean of the three before', () => {
    expect(ratingTrend([3])).toBeNull();
    expect(ratingTrend([2, 2, 2, 3])).toBe('improving');
    expect(ratingTrend([4, 4, 4, 3.5])).toBe('declining');
    expect(ratingTrend([1, 4, 4, 4, 4.2])).toBe('stable');
  });
});
