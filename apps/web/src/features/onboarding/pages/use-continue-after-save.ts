import { type AgentRecord, type OnboardingSteps, stepMarkProblem } from '@portal/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OnboardingPagePath } from '@/config/paths';
import { StepProblem } from '@/lib/use-step-submit';
import { markStepError, useMarkStepDone } from '../api/mark-step-done';
import { nextOnboardingHref } from '../components/onboarding-step-layout';

/**
 * What Continue does on an onboarding page with a form, once the form has saved: mark the step
 * the agent confirms (when the shared rule allows it, else its message is the form's error),
 * then open the next page. A derived step (broker of record, E&O) is not marked: the saved
 * record completes it. When marking fails the agent stays, and the form says why.
 */
export function useContinueAfterSave(page: OnboardingPagePath) {
  const navigate = useNavigate();
  const { mutateAsync: markDone } = useMarkStepDone();
  return useCallback(
    async (record: AgentRecord, step?: keyof OnboardingSteps) => {
      if (step) {
        const problem = stepMarkProblem(step, record);
        if (problem) throw new StepProblem(problem);
        try {
          await markDone(step);
        } catch (error) {
          // Shown by the form, above its buttons.
          throw new StepProblem(markStepError(error));
        }
      }
      navigate(nextOnboardingHref(page));
    },
    [markDone, navigate, page],
  );
}
