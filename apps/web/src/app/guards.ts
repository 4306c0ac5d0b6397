import { isPublicPath, normalisePath, resolveRoute } from '@portal/shared';
import { isPrerenderedPath } from '@/config/prerender';
import type { AuthState } from '@/lib/auth';
import { buildGuardSession } from '@/lib/portal-visibility';

export { buildGuardSession, portalVisibility } from '@/lib/portal-visibility';

/**
 * The bridge between the auth state and the shared access rules: the rules themselves live in
 * @portal/shared (`resolveRoute`), used unchanged.
 */

export type RouteDecision =
  | { action: 'allow' }
  /** The auth state is not known yet: show a loading state, decide later. */
  | { action: 'wait' }
  /** Signed in, but the account could not be loaded. */
  | { action: 'error' }
  | { action: 'redirect'; to: string; from?: string };

/**
 * Runs on every navigation. `from` is where an anonymous visitor was going when sent to
 * /login: once signed in they go back there if the rules allow it.
 */
export function decideRoute(
  location: { pathname: string; search?: string },
  auth: Pick<AuthState, 'initialised' | 'status' | 'me'>,
  from?: string,
): RouteDecision {
  const path = normalisePath(location.pathname);
  // A prerendered public page is on screen before the session is known: keep it (a signed-in
  // visitor is sent on once it is).
  if (!auth.initialised) return isPrerenderedPath(path) ? { action: 'allow' } : { action: 'wait' };
  // Signing in from a public page: keep it on screen until the user has loaded.
  if (auth.status === 'loading') return isPublicPath(path) ? { action: 'allow' } : { action: 'wait' };
  if (auth.status === 'error' && !isPublicPath(path)) return { action: 'error' };

  const session = buildGuardSession(auth);
  const result = resolveRoute(path, session);
  if (result.action === 'allow') return result;

  if (session.kind === 'anonymous') {
    const target = `${path}${location.search ?? ''}`;
    return { action: 'redirect', to: result.to, from: path === '/' ? undefined : target };
  }
  if (from && resolveRoute(from, session).action === 'allow') return { action: 'redirect', to: from };
  return { action: 'redirect', to: result.to };
}
