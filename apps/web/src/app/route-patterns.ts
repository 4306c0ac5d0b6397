import type { RouteObject } from 'react-router';

/**
 * Every address pattern the router answers, read off the route tree itself ("/recovery/:token",
 * "/onboarding/start"): a child's path is joined to its parent's, an index route is its parent's
 * path, and the catch-all ("*", the 404 page) is left out. The build writes the list to
 * dist/routes.json (scripts/prerender.mjs); the server answers 404 for any other path
 * (apps/server/src/plugins/spa.ts), so the two cannot disagree about which pages exist.
 */
export function routePatterns(routes: readonly RouteObject[], parent = '/'): string[] {
  const found = new Set<string>();
  for (const route of routes) {
    if (route.path === '*') continue;
    const own = route.path === undefined ? parent : join(parent, route.path);
    // A pathless layout route is no address of its own; its children are.
    if (route.index || route.path !== undefined) found.add(own);
    if (route.children) for (const pattern of routePatterns(route.children, own)) found.add(pattern);
  }
  return [...found];
}

const join = (parent: string, path: string) => {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${path}`;
};
