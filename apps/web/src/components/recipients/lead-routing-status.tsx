import { isStepComplete } from '@portal/shared';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';

/**
 * The lead_routing onboarding step as the server last reported it (GET /portal/me, fetched
 * again after every change of recipients): done once someone besides the agent is set up.
 */
export function LeadRoutingStatus() {
  const agent = useAuth().me?.agent_profile;
  if (!agent) return null;
  const done = isStepComplete('lead_routing', agent);
  return (
    <Alert
      variant={done ? 'success' : 'info'}
      data-lead-routing-done={done}
      className="flex items-center gap-2"
    >
      {done ? (
        <CircleCheck className="size-4 shrink-0 text-primary-text" aria-hidden="true" />
      ) : (
        <CircleDashed className="size-4 shrink-0 text-secondary" aria-hidden="true" />
      )}
      <p>
        <span className="font-medium">Lead routing step:</span>{' '}
        {done ? 'done' : 'not yet — add at least one more recipient'}
      </p>
    </Alert>
  );
}
