import { signupStepProblem } from '@portal/shared';
import { EoForm } from '@/components/agent-profile/eo-form';
import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { useAuth } from '@/lib/auth';
import { StepProblem } from '@/lib/use-step-submit';
import { OnboardingPager, OnboardingStepLayout } from '../components/onboarding-step-layout';
import { useContinueAfterSave } from './use-continue-after-save';

const PAGE = 'Licences/eo_insurance';

/**
 * /onboarding/Licences/eo_insurance: the step completes itself (shared rule) with "no", or with a
 * certificate and its expiry date. Continue checks the answer as the signup step does (a current
 * certificate with its date), saves it, then moves on.
 */
export function EoInsurancePage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const save = useUpdateDetails();
  const continueAfterSave = useContinueAfterSave(PAGE);
  return (
    <OnboardingStepLayout
      page={PAGE}
      pager={!agent}
      intro={
        <p>
          Errors and omissions insurance protects you if a client says your advice cost them money, and Google
          asks for it before some ads run. If you carry it, upload the current certificate and give its expiry
          date; this step is then done. If you do not, say so: you can add a certificate here later.
        </p>
      }
    >
      {agent ? (
        <EoForm
          agent={agent}
          onSave={async (answer) => {
            const problem = signupStepProblem('eoInsurance', { ...agent, ...answer, zoom_booked: false });
            if (problem) throw new StepProblem(problem);
            const record = await save.mutateAsync(answer);
            await continueAfterSave(record);
          }}
          actions={(pending) => <OnboardingPager page={PAGE} submit={{ pending }} />}
        />
      ) : (
        <MissingAgentProfile what="Insurance details" />
      )}
    </OnboardingStepLayout>
  );
}
