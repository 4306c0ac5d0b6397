import type { PortalMe } from '@portal/shared';
import {
  api,
  type ClaimedEarlyRefresh,
  claimEarlyRefresh,
  getAuthSnapshot,
  readEarly,
  refreshSession,
  sessionGeneration,
} from './api-client';

/**
 * The start-up half of the session that needs neither React nor the query cache, so that it can
 * begin before the rest of the portal's code is evaluated (ADR 50: on a slow phone that takes
 * longer than the two round trips below). lib/auth.tsx takes it over.
 */

export const SESSION_HINT_COOKIE = 'has_session';

const hasSessionHint = () =>
  document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));

export interface RestoredSession {
  /** The role POST /refresh answered with. */
  userRole: string | undefined;
}

/** GET /portal/me sent by the restore, and the state of the session it was sent for. */
let restoredMe: { generation: number; me: Promise<PortalMe> } | null = null;

/**
 * The refresh cookie, if any, becomes an access token, and GET /portal/me goes out at once (the
 * first to ask for the user, `getMe`, takes its answer). Null when there is no user session to
 * restore: a recipient session (it never refreshes), no `has_session` hint (the server sets it
 * beside its httpOnly refresh cookie; without it a visitor's page load need not ask), or a
 * refresh refused.
 */
export function restoreSession(): Promise<RestoredSession | null> {
  const run = restore();
  restoring = run;
  const done = () => {
    if (restoring === run) restoring = null;
  };
  run.then(done, done);
  return run;
}

/** A restore under way, which `takeRestoredMe` waits for. */
let restoring: Promise<RestoredSession | null> | null = null;

async function restore(): Promise<RestoredSession | null> {
  // The boot script's refresh, if it sent one: claimed even when unused below, so that no later
  // refresh reads its old answer.
  const early = claimEarlyRefresh();
  if (getAuthSnapshot().recipient) return null;
  if (!hasSessionHint()) return null;
  let userRole: string | undefined;
  try {
    userRole = (await refreshSession(early?.response)).user?.user_role;
  } catch {
    return null; // no session: anonymous
  }
  // The boot script's GET /portal/me, sent with the same access token, when it sent one.
  const ask = () => api.get<PortalMe>('/portal/me');
  const me = early ? readEarly(early.me, ask) : ask();
  // Whoever takes it awaits it and sees its failure; none goes unhandled meanwhile.
  me.catch(() => {});
  restoredMe = { generation: sessionGeneration(), me };
  earlyLeads = early ? { generation: sessionGeneration(), leads: early.leads } : null;
  return { userRole };
}

/** The boot script's requests for an agent's /leads, for the session they were sent for. */
let earlyLeads: { generation: number; leads: ClaimedEarlyRefresh['leads'] } | null = null;

/**
 * The boot script's GET /portal/me/leads (the default view) and GET /portal/me/lead-stats, once,
 * and only for the session they were sent for (null otherwise: the caller asks itself). Either
 * answer may be null (not sent, or failed), which `readEarly` turns into a request.
 */
export function takeEarlyLeads(): ClaimedEarlyRefresh['leads'] | null {
  const kept = earlyLeads;
  earlyLeads = null;
  return kept && kept.generation === sessionGeneration() ? kept.leads : null;
}

/**
 * The user as the restore's GET /portal/me answered, once, and only for the session it was sent
 * for (the session changed since, by a sign-out, a sign-in or another refresh: null, and the
 * caller asks anew). A restore under way is waited for: the new access token wakes the app, which
 * asks for the user before the restore has sent its request. A sign-in sent while a start-up
 * refresh is on its way (a stale `has_session` hint) therefore waits for that refresh to settle.
 */
export async function takeRestoredMe(): Promise<PortalMe | null> {
  if (restoring) await restoring;
  const kept = restoredMe;
  restoredMe = null;
  return kept && kept.generation === sessionGeneration() ? kept.me : null;
}

let early: Promise<RestoredSession | null> | null = null;

/** Called once by main.tsx's first import (app/early-start.ts), before the app's code runs. */
export function restoreSessionEarly(): void {
  early ??= restoreSession();
}

/** The restore begun early, once: the first start-up takes it, any later one restores anew. */
export function takeEarlyRestore(): Promise<RestoredSession | null> | null {
  const taken = early;
  early = null;
  return taken;
}

/** Tests: forget what an earlier test restored. */
export function resetSessionRestore(): void {
  restoredMe = null;
  earlyLeads = null;
  restoring = null;
  early = null;
}
