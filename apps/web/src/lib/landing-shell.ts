/**
 * The landing page's frame as plain HTML (ADR 63): /leads' HTML holds the frame of an agent's
 * leads page (the sidebar or phone bar, the page's heading and introduction, its loading state),
 * hidden unless the page's boot script (apps/web/scripts/session-boot.js) finds that this browser
 * last showed that page to the user whose session it restores. Then it is the first paint,
 * before any of the portal's code has arrived, and the app removes it once the session is known.
 * Which frame this browser last showed is kept here; the boot script reads the same key.
 */

/** The localStorage key the boot script reads (apps/web/scripts/session-boot.js). */
export const LANDING_SHELL_KEY = 'portal:landing-shell';

/**
 * The frames /leads' HTML holds: an agent's leads, or the same with "My leads" and "My groups"
 * above them for an agent who manages a group.
 */
export type LandingShell = 'leads' | 'leads-manager';

/** The element the frame is in, and the attribute of <html> that shows it (src/landing-shell.tsx). */
export const LANDING_SHELL_ID = 'landing-shell';
export const LANDING_SHELL_ATTRIBUTE = 'data-shell';

/** Keeps the frame the next load of /leads shows, or none (another page, another kind of user). */
export function rememberLandingShell(shell: LandingShell | null): void {
  try {
    if (shell) window.localStorage.setItem(LANDING_SHELL_KEY, shell);
    else window.localStorage.removeItem(LANDING_SHELL_KEY);
  } catch {
    // storage refused (a sandboxed frame): the next load shows the start-up splash
  }
}

/** Whether this load began with the frame on screen (the boot script showed it). */
export function landingShellShown(): boolean {
  return (
    document.documentElement.hasAttribute(LANDING_SHELL_ATTRIBUTE) &&
    document.getElementById(LANDING_SHELL_ID) !== null
  );
}

/** Takes the frame away: the app draws the page from here on. */
export function removeLandingShell(): void {
  document.getElementById(LANDING_SHELL_ID)?.remove();
  document.documentElement.removeAttribute(LANDING_SHELL_ATTRIBUTE);
}
