import { canSeePortal, type GuardSession, type PortalFlag, type PortalMe } from '@portal/shared';
import type { AuthState } from '@/lib/auth';

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

const visibility = portalFlagVisible;

/** The auth state as the shared access rules see it (`resolveRoute`). */
export function buildGuardSession(auth: Pick<AuthState, 'status' | 'me'>): GuardSession {
  if (auth.status === 'recipient') return { kind: 'recipient' };
  const { me } = auth;
  if (auth.status !== 'user' || !me) return { kind: 'anonymous' };
  return {
    kind: 'user',
    userRole: me.user_role,
    isSuperuser: me.is_superuser,
    agent: me.agent_profile
      ? {
          signupStatus: me.agent_profile.signup_status,
          agentStatus: me.agent_profile.agent_status,
          canSeeOnboarding: visibility(me, 'can_see_portal_onboarding'),
          ratingRequired: me.rating_required,
        }
      : null,
  };
}

/** Which parts of the dashboard the signed-in user may see (SPEC.md section 6). */
export function portalVisibility(me: PortalMe) {
  return {
    onboarding: me.agent_profile !== null && visibility(me, 'can_see_portal_onboarding'),
    zips: visibility(me, 'can_see_portal_zips'),
    recipients: visibility(me, 'can_see_portal_recipients'),
  };
}
