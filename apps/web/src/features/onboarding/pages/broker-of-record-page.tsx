import { BrokerageForm } from '@/components/agent-profile/brokerage-form';
import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { useAuth } from '@/lib/auth';
import { OnboardingPager, OnboardingStepLayout } from '../components/onboarding-step-layout';
import { useContinueAfterSave } from './use-continue-after-save';

const PAGE = 'start/broker_of_record';

/**
 * /onboarding/start/broker_of_record: the step completes itself (shared rule) once the broker's
 * details, the brokerage and the billing contact are saved; Continue saves, then moves on.
 */
export function BrokerOfRecordPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const save = useUpdateDetails();
  const continueAfterSave = useContinueAfterSave(PAGE);
  return (
    <OnboardingStepLayout
      page={PAGE}
      pager={!agent}
      intro={
        <p>
          Your broker of record supervises your licence and signs the master referral agreement with you: we
          e-mail them the signing link at the address you give here. Tell us too who receives the bills.
        </p>
      }
    >
      {agent ? (
        <>
          <Alert variant="info">
            <AlertDescription>
              <p>
                This step is done as soon as your brokerage, your broker's name, phone and e-mail, and who
                receives the bills are saved.
              </p>
            </AlertDescription>
          </Alert>
          <BrokerageForm
            agent={agent}
            onSave={async (values) => {
              const record = await save.mutateAsync(values);
              await continueAfterSave(record);
            }}
            actions={(pending) => <OnboardingPager page={PAGE} submit={{ pending }} />}
          />
        </>
      ) : (
        <MissingAgentProfile what="Broker details" />
      )}
    </OnboardingStepLayout>
  );
}
