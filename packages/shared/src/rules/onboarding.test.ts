import { describe, expect, it } from 'vitest';
import {
  deriveOnboardingSteps,
  isStepComplete,
  ONBOARDING_SECTIONS,
  type OnboardingInput,
  sectionStatus,
  stepMarkProblem,
} from './onboarding';

const agent = (overrides: Partial<OnboardingInput> = {}): OnboardingInput => ({
  onboarding_steps: {},
  agent_headshots_urls: [],
  brokerage_logo_urls: [],
  team_logo_urls: [],
  has_real_estate_team: 'no',
  recipients: [{}],
  brokerage: '',
  broker_of_record: null,
  has_eo_certificate: 'yes',
  eo_certificate: '',
  policy_exp_date: null,
  ...overrides,
});

describe('step completion (SPEC.md section 4)', () => {
  it('headshots: at least one headshot exists', () => {
    expect(isStepComplete('headshots', agent())).toBe(false);
    expect(isStepComplete('headshots', agent({ agent_headshots_urls: ['/a'] }))).toBe(true);
    // A stored flag does not make up for a missing photo.
    expect(isStepComplete('headshots', agent({ onboarding_steps: { headshots: true } }))).toBe(false);
  });

  it('branding: a brokerage logo, and a team logo when the agent has a team', () => {
    expect(isStepComplete('branding', agent({ brokerage_logo_urls: ['/b'] }))).toBe(true);
    expect(
      isStepComplete('branding', agent({ brokerage_logo_urls: ['/b'], has_real_estate_team: 'yes' })),
    ).toBe(false);
    expect(
      isStepComplete(
        'branding',
        agent({ brokerage_logo_urls: ['/b'], has_real_estate_team: 'yes', team_logo_urls: ['/t'] }),
      ),
    ).toBe(true);
    expect(isStepComplete('branding', agent({ team_logo_urls: ['/t'] }))).toBe(false);
  });

  it('lead_routing: more than one recipient', () => {
    expect(isStepComplete('lead_routing', agent({ recipients: [{}] }))).toBe(false);
    expect(isStepComplete('lead_routing', agent({ recipients: [{}, {}] }))).toBe(true);
  });

  it('broker_of_record: flagged, or complete broker and billing contact', () => {
    const broker = {
      name: 'B',
      phone: '1',
      email: 'b@x.com',
      is_billing_contact: true,
      billing_contact: null,
    };
    expect(isStepComplete('broker_of_record', agent({ onboarding_steps: { broker_of_record: true } }))).toBe(
      true,
    );
    expect(isStepComplete('broker_of_record', agent({ broker_of_record: broker }))).toBe(false); // no brokerage
    expect(isStepComplete('broker_of_record', agent({ broker_of_record: broker, brokerage: 'Summit' }))).toBe(
      true,
    );
    const notBilling = { ...broker, is_billing_contact: false };
    expect(isStepComplete('broker_of_record', agent({ broker_of_record: notBilling, brokerage: 'S' }))).toBe(
      false,
    );
    expect(
      isStepComplete(
        'broker_of_record',
        agent({
          broker_of_record: { ...notBilling, billing_contact: { name: 'C', phone: '2', email: 'c@x.com' } },
          brokerage: 'S',
        }),
      ),
    ).toBe(true);
  });

  it('eo_insurance: no E&O, or a certificate with its expiry, or flagged', () => {
    expect(isStepComplete('eo_insurance', agent({ has_eo_certificate: 'no' }))).toBe(true);
    expect(isStepComplete('eo_insurance', agent({ eo_certificate: '/c' }))).toBe(false);
    expect(
      isStepComplete('eo_insurance', agent({ eo_certificate: '/c', policy_exp_date: '2027-01-01' })),
    ).toBe(true);
    expect(isStepComplete('eo_insurance', agent({ onboarding_steps: { eo_insurance: true } }))).toBe(true);
  });

  it('the other steps follow their stored flags', () => {
    for (const step of [
      'introduction',
      'my_team',
      'service_area',
      'licenses_details',
      'additional_photos',
      'script_instructions',
      'videos_upload',
    ]) {
      expect(isStepComplete(step, agent())).toBe(false);
      expect(isStepComplete(step, agent({ onboarding_steps: { [step]: true } }))).toBe(true);
    }
    expect(isStepComplete('introduction', agent({ onboarding_steps: { introduction: 'watched' } }))).toBe(
      true,
    );
  });
});

describe('derived steps and section status', () => {
  it('recomputes derived steps and keeps the stored ones', () => {
    const steps = deriveOnboardingSteps(
      agent({ onboarding_steps: { headshots: true, my_team: true }, brokerage_logo_urls: ['/b'] }),
    );
    expect(steps).toMatchObject({ headshots: false, branding: true, my_team: true, lead_routing: false });
  });

  it('is completed when all steps are done, in progress when some are, else not started', () => {
    const media = ONBOARDING_SECTIONS.find((s) => s.id === 'media')!;
    expect(sectionStatus(media, agent())).toBe('not_started');
    expect(sectionStatus(media, agent({ agent_headshots_urls: ['/a'] }))).toBe('in_progress');
    expect(
      sectionStatus(
        media,
        agent({
          agent_headshots_urls: ['/a'],
          brokerage_logo_urls: ['/b'],
          onboarding_steps: { additional_photos: true },
        }),
      ),
    ).toBe('completed');
  });
});

describe('marking a step by hand', () => {
  const record = {
    has_real_estate_team: 'no',
    real_estate_team_name: '',
    zipcodes: [],
    licensed_states: null,
  };
  it('refuses derived and signature steps', () => {
    expect(stepMarkProblem('branding', record)).toMatch(/completes itself from your record/);
    expect(stepMarkProblem('master_referral_agreement', record)).toMatch(
      /completes when the agreement is signed/,
    );
  });
  it('asks for what a stored step needs first', () => {
    expect(stepMarkProblem('my_team', record)).toBeNull();
    expect(stepMarkProblem('my_team', { ...record, has_real_estate_team: 'yes' })).toMatch(/team's name/);
    expect(stepMarkProblem('service_area', record)).toMatch(/at least one ZIP code/);
    expect(stepMarkProblem('service_area', { ...record, zipcodes: ['85004'] })).toBeNull();
    expect(stepMarkProblem('licenses_details', { ...record, licensed_states: [{}] })).toBeNull();
    expect(stepMarkProblem('introduction', record)).toBeNull();
    expect(stepMarkProblem('videos_upload', record)).toBe('Upload at least one video first.');
    expect(stepMarkProblem('videos_upload', { ...record, videos_others_urls: ['/v'] })).toBeNull();
    expect(stepMarkProblem('additional_photos', { ...record, has_other_photos: 'no' })).toBeNull();
    expect(stepMarkProblem('additional_photos', { ...record, has_other_photos: 'yes' })).toMatch(
      /other photos/,
    );
  });
});
