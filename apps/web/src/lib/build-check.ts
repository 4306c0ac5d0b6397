import { build } from '@/config/build';

/** How often an open, visible page asks which build the server has. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
/** Switching tabs back and forth asks at most this often (focus and visibility come together). */
export const BUILD_CHECK_MIN_GAP_MS = 30_000;

/**
 * The id of the build the server now serves, or null when it cannot be told: no
 * builds/latest.json (the dev server answers index.html), offline, a server error.
 */
export async function fetchLatestBuildId(url = build.latestUrl): Promise<string | null> {
  try {
    const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown } | null;
    return typeof body?.id === 'string' && body.id ? body.id : null;
  } catch {
    return null;
  }
}

interface BuildCheckOptions {
  /** Called once for each newer build the server has. */
  onNewBuild: (id: string) => void;
  /** The build this page runs. */
  currentId?: string;
  intervalMs?: number;
  minGapMs?: number;
}

/**
 * Asks which build the server has when the page becomes visible again or regains focus, and
 * every `intervalMs` while it is visible, and reports a build other than `currentId` once.
 * Returns the function that stops it.
 */
export function startBuildCheck({
  onNewBuild,
  currentId = build.id,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  minGapMs = BUILD_CHECK_MIN_GAP_MS,
}: BuildCheckOptions): () => void {
  const reported = new Set<string>([currentId]);
  let lastCheck = Number.NEGATIVE_INFINITY;
  let checking = false;
  let stopped = false;

  async function check() {
    if (stopped || checking || document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < minGapMs) return;
    checking = true;
    lastCheck = Date.now();
    try {
      const latest = await fetchLatestBuildId();
      if (stopped || !latest || reported.has(latest)) return;
      reported.add(latest);
      onNewBuild(latest);
    } finally {
      checking = false;
    }
  }

  const onVisibility = () => void check();
  const timer = setInterval(onVisibility, intervalMs);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', onVisibility);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onVisibility);
  };
}
