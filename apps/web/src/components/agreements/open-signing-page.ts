/**
 * Leaves the portal for the signing page (the built-in /sign/:token or the provider's): a full
 * page load, after which the agent comes back to the agreement's page. Its own module so tests
 * can see where it would go (jsdom cannot navigate).
 */
export function openSigningPage(url: string) {
  window.location.assign(url);
}
