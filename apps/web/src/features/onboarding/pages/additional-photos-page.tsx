import { useAuth } from '@/lib/auth';
import { MediaListSection } from '../components/media-list-section';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';
import { NoAgentProfile, StoredStepNote } from '../components/step-notes';

/** /onboarding/media/additional_photos: optional photos of the agent at work or in the area. */
export function AdditionalPhotosPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <OnboardingStepLayout
      confirmStep="additional_photos"
      page="media/additional_photos"
      intro={
        <p>
          Photos of you at work or around your area make the advertising feel local. They are optional: add
          them if you have them.
        </p>
      }
    >
      {agent ? (
        <>
          <StoredStepNote />
          <MediaListSection
            agent={agent}
            kind="additional_photo"
            title="Your additional photos"
            uploadLabel="Add photos"
            description="For example: you with clients, at a showing, in front of a sold sign or at a local landmark."
          />
        </>
      ) : (
        <NoAgentProfile />
      )}
    </OnboardingStepLayout>
  );
}
