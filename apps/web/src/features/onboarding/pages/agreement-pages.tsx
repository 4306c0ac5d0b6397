import type { SigningDocumentKind } from '@portal/shared';
import type { ReactNode } from 'react';
import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { AgreementPanel } from '@/components/agreements/agreement-panel';
import { type OnboardingPagePath, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

const AGREEMENT_STEPS: Record<SigningDocumentKind, { page: OnboardingPagePath; intro: ReactNode }> = {
  service: {
    page: 'agreements/service_agreement',
    intro: (
      <p>
        The contract for the advertising we run for you. Prepare it, read it and sign it online; this step is
        done as soon as it is signed.
      </p>
    ),
  },
  master: {
    page: 'agreements/master_referral_agreement',
    intro: (
      <p>
        The referral agreement between you, your broker of record and us. You sign first; we then e-mail your
        broker a link to sign. This step is done once both of you have signed.
      </p>
    ),
  },
};

/** An agreement step of onboarding: the step completes itself (the server sets it) once signed. */
function AgreementStepPage({ kind }: { kind: SigningDocumentKind }) {
  const agent = useAuth().me?.agent_profile ?? null;
  const step = AGREEMENT_STEPS[kind];
  return (
    <OnboardingStepLayout page={step.page} intro={step.intro}>
      {agent ? (
        <AgreementPanel
          kind={kind}
          agent={agent}
          brokerHref={paths.onboardingPage.href('start/broker_of_record')}
        />
      ) : (
        <MissingAgentProfile what="Agreements" />
      )}
    </OnboardingStepLayout>
  );
}

/** /onboarding/agreements/service_agreement: the agent alone signs (Advertiser). */
export const ServiceAgreementPage = () => <AgreementStepPage kind="service" />;

/** /onboarding/agreements/master_referral_agreement: the agent signs, then the broker of record. */
export const MasterReferralAgreementPage = () => <AgreementStepPage kind="master" />;
