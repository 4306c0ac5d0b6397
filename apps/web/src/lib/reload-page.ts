/**
 * Loads the page again from the server. Its own module so tests can tell it happened: jsdom
 * cannot navigate, and its `window.location` cannot be replaced.
 */
export function reloadPage() {
  window.location.reload();
}
