import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { AgreementPanel } from '@/components/agreements/agreement-panel';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

/**
 * /onboarding/agreements/master_referral_agreement: the agent signs first, then the broker of
 * record by the link we e-mail them. The step completes itself once both have signed.
 */
export function MasterReferralAgreementPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <OnboardingStepLayout
      page="agreements/master_referral_agreement"
      intro={
        <p>
          The referral agreement between you, your broker of record and us. You sign first; we then e-mail
          your broker a link to sign. This step is done once both of you have signed.
        </p>
      }
    >
      {agent ? (
        <AgreementPanel
          kind="master"
          agent={agent}
          brokerHref={paths.onboardingPage.href('start/broker_of_record')}
        />
      ) : (
        <MissingAgentProfile what="Agreements" />
      )}
    </OnboardingStepLayout>
  );
}
