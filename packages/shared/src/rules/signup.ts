import { SIGNUP_STATUSES, type SignupStatus } from '../constants';

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

/** Share of the wizard done, 0 to 100, counting from where registration enters. */
export function signupProgress(status: SignupStatus): number {
  const entry = signupStatusIndex('mailingAddress');
  const last = signupStatusIndex('complete');
  const index = Math.max(signupStatusIndex(status), entry);
  return Math.round(((index - entry) / (last - entry)) * 100);
}
