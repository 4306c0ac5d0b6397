export const PORTAL_FLAGS = [
  'can_see_portal_onboarding',
  'can_see_portal_zips',
  'can_see_portal_recipients',
] as const;
export type PortalFlag = (typeof PORTAL_FLAGS)[number];

export interface VisibilityInput {
  userRole: string;
  /** The corporate affiliation's preferences, when the agent has one. */
  affiliationPreferences?: Record<string, unknown> | null;
  /** The agent's own nullable flags. */
  agent?: Partial<Record<PortalFlag, boolean | null>> | null;
}

/**
 * SPEC.md section 6: corporate users never see these parts; otherwise the corporate
 * affiliation's preference wins, then the agent's own, and the default is visible.
 */
export function canSeePortal(flag: PortalFlag, input: VisibilityInput): boolean {
  if (input.userRole === 'corporate') return false;
  const fromAffiliation = input.affiliationPreferences?.[flag];
  if (typeof fromAffiliation === 'boolean') return fromAffiliation;
  const own = input.agent?.[flag];
  if (typeof own === 'boolean') return own;
  return true;
}
