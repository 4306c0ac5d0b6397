import { reloadPage } from './reload-page';

/**
 * After a deploy, a page opened before it asks for scripts of its own build, which the server no
 * longer has: loading the next page's code fails. Reloading gets the new build. Once only: a
 * sessionStorage marker holds the time of the last such reload, and within RELOAD_GUARD_MS of it
 * the error is left to show (the route's error page) instead of reloading in a loop.
 */

/** SPEC.md section 9, "Payload reload guard marker: 10000 ms". */
export const RELOAD_GUARD_MS = 10_000;
/**
 * How long a failed import waits for the route's error page, which reloads at the address the
 * person was going to (React Router moves there once the navigation has failed); a script that
 * no route was waiting for reloads the page where it is.
 */
export const ROUTE_ERROR_WAIT_MS = 1_000;
const MARKER_KEY = 'portal:chunk-reload';

/** What browsers say when a module script cannot be fetched, and Vite when a stylesheet cannot. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** 'pending': a reload is decided and waits for the route's error page (ROUTE_ERROR_WAIT_MS). */
let state: 'idle' | 'pending' | 'reloading' = 'idle';
let fallback: ReturnType<typeof setTimeout> | undefined;

/** Whether this page is about to reload (its error page has nothing to say then). */
export function isReloadingForChunkError(): boolean {
  return state !== 'idle';
}

/** Whether a chunk error may still reload the page: not if it did so in the last 10 s. */
export function canReloadForChunkError(): boolean {
  if (state !== 'idle') return true;
  // Offline, a reload would replace a working page with the browser's offline page.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const last = Number(sessionStorage.getItem(MARKER_KEY));
    return !(last > 0) || Date.now() - last >= RELOAD_GUARD_MS;
  } catch {
    // No sessionStorage (blocked): nothing would stop a loop, so no reload.
    return false;
  }
}

/** Takes this page's one reload: false when the last one was less than 10 s ago. */
function claimReload(): boolean {
  if (!canReloadForChunkError()) return false;
  try {
    sessionStorage.setItem(MARKER_KEY, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

/** Reloads the page unless it just did; returns whether it does. */
export function reloadForChunkError(): boolean {
  if (state === 'reloading') return true;
  if (state === 'idle' && !claimReload()) return false;
  clearTimeout(fallback);
  state = 'reloading';
  reloadPage();
  return true;
}

/** Something typed on the page (a field with text in it), which a reload would throw away. */
function hasTypedText(): boolean {
  return Array.from(
    document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  ).some(
    (field) =>
      !['hidden', 'checkbox', 'radio', 'file', 'submit', 'button'].includes(field.type) && field.value !== '',
  );
}

/** A script no route waited for: reload where the page is, unless that would lose what was typed. */
function reloadInPlace() {
  if (state !== 'pending') return;
  if (hasTypedText()) {
    state = 'idle';
    return;
  }
  reloadForChunkError();
}

/**
 * Vite reports a dynamic import that failed (its script, or a script or stylesheet it needs) as a
 * `vite:preloadError` event. Cancelling it stops the error, as the page is reloading: at once if
 * a route was loading (its error page does it, see ROUTE_ERROR_WAIT_MS), otherwise a moment later.
 * A module that loaded and then threw is a bug, not a deploy: that error, like one when the page
 * may not reload, goes on to the route's error page.
 */
export function installChunkReloadGuard(target: Window = window): () => void {
  const onPreloadError = (event: VitePreloadErrorEvent) => {
    if (!isChunkLoadError(event.payload)) return;
    if (state === 'idle') {
      if (!claimReload()) return;
      state = 'pending';
      fallback = setTimeout(reloadInPlace, ROUTE_ERROR_WAIT_MS);
    }
    event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** For tests: what loading the page again does to this module. */
export function resetChunkReloadState() {
  clearTimeout(fallback);
  state = 'idle';
}
