import { INACTIVE_NOTICE, type PortalMe } from '@portal/shared';
import { Alert } from '@/components/ui/alert';

/**
 * Across every signed-in page, an inactive agent is told what still works and what does not
 * (ADR 28); the server refuses the rest with the same words.
 */
export function AccountStatusNotice({ me }: { me: PortalMe | null | undefined }) {
  if (me?.agent_profile?.agent_status !== 'inactive') return null;
  return (
    <Alert variant="info" className="mb-6">
      {INACTIVE_NOTICE}
    </Alert>
  );
}
