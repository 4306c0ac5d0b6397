import { type AgentStatus, LEAD_TYPES } from '../constants';
import { ONBOARDING_SECTIONS, type OnboardingInput, sectionStatus } from './onboarding';

/**
 * agent_status transitions (DESIGN.md section 4):
 * - onboarding -> active: automatically when onboarding is complete, or by a superuser;
 * - active <-> inactive;
 * - active or inactive -> suspended -> active;
 * - any -> terminated, which is final.
 * Only superusers change a status by hand; the system makes only the automatic onboarding -> active move.
 */
const MOVES: Record<AgentStatus, readonly AgentStatus[]> = {
  onboarding: ['active', 'terminated'],
  active: ['inactive', 'suspended', 'terminated'],
  inactive: ['active', 'suspended', 'terminated'],
  suspended: ['active', 'terminated'],
  terminated: [],
};

export type StatusActor = 'system' | 'superuser';

/** Why a status change is refused, or null when it is allowed. */
export function statusChangeProblem(from: AgentStatus, to: AgentStatus, actor: StatusActor): string | null {
  if (from === to) return `The agent is already ${to}.`;
  if (from === 'terminated') return 'A terminated agent cannot change status: termination is final.';
  if (!MOVES[from].includes(to)) {
    const allowed = MOVES[from].join(', ');
    return `An agent who is ${from} cannot become ${to}; from ${from} the status can only become ${allowed}.`;
  }
  if (actor === 'system' && !(from === 'onboarding' && to === 'active')) {
    return 'Only a superuser can make this status change.';
  }
  return null;
}

export const allowedStatusChanges = (from: AgentStatus): readonly AgentStatus[] => MOVES[from];

export interface ActivationInput extends OnboardingInput {
  onboarding_completed_override: boolean;
}

/**
 * Every onboarding section complete and both agreements signed (the service agreement and the
 * master referral agreement, which the broker co-signs), or the override set.
 */
export function isOnboardingComplete(input: ActivationInput): boolean {
  if (input.onboarding_completed_override) return true;
  const sectionsDone = ONBOARDING_SECTIONS.every((section) => sectionStatus(section, input) === 'completed');
  if (!sectionsDone) return false;
  const steps = input.onboarding_steps;
  return steps.service_agreement === true && steps.master_referral_agreement === true;
}

/**
 * What each status lets the agent do with their own account (ADR 28). The server checks it on
 * every request, not only at sign-in:
 * - onboarding and active: everything their role allows;
 * - inactive: sign in, read their leads, agreements and profile, and record what happened to
 *   the leads they already hold; no new leads, no e-mail from the portal, no change to who
 *   receives their leads or where they are routed;
 * - suspended (until a superuser makes them active again) and terminated (final): no sign-in and
 *   no session; their sessions end when the status is set.
 */
export interface AgentAccess {
  signIn: boolean;
  receiveLeads: boolean;
  sendEmail: boolean;
  changeRouting: boolean;
}

export const AGENT_ACCESS: Record<AgentStatus, AgentAccess> = {
  onboarding: { signIn: true, receiveLeads: false, sendEmail: true, changeRouting: true },
  active: { signIn: true, receiveLeads: true, sendEmail: true, changeRouting: true },
  inactive: { signIn: true, receiveLeads: false, sendEmail: false, changeRouting: false },
  suspended: { signIn: false, receiveLeads: false, sendEmail: false, changeRouting: false },
  terminated: { signIn: false, receiveLeads: false, sendEmail: false, changeRouting: false },
};

export const STATUS_MESSAGES = {
  suspended:
    'Your agent account is suspended, so you cannot sign in. Contact your office to have it restored.',
  terminated:
    'Your agent account has been closed, so you cannot sign in. Contact your office if you have questions.',
  inactiveSendEmail:
    'Your agent account is inactive, so e-mail and texts you send from the portal are paused. Contact your office to become active again.',
  inactiveRouting:
    'Your agent account is inactive, so who receives your leads and where they come from cannot be changed. Contact your office to become active again.',
} as const;

/** What a status means for the agent, in the words the console shows before a change. */
export const STATUS_EFFECTS: Record<AgentStatus, string> = {
  onboarding: 'The agent finishes onboarding and receives no leads yet.',
  active: 'The agent receives leads and uses the whole portal.',
  inactive:
    'The agent can still sign in, read and update their leads, but receives no new leads, cannot send e-mail or texts from the portal and cannot change who receives their leads.',
  suspended:
    'The agent is signed out at once and cannot sign in until a superuser makes them active again; they receive no leads.',
  terminated:
    'The agent is signed out at once and can never sign in again; they receive no leads. Termination is final.',
};

/** What an inactive agent reads across the portal. */
export const INACTIVE_NOTICE =
  'Your agent account is inactive. You can read and update your leads, but you receive no new leads, cannot send e-mail or texts from the portal and cannot change who receives your leads. Contact your office to become active again.';

/** Why an agent with this status cannot sign in or keep a session, or null when they can. */
export function signInRefusal(status: string | null | undefined): string | null {
  if (status === 'suspended') return STATUS_MESSAGES.suspended;
  if (status === 'terminated') return STATUS_MESSAGES.terminated;
  return null;
}

/**
 * The agent-profile fields that decide where leads come from and who receives them: an
 * inactive agent cannot change them.
 */
export const ROUTING_PROFILE_FIELDS = [
  'crm_email',
  'subagents',
  'subagents_notes',
  'service_area_name',
  'states',
  'counties',
  'zipcodes',
  'excluded_cities',
  'excluded_zips',
  ...LEAD_TYPES,
] as const;
