import { describeTypes, formatBytes, UPLOAD_KINDS } from '@portal/shared';
import { Link } from 'react-router';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

const video = UPLOAD_KINDS.fsbo_video;

/** /onboarding/video/video_introduction: what the videos are for and how to record them. */
export function VideoIntroductionPage() {
  return (
    <OnboardingStepLayout
      page="video/video_introduction"
      intro={<p>Why we ask you for short videos, and how to record them well with the phone you have.</p>}
    >
      <Card>
        <CardTitle>What the videos are for</CardTitle>
        <CardContent>
          <p>
            A seller deciding whom to call often looks the agent up first. A short video of you talking to the
            camera lets them see and hear who will help them before you meet, so a first call starts on
            familiar terms.
          </p>
          <ul className="grid list-disc gap-2 pl-5">
            <li>
              <strong>FSBO videos</strong> speak to owners who are selling their home themselves (For Sale By
              Owner).
            </li>
            <li>
              <strong>Other videos</strong> are your introduction and the other videos the scripts ask for.
            </li>
          </ul>
          <p>
            What to say in each is in the{' '}
            <Link to={paths.onboardingPage.href('video/script_instructions')}>script instructions</Link>.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardTitle>How to record them</CardTitle>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5">
            <li>
              Hold the phone sideways (landscape) and keep it still: a tripod or a stack of books works.
            </li>
            <li>
              Put the camera at eye level, about an arm's length away, and look into the lens, not the screen.
            </li>
            <li>Face the light: a window in front of you is best. Avoid a bright window behind you.</li>
            <li>Choose a quiet room with soft furnishings; turn off fans, music and notifications.</li>
            <li>
              Keep each video short and to the point, and record again if you stumble; nobody expects a
              studio.
            </li>
            <li>Dress as you would to meet a seller, and keep the background tidy.</li>
          </ul>
          <p>
            The upload takes {describeTypes(video.contentTypes)} files up to {formatBytes(video.maxBytes)}{' '}
            each, which is what phones record.
          </p>
        </CardContent>
      </Card>
    </OnboardingStepLayout>
  );
}
