import type { AgentStatus } from '../constants';
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
