import { useAuth } from '@/lib/auth';
import { MediaListSection } from '../components/media-list-section';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';
import { NoAgentProfile } from '../components/step-notes';

/** /onboarding/media/headshots: at least one headshot completes the step. */
export function HeadshotsPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <OnboardingStepLayout
      page="media/headshots"
      intro={
        <p>
          Your headshot appears in the advertising sellers see. One is enough to complete this step; add more
          if you have them and put the one you like best first.
        </p>
      }
    >
      {agent ? (
        <MediaListSection
          agent={agent}
          kind="headshot"
          title="Your headshots"
          uploadLabel="Add headshots"
          description="A recent, professional photo of your face and shoulders, well lit, on a plain background."
        />
      ) : (
        <NoAgentProfile />
      )}
    </OnboardingStepLayout>
  );
}
