import {
  type AgentRecord,
  nextSignupStatus,
  SIGNUP_STEP_STATUS,
  type SignupInput,
  signupStepProblem,
} from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setMeAgentProfile } from '@/lib/auth';
import { StepProblem } from '@/lib/use-step-submit';
import { type AgentProfilePatchInput, updateAgentProfile } from '../api/update-agent-profile';
import { nextWizardHref, type WizardPage } from '../utils/wizard-steps';

/** The record as it will be once `patch` is applied: what the step rule is asked about. */
function signupInputAfter(
  agent: AgentRecord,
  patch: AgentProfilePatchInput,
  zoomBooked: boolean,
): SignupInput {
  return {
    ...agent,
    ...patch,
    mailing_address: patch.mailing_address ?? agent.mailing_address,
    broker_of_record: patch.broker_of_record
      ? { ...patch.broker_of_record, billing_contact: patch.broker_of_record.billing_contact ?? null }
      : agent.broker_of_record,
    google: { ...agent.google, ...patch.google },
    onboarding_steps: { ...agent.onboarding_steps, ...patch.onboarding_steps },
    policy_exp_date: patch.policy_exp_date === undefined ? agent.policy_exp_date : patch.policy_exp_date,
    zoom_booked: zoomBooked,
  };
}

export interface SaveStepOptions {
  /** The zoom step: whether a call is booked (the record does not say). */
  zoomBooked?: boolean;
}

/**
 * Saves a wizard page and goes to the next one. On the agent's current step the same PATCH
 * moves the signup status on, after the shared rule (`signupStepProblem`, which the server runs
 * too) has found nothing missing. The returned record replaces the cached one, so the route
 * guard lets the agent onto the next page (or, after the last, into onboarding).
 */
export function useSaveStep(page: WizardPage, agent: AgentRecord) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    async (patch: AgentProfilePatchInput, options: SaveStepOptions = {}) => {
      const status = SIGNUP_STEP_STATUS[page]!;
      // The address page shares its status with personalInfo: leaving the status is personalInfo's.
      const checked = page !== 'mailingAddress';
      if (checked) {
        const problem = signupStepProblem(
          status,
          signupInputAfter(agent, patch, options.zoomBooked ?? false),
        );
        if (problem) throw new StepProblem(problem);
      }
      const advancing = checked && agent.signup_status === status;
      const next = advancing ? nextSignupStatus(status) : null;
      // A step revisited with nothing to change (a confirmation already given) just moves on.
      if (next || Object.keys(patch).length > 0) {
        const record = await updateAgentProfile(next ? { ...patch, signup_status: next } : patch);
        setMeAgentProfile(queryClient, record);
      }
      navigate(nextWizardHref(page));
    },
    [agent, navigate, page, queryClient],
  );
}
