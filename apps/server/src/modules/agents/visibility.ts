import { canSeePortal, type PortalFlag } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AgentRow, users } from '../../db/schema';

/**
 * SPEC.md section 6 on the server: whether the agent may see (and so change) a part of the
 * portal. Corporate users never; otherwise the corporate affiliation's preference, then the
 * agent's own flag, visible by default. The rule itself is `canSeePortal` in packages/shared.
 */
export async function portalVisible(
  db: Executor,
  agent: Pick<
    AgentRow,
    'corporateUserId' | 'canSeePortalOnboarding' | 'canSeePortalZips' | 'canSeePortalRecipients'
  >,
  userRole: string,
  flag: PortalFlag,
): Promise<boolean> {
  let affiliationPreferences: Record<string, unknown> | null = null;
  if (agent.corporateUserId) {
    const [corporate] = await db
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.id, agent.corporateUserId));
    affiliationPreferences = corporate?.preferences ?? null;
  }
  return canSeePortal(flag, {
    userRole,
    affiliationPreferences,
    agent: {
      can_see_portal_onboarding: agent.canSeePortalOnboarding,
      can_see_portal_zips: agent.canSeePortalZips,
      can_see_portal_recipients: agent.canSeePortalRecipients,
    },
  });
}
