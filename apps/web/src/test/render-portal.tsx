import { routes } from '@/app/router';
import { type RenderOptions, renderRoutes } from './render-app';

/**
 * The whole portal at `url`: providers, route guard, layouts, pages (each loaded as it is in the
 * browser, on first visit). For what the guard, the layouts and the route table decide, and
 * journeys across pages. fetch must be mocked.
 */
export function renderPortal(url: string, options: RenderOptions = {}) {
  return renderRoutes(routes, url, options);
}
