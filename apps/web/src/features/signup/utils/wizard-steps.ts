import {
  type AgentRecord,
  MailingAddressSchema,
  SIGNUP_ENTRY_STATUS,
  SIGNUP_STATUS_TITLES,
  SIGNUP_STEP_STATUS,
  type SignupStatus,
  signupStatusIndex,
} from '@portal/shared';
import { paths, type SignupStepName } from '@/config/paths';

/**
 * The wizard's pages in the order an agent meets them. The order of statuses is the shared one
 * (SIGNUP_STATUSES); `personalInfo` is the second page of the `mailingAddress` status.
 */
export const WIZARD_PAGES = [
  'serviceAgreement',
  'brokerageInfo',
  'masterAgreement',
  'mailingAddress',
  'personalInfo',
  'timezone',
  'sms',
  'email',
  'saveTheNumber',
  'lsa',
  'googleAds',
  'eoInsurance',
  'zoom',
  'countdown',
] as const satisfies readonly SignupStepName[];

export type WizardPage = (typeof WIZARD_PAGES)[number];

/** Each page's heading, also its name in the list of steps. */
export const WIZARD_TITLES: Record<WizardPage, string> = {
  ...(({ complete: _complete, ...steps }) => steps)(SIGNUP_STATUS_TITLES),
  personalInfo: 'Your name and phone',
};

const statusIndexOf = (page: WizardPage) => signupStatusIndex(SIGNUP_STEP_STATUS[page]!);

/**
 * The pages shown to an agent: from where registration enters, or from the agreements when a
 * superuser has set the agent back before that (DESIGN.md section 4).
 */
export function wizardPagesFor(status: SignupStatus): WizardPage[] {
  const entry = signupStatusIndex(SIGNUP_ENTRY_STATUS);
  if (signupStatusIndex(status) < entry) return [...WIZARD_PAGES];
  return WIZARD_PAGES.filter((page) => statusIndexOf(page) >= entry);
}

/** The page the agent has reached: the page of their status, or personalInfo once the address is in. */
export function currentWizardPage(
  agent: Pick<AgentRecord, 'signup_status' | 'mailing_address'>,
): WizardPage | null {
  const status = agent.signup_status;
  if (status === 'complete') return null;
  if (status === 'mailingAddress') {
    return MailingAddressSchema.safeParse(agent.mailing_address).success ? 'personalInfo' : 'mailingAddress';
  }
  return WIZARD_PAGES.find((page) => SIGNUP_STEP_STATUS[page] === status) ?? null;
}

export type WizardPageState = 'done' | 'current' | 'upcoming';

export function wizardPageState(
  page: WizardPage,
  agent: Pick<AgentRecord, 'signup_status' | 'mailing_address'>,
): WizardPageState {
  const current = currentWizardPage(agent);
  if (!current) return 'done';
  const index = WIZARD_PAGES.indexOf(page);
  const reached = WIZARD_PAGES.indexOf(current);
  if (index < reached) return 'done';
  return index === reached ? 'current' : 'upcoming';
}

/** Where Back goes: the page before this one among the agent's pages, if any. */
export function previousWizardPage(page: WizardPage, status: SignupStatus): WizardPage | null {
  const pages = wizardPagesFor(status);
  const index = pages.indexOf(page);
  return index > 0 ? pages[index - 1]! : null;
}

/** Where Continue goes after saving: the next page, or the onboarding programme after the last. */
export function nextWizardHref(page: WizardPage): string {
  const index = WIZARD_PAGES.indexOf(page);
  const next = WIZARD_PAGES[index + 1];
  return next ? paths.signupStep.href(next) : paths.onboarding.href();
}
