// Shipped without its comments: scripts/prerender.mjs copies it into the build (assets/session-boot-<hash>.js,
// with this build's API base in its URL) and names it, async, in the head of the pages the
// scripts draw (index.html and the signed-in landing pages). It sends the start-up POST /refresh
// while the portal's code is still downloading, instead of after it has run: the session is
// usually restored by the time the code needs it (issue #16). The start-up restore
// (src/lib/session-restore.ts, claimEarlyRefresh) takes its answer once; without this script, or
// when the app's code has run first, the app sends the refresh itself.
// The conditions mirror src/lib/session-restore.ts: only with the `has_session` hint the server
// sets beside its httpOnly refresh cookie, never for a recipient's session, and under the same
// cross-tab lock (where the browser has Web Locks), so a rotated refresh token is not presented
// twice.
(() => {
  // The app has started already (src/lib/api-client.ts leaves null here): it refreshes itself.
  if (window.__portalEarlyRefresh !== undefined) return;
  try {
    if (!document.cookie.split(';').some((c) => c.trim().startsWith('has_session='))) return;
    if (window.localStorage.getItem('recipient_session')) return;
  } catch {
    return; // storage refused (a sandboxed frame): the app decides
  }
  const url = '__API_BASE__/refresh';
  // Ahead of the page's scripts in the browser's queue: over HTTP/1.1 it fetches six at a time.
  const send = () =>
    fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      priority: 'high',
    });
  const response = navigator.locks ? navigator.locks.request('portal-session-refresh', send) : send();
  // Whoever takes it sees a failure; none goes unhandled meanwhile.
  response.catch(() => {});
  window.__portalEarlyRefresh = { url, response };
})();
