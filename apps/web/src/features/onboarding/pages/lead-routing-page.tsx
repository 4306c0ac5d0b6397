import { LeadRoutingStatus } from '@/components/recipients/lead-routing-status';
import { RecipientManager } from '@/components/recipients/recipient-manager';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

/** /onboarding/leadRouting/lead_routing: done once someone besides the agent receives leads. */
export function LeadRoutingPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <OnboardingStepLayout
      page="leadRouting/lead_routing"
      intro={
        <div className="grid gap-2">
          <p>
            Every lead goes out the moment it arrives, to each active person on your list, by text message,
            e-mail and/or a phone call as you choose for them. A seller is most likely to list with whoever
            calls first, so add the people who can call back when you cannot.
          </p>
          <p>
            You are always on the list. Add at least one team member or another primary agent to complete this
            step; the primary agent is the one a lead is assigned to first.
          </p>
        </div>
      }
    >
      {agent ? (
        <>
          <LeadRoutingStatus />
          <RecipientManager title="Who receives your leads" />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>
            <p>
              Recipients belong to an agent profile, and this account has none. Please contact the office.
            </p>
          </AlertDescription>
        </Alert>
      )}
    </OnboardingStepLayout>
  );
}
