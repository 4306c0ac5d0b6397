import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { AgreementPanel } from '@/components/agreements/agreement-panel';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

/**
 * /onboarding/agreements/service_agreement: the agent prepares and signs the service agreement.
 * The step completes itself (the server sets it) once the agreement is signed.
 */
export function ServiceAgreementPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <OnboardingStepLayout
      page="agreements/service_agreement"
      intro={
        <p>
          The contract for the advertising we run for you. Prepare it, read it and sign it online; this step
          is done as soon as it is signed.
        </p>
      }
    >
      {agent ? (
        <AgreementPanel
          kind="service"
          agent={agent}
          brokerHref={paths.onboardingPage.href('start/broker_of_record')}
        />
      ) : (
        <MissingAgentProfile what="Agreements" />
      )}
    </OnboardingStepLayout>
  );
}
