import { routeMatcher } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_PAGES, SIGNUP_STEP_PAGES } from '@/config/paths';
import { routePatterns } from './route-patterns';
import { routes } from './router';

/**
 * The list the build gives the server (dist/routes.json): every page the router draws, and
 * nothing the router answers with "Page Not Found".
 */
describe('the route patterns the server is given', () => {
  const patterns = routePatterns(routes);
  const isPage = routeMatcher(patterns);

  it('holds every page, nested and parameterised ones included', () => {
    for (const pattern of [
      '/',
      '/login',
      '/leads',
      '/profile',
      '/profile/team',
      '/routing/crm',
      '/onboarding',
      '/onboarding/start',
      '/recovery/:token',
      '/es/recovery',
      '/es/recovery/:token',
      '/en/recovery',
      '/verify-email/:token',
      '/login/magic/:token',
      '/admin',
      '/admin/agents/:agentId/preview',
      '/rating',
      ...ONBOARDING_PAGES.map((page) => `/onboarding/${page}`),
      ...SIGNUP_STEP_PAGES.map((step) => `/signup/${step}`),
    ]) {
      expect(patterns).toContain(pattern);
    }
  });

  it('leaves out the catch-all and languages the recovery pages do not speak', () => {
    expect(patterns).not.toContain('*');
    expect(patterns.every((pattern) => pattern.startsWith('/'))).toBe(true);
    for (const path of ['/no/such/page', '/fr/recovery', '/fr/recovery/abc', '/profile/nope', '/leadsx']) {
      expect(isPage(path), path).toBe(false);
    }
    for (const path of [
      '/recovery/abc.def',
      '/es/recovery/abc',
      '/verify-email/garbage',
      '/onboarding/media',
    ]) {
      expect(isPage(path), path).toBe(true);
    }
  });
});
