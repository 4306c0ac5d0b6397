import { describe, it } from 'vitest';
import { expectAccessible, useBrowser } from '../support/browser';
import { seeHeading } from '../support/mailbox';

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
