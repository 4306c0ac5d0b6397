import { canSeePortal, type PortalFlag, type PortalMe } from '@portal/shared';

/**
 * Whether the signed-in user may see a part of the portal (SPEC.md section 6), from the shared
 * rule: corporate users never; otherwise the corporate affiliation's preference, then the
 * agent's own, visible by default.
 */
export function portalFlagVisible(me: PortalMe, flag: PortalFlag): boolean {
  return canSeePortal(flag, {
    userRole: me.user_role,
    affiliationPreferences: me.agent_profile?.corporate_affiliation?.preferences,
    agent: me.agent_profile,
  });
}
