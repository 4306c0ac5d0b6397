import { useAuth } from '@/lib/auth';
import { MediaListSection } from '../components/media-list-section';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';
import { NoAgentProfile, StoredStepNote } from '../components/step-notes';

/** /onboarding/video/videos_upload: the videos recorded from the scripts, with playback. */
export function VideosUploadPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <OnboardingStepLayout
      confirmStep="videos_upload"
      page="video/videos_upload"
      intro={
        <p>
          Upload the videos you recorded from the scripts. You can play each one back here, put them in order
          and delete one to record it again.
        </p>
      }
    >
      {agent ? (
        <>
          <StoredStepNote />
          <MediaListSection
            agent={agent}
            kind="fsbo_video"
            title="FSBO videos"
            uploadLabel="Add FSBO videos"
            description="The videos for owners selling their home themselves (For Sale By Owner)."
          />
          <MediaListSection
            agent={agent}
            kind="other_video"
            title="Other videos"
            uploadLabel="Add other videos"
            description="Your introduction and any other video you recorded from the scripts."
          />
        </>
      ) : (
        <NoAgentProfile />
      )}
    </OnboardingStepLayout>
  );
}
