/**
 * Which build of the portal this page runs. The web build derives the id from the content of
 * what it wrote (vite.config.ts, buildId) and publishes it in dist/builds/latest.json, so a page
 * open across a deploy can tell that the server now has another build. Builds of the same code
 * get the same id: separately built servers behind one address do not disagree.
 */
export const build = {
  id: typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev',
  /** Where the server publishes the id of the build it serves (SPEC.md section 7). */
  latestUrl: '/builds/latest.json',
  /** Only a built portal has builds/latest.json: not the dev server, not the tests. */
  checkForUpdates: import.meta.env.PROD,
} as const;
