import { describe, expect, it } from 'vitest';
import { ONBOARDING_PAGES } from '../../apps/web/src/config/paths';
import { ADMIN_EMAIL, DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { seeHeading, signIn } from '../support/mailbox';

const browser = useBrowser();

const PUBLIC_PAGES: [string, string | RegExp][] = [
  ['/', /Seller leads/],
  ['/login', 'Sign in'],
  ['/signup', /Join/],
  ['/recovery', 'Reset your password'],
  ['/es/recovery', 'Restablecer la contraseña'],
  ['/recovery/not.a.token', 'Choose a new password'],
  ['/terms_of_service', /Terms/],
  ['/thankyou', /Thank/],
  ['/verify-email/not.a.token', /Verification failed|verif/i],
  ['/login/magic/not-a-token', /sign-in link|Invalid|link/i],
  ['/no/such/page', 'Page Not Found'],
];

describe('public pages have no serious or critical axe violation', () => {
  for (const width of [1280, 390]) {
    it.each(PUBLIC_PAGES)(`%s at ${width}px`, async (path, heading) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(path);
      await seeHeading(page, heading);
      await expectAccessible(page);
      await page.context().close();
    });
  }
});

const ONBOARDING_AGENT = 'onboarding.agent@demo.agentportal.local';
const ACTIVE_AGENT = 'active.agent@demo.agentportal.local';
const CORPORATE = 'corporate@demo.agentportal.local';

/** Every signed-in page, by who opens it (issue #18: every page at 1280 and 390 px). */
const SIGNED_IN_PAGES: { user: string; paths: string[] }[] = [
  {
    user: ONBOARDING_AGENT,
    paths: [
      '/onboarding',
      ...ONBOARDING_PAGES.filter((step) => step !== 'video/videos_upload_old').map(
        (step) => `/onboarding/${step}`,
      ),
      '/profile',
      '/profile/team',
      '/profile/broker',
      '/profile/licenses',
      '/routing',
      '/routing/crm',
      '/routing/team-members',
      '/resources/faq',
      '/account/password',
    ],
  },
  { user: ACTIVE_AGENT, paths: ['/leads', '/zip'] },
  { user: CORPORATE, paths: ['/leads'] },
  {
    user: ADMIN_EMAIL,
    paths: [
      '/admin',
      '/admin/agents',
      '/admin/access-codes',
      '/admin/corporate',
      '/admin/api-keys',
      '/admin/leads',
      '/admin/leads/import',
      '/admin/messages',
      '/admin/audit',
      '/admin/settings',
      // Not /dev/templates (a development tool): it shows every e-mail in its own frame, and
      // axe's Playwright runner, which opens a page to merge the frames' results, hangs there.
      '/dev/mailbox',
    ],
  },
];

describe('signed-in pages have no serious or critical axe violation and fit the screen', () => {
  for (const width of [1280, 390]) {
    for (const { user, paths } of SIGNED_IN_PAGES) {
      it(`${user}'s pages at ${width}px`, { timeout: 240_000 }, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await signIn(page, user, DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname !== '/login');
        const overflowing: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
          // Settled: some pages poll (the mailbox, the message queue), so quiet may never come.
          await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
          expect(new URL(page.url()).pathname, `${path} redirected`).toBe(path);
          await expectAccessible(page);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (wide > 0) overflowing.push(`${path} (${wide} px)`);
        }
        // Nothing wider than the screen: no sideways scrolling on a phone.
        expect(overflowing).toEqual([]);
        await page.context().close();
      });
    }
  }
});
