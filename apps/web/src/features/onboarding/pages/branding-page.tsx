import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';
import { MediaListSection } from '../components/media-list-section';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';
import { NoAgentProfile } from '../components/step-notes';

/**
 * /onboarding/media/Branding: a brokerage logo completes the step, and a team logo too when the
 * agent works with a team (shared rule `branding`).
 */
export function BrandingPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const hasTeam = agent?.has_real_estate_team === 'yes';
  return (
    <OnboardingStepLayout
      page="media/Branding"
      intro={
        <p>
          Your logos let the advertising match your brand.{' '}
          {hasTeam
            ? 'Upload your brokerage logo and your team logo to complete this step.'
            : 'Upload your brokerage logo to complete this step.'}
        </p>
      }
    >
      {agent ? (
        <>
          <MediaListSection
            agent={agent}
            kind="brokerage_logo"
            title="Brokerage logo"
            uploadLabel="Add brokerage logos"
            description="The logo of your brokerage, ideally a PNG with a transparent or white background."
          />
          {hasTeam ? (
            <MediaListSection
              agent={agent}
              kind="team_logo"
              title="Team logo"
              uploadLabel="Add team logos"
              description={
                agent.real_estate_team_name
                  ? `The logo of ${agent.real_estate_team_name}.`
                  : 'The logo of your real-estate team.'
              }
            />
          ) : (
            <Alert variant="default">
              <AlertDescription>
                <p>
                  A team logo is asked only of agents who work with a real-estate team, and your profile says
                  you do not.
                </p>
              </AlertDescription>
            </Alert>
          )}
        </>
      ) : (
        <NoAgentProfile />
      )}
    </OnboardingStepLayout>
  );
}
