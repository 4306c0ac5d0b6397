import { describe, expect, it } from 'vitest';
import { type SignupInput, signupStepProblem } from './signup';

const ready: SignupInput = {
  agent_first_name: 'Dana',
  agent_last_name: 'Reyes',
  agent_phone: '+16025550142',
  mobile_device: 'iphone',
  mailing_address: { street: '1 Main', city: 'Phoenix', state: 'AZ', zip: '85004' },
  brokerage: 'Summit',
  broker_of_record: {
    name: 'Pat',
    phone: '+16025550100',
    email: 'p@x.com',
    is_billing_contact: true,
    billing_contact: null,
  },
  timezone: 'America/Denver',
  sms_test: 'yes',
  email_test: 'no',
  google: { lsa: 'yes', ads: 'no' },
  has_eo_certificate: 'no',
  eo_certificate: '',
  policy_exp_date: null,
  onboarding_steps: { service_agreement: true, master_referral_agreement: true },
  zoom_booked: true,
};

describe('what each signup step needs before Continue', () => {
  it('passes every step when the record is complete', () => {
    for (const status of [
      'mailingAddress',
      'brokerageInfo',
      'timezone',
      'sms',
      'email',
      'saveTheNumber',
      'lsa',
      'googleAds',
      'eoInsurance',
      'zoom',
      'countdown',
      'serviceAgreement',
      'masterAgreement',
    ] as const) {
      expect(signupStepProblem(status, ready)).toBeNull();
    }
  });

  it.each([
    [
      'mailingAddress',
      { mailing_address: { street: '1 Main', city: 'Phoenix', state: 'AZ', zip: '850' } },
      /mailing address/,
    ],
    ['mailingAddress', { agent_phone: '' }, /name and mobile phone/],
    ['mailingAddress', { mobile_device: 'pending' }, /kind of phone/],
    ['brokerageInfo', { broker_of_record: null }, /broker of record/],
    [
      'brokerageInfo',
      { broker_of_record: { ...ready.broker_of_record!, is_billing_contact: false } },
      /billing contact/,
    ],
    ['timezone', { timezone: 'Pending' }, /time zone/],
    ['sms', { sms_test: 'pending' }, /test text message/],
    ['email', { email_test: 'pending' }, /test e-mail/],
    ['lsa', { google: { lsa: 'pending', ads: 'no' } }, /Local Services Ads/],
    ['googleAds', { google: { lsa: 'yes', ads: '' } }, /Google Ads/],
    ['eoInsurance', { has_eo_certificate: 'yes', eo_certificate: '/api/files/x' }, /E&O certificate/],
    ['zoom', { zoom_booked: false }, /onboarding call/],
    ['serviceAgreement', { onboarding_steps: {} }, /service agreement/],
  ] as const)('%s refuses %o', (status, change, message) => {
    expect(signupStepProblem(status, { ...ready, ...change } as SignupInput)).toMatch(message);
  });

  it('refuses an E&O policy that has already expired', () => {
    expect(
      signupStepProblem(
        'eoInsurance',
        {
          ...ready,
          has_eo_certificate: 'yes',
          eo_certificate: '/api/files/x',
          policy_exp_date: '2024-03-01',
        },
        new Date('2026-11-21T12:00:00Z'),
      ),
    ).toMatch(/has expired/);
  });

  it('accepts E&O with a certificate and its expiry date', () => {
    expect(
      signupStepProblem('eoInsurance', {
        ...ready,
        has_eo_certificate: 'yes',
        eo_certificate: '/api/files/x',
        policy_exp_date: '2027-05-01',
      }),
    ).toBeNull();
  });
});
