import { Link } from 'react-router';
import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { TeamForm } from '@/components/agent-profile/team-form';
import { paths } from '@/config/paths';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { useAuth } from '@/lib/auth';
import { OnboardingPager, OnboardingStepLayout } from '../components/onboarding-step-layout';
import { useContinueAfterSave } from './use-continue-after-save';

const PAGE = 'start/my_team';

/** /onboarding/start/my_team: team or not, and the team's name; Continue saves and marks the step. */
export function MyTeamPage() {
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
            If you work with a real-estate team, your advertising can carry the team's name. Answer the
            question below; <strong>Save and continue</strong> saves your answer and marks this step done.
          </p>
          <p>
            The people on your team who should receive leads, and your sub-agents, are set up under{' '}
            <Link to={paths.routingTeamMembers.href()}>Team members</Link>.
          </p>
        </div>
      }
    >
      {agent ? (
        <TeamForm
          agent={agent}
          onSave={async (answer) => {
            const record = await save.mutateAsync(answer);
            await continueAfterSave(record, 'my_team');
          }}
          actions={(pending) => <OnboardingPager page={PAGE} submit={{ pending }} />}
        />
      ) : (
        <MissingAgentProfile what="Team details" />
      )}
    </OnboardingStepLayout>
  );
}
