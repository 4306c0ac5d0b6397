import { LicencesForm } from '@/components/agent-profile/licences-form';
import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { useAuth } from '@/lib/auth';
import { OnboardingPager, OnboardingStepLayout } from '../components/onboarding-step-layout';
import { useContinueAfterSave } from './use-continue-after-save';

const PAGE = 'Licences/licenses_details';

/** /onboarding/Licences/licenses_details: the licence list; Continue saves it and marks the step. */
export function LicensesDetailsPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const save = useUpdateDetails();
  const continueAfterSave = useContinueAfterSave(PAGE);
  return (
    <OnboardingStepLayout
      page={PAGE}
      pager={!agent}
      intro={
        <div className="grid gap-2">
          <p>
            Your advertising runs under your own licence, so we need every real-estate licence you hold: its
            number, the state that issued it, its type and, if it has one, its expiry date. Each licence shows
            a warning here from 90 days before it expires.
          </p>
          <p>
            Add at least one licence; <strong>Save and continue</strong> saves the list and marks this step
            done.
          </p>
        </div>
      }
    >
      {agent ? (
        <LicencesForm
          agent={agent}
          onSave={async (licences) => {
            const record = await save.mutateAsync({ licensed_states: licences });
            await continueAfterSave(record, 'licenses_details');
          }}
          actions={(pending) => <OnboardingPager page={PAGE} submit={{ pending }} />}
        />
      ) : (
        <MissingAgentProfile what="Licences" />
      )}
    </OnboardingStepLayout>
  );
}
