import type { PortalMe } from '@portal/shared';
import { PauseCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatPauseDay, pausedUntil, useUpdateCapacity } from '@/lib/agent-capacity-api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Across every signed-in page, an agent who paused their leads sees until when, and can resume
 * at once (ADR 62).
 */
export function PauseNotice({ me }: { me: PortalMe | null | undefined }) {
  const until = pausedUntil(me?.agent_profile);
  const update = useUpdateCapacity();
  if (!until) return null;
  return (
    <Alert variant="info" className="mb-6">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-medium">
          <PauseCircle aria-hidden="true" className="size-5 shrink-0" />
          Paused until {formatPauseDay(until)} — no new leads until then.
        </p>
        <Button
          variant="outline"
          size="sm"
          pending={update.isPending}
          onClick={() =>
            update.mutate(
              { paused_until: null },
              {
                onSuccess: () =>
                  toast.success('Leads resumed', { description: 'New leads can reach you again.' }),
                onError: (error) =>
                  toast.error('Could not resume your leads', { description: errorMessage(error) }),
              },
            )
          }
        >
          Resume
        </Button>
      </AlertDescription>
    </Alert>
  );
}
