import { SIGNUP_ENTRY_STATUS, SIGNUP_STATUSES, type SignupStatus } from '../constants';

/** The wizard pages under /signup/ and the signup_status each belongs to. */
export const SIGNUP_STEP_STATUS: Record<string, SignupStatus> = {
  serviceAgreement: 'serviceAgreement',
  brokerageInfo: 'brokerageInfo',
  masterAgreement: 'masterAgreement',
  mailingAddress: 'mailingAddress',
  personalInfo: 'mailingAddress',
  timezone: 'timezone',
  sms: 'sms',
  email: 'email',
  saveTheNumber: 'saveTheNumber',
  lsa: 'lsa',
  googleAds: 'googleAds',
  eoInsurance: 'eoInsurance',
  zoom: 'zoom',
  countdown: 'countdown',
};

export const signupStatusIndex = (status: SignupStatus): number => SIGNUP_STATUSES.indexOf(status);

export const isSignupStatus = (value: string): value is SignupStatus =>
  (SIGNUP_STATUSES as readonly string[]).includes(value);

/** The status after `status` in the canonical order, or null at `complete`. */
export function nextSignupStatus(status: SignupStatus): SignupStatus | null {
  const index = signupStatusIndex(status);
  return SIGNUP_STATUSES[index + 1] ?? null;
}

/** An agent moves only one status forward at a time; going back is a superuser's reset. */
export function canAdvanceSignup(from: SignupStatus, to: SignupStatus): boolean {
  return nextSignupStatus(from) === to;
}

/** Whether a wizard page may be shown to an agent at `status`: the current step and those before it. */
export function canVisitSignupStep(step: string, status: SignupStatus): boolean {
  const stepStatus = SIGNUP_STEP_STATUS[step];
  if (!stepStatus || status === 'complete') return false;
  return signupStatusIndex(stepStatus) <= signupStatusIndex(status);
}

/**
 * Share of the wizard done, 0 to 100: the wizard's pages the agent has finished among those
 * shown (from where registration enters, or all of them for an agent set back before it), so
 * it matches the steps the wizard ticks. `personalInfo` is the second page of the
 * `mailingAddress` status: the address page counts as finished once the address is saved.
 */
export function signupProgress(status: SignupStatus, options: { addressSaved?: boolean } = {}): number {
  if (status === 'complete') return 100;
  const index = signupStatusIndex(status);
  const entry = signupStatusIndex(SIGNUP_ENTRY_STATUS);
  const pageIndexes = Object.values(SIGNUP_STEP_STATUS).map(signupStatusIndex);
  const shown = index < entry ? pageIndexes : pageIndexes.filter((page) => page >= entry);
  const done =
    shown.filter((page) => page < index).length +
    (status === 'mailingAddress' && options.addressSaved ? 1 : 0);
  return Math.round((done / shown.length) * 100);
}

/** The parts of the agent record the wizard's rules read. */
export interface SignupInput {
  agent_first_name: string;
  agent_last_name: string;
  agent_phone: string;
  mobile_device: string;
  mailing_address: { street: string; city: string; state: string; zip: string } | null;
  brokerage: string;
  broker_of_record: {
    name: string;
    phone: string;
    email: string;
    is_billing_contact: boolean;
    billing_contact: { name: string; phone: string; email: string } | null;
  } | null;
  timezone: string;
  sms_test: string;
  email_test: string;
  google: { lsa: string; ads: string };
  has_eo_certificate: string;
  eo_certificate: string;
  policy_exp_date: string | null;
  onboarding_steps: { service_agreement?: boolean | string; master_referral_agreement?: boolean | string };
  /** An onboarding call is booked (the zoom step). */
  zoom_booked: boolean;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;

/**
 * What is still missing before the agent may leave `status` for the next one, or null when the
 * step is done. The server refuses "Continue" with this message; the wizard shows it too.
 */
export function signupStepProblem(
  status: SignupStatus,
  agent: SignupInput,
  today: Date = new Date(),
): string | null {
  switch (status) {
    case 'mailingAddress': {
      const address = agent.mailing_address;
      if (
        !address ||
        !present(address.street) ||
        !present(address.city) ||
        !present(address.state) ||
        !/^\d{5}$/.test(address.zip)
      ) {
        return 'Enter your mailing address first.';
      }
      if (
        !present(agent.agent_first_name) ||
        !present(agent.agent_last_name) ||
        !present(agent.agent_phone)
      ) {
        return 'Enter your name and mobile phone first.';
      }
      if (agent.mobile_device !== 'android' && agent.mobile_device !== 'iphone')
        return 'Say which kind of phone you use first.';
      return null;
    }
    case 'brokerageInfo': {
      const broker = agent.broker_of_record;
      if (
        !present(agent.brokerage) ||
        !broker ||
        !present(broker.name) ||
        !present(broker.email) ||
        !present(broker.phone)
      ) {
        return 'Enter your brokerage and broker of record first.';
      }
      const billing = broker.billing_contact;
      if (
        !broker.is_billing_contact &&
        !(billing && present(billing.name) && present(billing.phone) && present(billing.email))
      ) {
        return 'Give the billing contact first.';
      }
      return null;
    }
    case 'timezone':
      return agent.timezone && agent.timezone !== 'Pending' ? null : 'Choose your time zone first.';
    case 'sms':
      return agent.sms_test === 'pending'
        ? 'Send yourself the test text message, then tell us whether it arrived.'
        : null;
    case 'email':
      return agent.email_test === 'pending'
        ? 'Send yourself the test e-mail, then tell us whether it arrived.'
        : null;
    case 'lsa':
      return agent.google.lsa === 'yes' || agent.google.lsa === 'no'
        ? null
        : 'Answer the Local Services Ads question first.';
    case 'googleAds':
      return agent.google.ads === 'yes' || agent.google.ads === 'no'
        ? null
        : 'Answer the Google Ads question first.';
    case 'eoInsurance':
      if (agent.has_eo_certificate === 'no') return null;
      if (!present(agent.eo_certificate) || !present(agent.policy_exp_date)) {
        return 'Upload your E&O certificate and give its expiry date, or say you have no E&O insurance.';
      }
      return agent.policy_exp_date! < today.toISOString().slice(0, 10)
        ? 'This E&O policy has expired. Upload your current certificate and its expiry date.'
        : null;
    case 'zoom':
      return agent.zoom_booked ? null : 'Book your onboarding call first.';
    case 'serviceAgreement':
      return agent.onboarding_steps.service_agreement === true ? null : 'Sign the service agreement first.';
    case 'masterAgreement':
      return agent.onboarding_steps.master_referral_agreement === true
        ? null
        : 'The master referral agreement must be signed first.';
    default:
      return null;
  }
}
