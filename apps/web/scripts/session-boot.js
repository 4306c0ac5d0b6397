// Shipped without its comments: scripts/prerender.mjs copies it into the build (assets/session-boot-<hash>.js,
// with this build's API base in its URL) and names it in the head of the pages the
// scripts draw (index.html and the signed-in landing pages). It sends the start-up POST /refresh
// while the portal's code is still downloading, instead of after it has run: the session is
// usually restored by the time the code needs it (ADR 50). The start-up restore
// (src/lib/session-restore.ts, claimEarlyRefresh) takes its answer once; without this script, or
// when the app's code has run first, the app sends the refresh itself.
// The conditions mirror src/lib/session-restore.ts: only with the `has_session` hint the server
// sets beside its httpOnly refresh cookie, never for a recipient's session, and under the same
// cross-tab lock (where the browser has Web Locks), so a rotated refresh token is not presented
// twice. It also asks for the user (GET /portal/me) as soon as the refresh has answered, and on
// an agent's /leads for its queue and numbers. On /leads, when this browser last showed an agent
// its leads there (src/lib/landing-shell.ts), it shows the page's HTML frame instead of the
// start-up splash: it runs before the body is parsed, so the first paint is the frame.
(() => {
  // The app has started already (src/lib/api-client.ts leaves null here): it refreshes itself.
  if (window.__portalEarlyRefresh !== undefined) return;
  try {
    if (!document.cookie.split(';').some((c) => c.trim().startsWith('has_session='))) return;
    if (window.localStorage.getItem('recipient_session')) return;
  } catch {
    return; // storage refused (a sandboxed frame): the app decides
  }
  const leadsPage = window.location.pathname.replace(/\/+$/, '') === '/leads' && !window.location.search;
  try {
    const shell = leadsPage && window.localStorage.getItem('portal:landing-shell');
    if (shell === 'leads' || shell === 'leads-manager')
      document.documentElement.setAttribute('data-shell', shell);
  } catch {
    // storage refused: the splash, as usual
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
  // Then, with the access token it answers with, GET /portal/me: the first thing the app asks,
  // whose answer is then usually there when the code has run (the app reads the refresh's own
  // answer; this reads a copy).
  const refreshed = response
    .then((answer) => (answer.ok ? answer.clone().json() : null))
    .then((body) => (body && typeof body.access_token === 'string' && body.access_token ? body : null));
  const ask = (body, path) =>
    fetch(`__API_BASE__${path}`, {
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${body.access_token}` },
      priority: 'high',
    });
  const me = refreshed.then((body) => (body ? ask(body, '/portal/me') : null));
  // An agent opening /leads as it is (no tab, search or page in the address): the first page of
  // its queue and its numbers too, as app/landing-prefetch.ts would once the code has run.
  const leads = leadsPage
    ? refreshed.then((body) =>
        body?.user?.user_role === 'agent'
          ? {
              list: ask(body, '/portal/me/leads?skip=0&limit=100&view=queue'),
              stats: ask(body, '/portal/me/lead-stats'),
            }
          : null,
      )
    : null;
  // Whoever takes them sees a failure; none goes unhandled meanwhile.
  response.catch(() => {});
  me.catch(() => {});
  leads?.then(
    (asked) => {
      asked?.list.catch(() => {});
      asked?.stats.catch(() => {});
    },
    () => {},
  );
  window.__portalEarlyRefresh = { url, response, me, leads };
})();
