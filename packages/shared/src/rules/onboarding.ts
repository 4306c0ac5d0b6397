/**
 * Onboarding sections, steps and completion (SPEC.md sections 2 and 4). The server recomputes
 * the derived steps on every profile change and is the authority; the client shows the same.
 */

export const ONBOARDING_SECTIONS = [
  { id: 'start', title: 'Start Here', path: 'start', steps: ['introduction', 'my_team', 'broker_of_record'] },
  {
    id: 'media',
    title: 'Media Upload',
    path: 'media',
    steps: ['headshots', 'additional_photos', 'branding'],
  },
  { id: 'leadRouting', title: 'Lead Routing', path: 'leadRouting', steps: ['lead_routing', 'service_area'] },
  { id: 'licences', title: 'Licences', path: 'Licences', steps: ['licenses_details', 'eo_insurance'] },
  { id: 'videos', title: 'Videos', path: 'video', steps: ['script_instructions', 'videos_upload'] },
] as const;

export type OnboardingSection = (typeof ONBOARDING_SECTIONS)[number];
export type OnboardingStep = OnboardingSection['steps'][number];
export type SectionStatus = 'completed' | 'in_progress' | 'not_started';

/** Steps whose completion follows from the record, whatever the stored flag says. */
export const DERIVED_STEPS = [
  'headshots',
  'branding',
  'lead_routing',
  'broker_of_record',
  'eo_insurance',
] as const;

interface Contact {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** The parts of the agent record the rules read. */
export interface OnboardingInput {
  onboarding_steps: Record<string, boolean | string | undefined>;
  agent_headshots_urls: string[];
  brokerage_logo_urls: string[];
  team_logo_urls: string[];
  has_real_estate_team: string;
  recipients: unknown[];
  brokerage: string;
  broker_of_record: (Contact & { is_billing_contact?: boolean; billing_contact?: Contact | null }) | null;
  has_eo_certificate: string;
  eo_certificate: string;
  policy_exp_date: string | null;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;
const flagged = (input: OnboardingInput, step: string) => {
  const value = input.onboarding_steps[step];
  return value === true || (typeof value === 'string' && value.length > 0 && value !== 'false');
};

export function isStepComplete(step: OnboardingStep | string, input: OnboardingInput): boolean {
  switch (step) {
    case 'headshots':
      return input.agent_headshots_urls.length >= 1;
    case 'branding':
      return (
        input.brokerage_logo_urls.length >= 1 &&
        (input.has_real_estate_team !== 'yes' || input.team_logo_urls.length >= 1)
      );
    case 'lead_routing':
      return input.recipients.length > 1;
    case 'broker_of_record': {
      if (flagged(input, step)) return true;
      const broker = input.broker_of_record;
      if (
        !broker ||
        !filled(broker.name) ||
        !filled(broker.phone) ||
        !filled(broker.email) ||
        !filled(input.brokerage)
      ) {
        return false;
      }
      const billing = broker.billing_contact;
      return (
        broker.is_billing_contact === true ||
        (!!billing && filled(billing.name) && filled(billing.phone) && filled(billing.email))
      );
    }
    case 'eo_insurance':
      return (
        input.has_eo_certificate === 'no' ||
        (filled(input.eo_certificate) && filled(input.policy_exp_date)) ||
        flagged(input, step)
      );
    default:
      return flagged(input, step);
  }
}

/** The stored steps with every derived step recomputed from the record. */
export function deriveOnboardingSteps<T extends Record<string, boolean | string | undefined>>(
  input: OnboardingInput & { onboarding_steps: T },
): T {
  const steps = { ...input.onboarding_steps };
  for (const step of DERIVED_STEPS) (steps as Record<string, unknown>)[step] = isStepComplete(step, input);
  return steps;
}

export function sectionStatus(section: OnboardingSection, input: OnboardingInput): SectionStatus {
  const done = section.steps.filter((step) => isStepComplete(step, input)).length;
  if (done === section.steps.length) return 'completed';
  return done > 0 ? 'in_progress' : 'not_started';
}

/** The two agreements, signed in the portal: they count toward progress as activation needs them. */
export const AGREEMENT_STEPS = ['service_agreement', 'master_referral_agreement'] as const;

/**
 * Share of everything onboarding asks, 0 to 100: every section's steps and both agreements, as
 * the account's activation needs them (`isOnboardingComplete`). The one figure every page shows.
 */
export function onboardingProgress(input: OnboardingInput): number {
  const steps = [...ONBOARDING_SECTIONS.flatMap((s) => s.steps), ...AGREEMENT_STEPS];
  return Math.round((steps.filter((step) => isStepComplete(step, input)).length / steps.length) * 100);
}

/** Steps the portal completes from the record (or a signature); an agent cannot mark them by hand. */
export const UNMARKABLE_STEPS: readonly string[] = [
  ...DERIVED_STEPS,
  'service_agreement',
  'master_referral_agreement',
];

export interface StepMarkInput {
  has_real_estate_team: string;
  real_estate_team_name: string;
  zipcodes: string[];
  licensed_states: unknown[] | null;
  has_other_photos?: string;
  other_photos_urls?: string[];
  videos_fsbo_urls?: string[];
  videos_others_urls?: string[];
}

/**
 * Why the agent may not mark a step done by hand, or null. Derived and signature steps follow
 * the record; a few stored steps need something on the record first.
 */
export function stepMarkProblem(step: string, input: StepMarkInput): string | null {
  if ((DERIVED_STEPS as readonly string[]).includes(step)) {
    return `The ${step} step completes itself from your record; it cannot be marked done by hand.`;
  }
  if (step === 'service_agreement' || step === 'master_referral_agreement') {
    return `The ${step} step completes when the agreement is signed; it cannot be marked done by hand.`;
  }
  switch (step) {
    case 'my_team':
      return input.has_real_estate_team === 'yes' && !filled(input.real_estate_team_name)
        ? "Give your team's name first, or say you do not work with a team."
        : null;
    case 'service_area':
      return input.zipcodes.length === 0 ? 'Choose at least one ZIP code for your service area first.' : null;
    case 'licenses_details':
      return (input.licensed_states ?? []).length === 0
        ? 'Add at least one real-estate licence first.'
        : null;
    case 'additional_photos':
      return input.has_other_photos === 'yes' && (input.other_photos_urls ?? []).length === 0
        ? 'Upload your other photos first, or say you have none.'
        : null;
    case 'videos_upload':
      return (input.videos_fsbo_urls ?? []).length + (input.videos_others_urls ?? []).length === 0
        ? 'Upload at least one video first.'
        : null;
    default:
      return null;
  }
}
