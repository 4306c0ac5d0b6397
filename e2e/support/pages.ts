import { ONBOARDING_PAGES } from '../../apps/web/src/config/paths';
import { ADMIN_EMAIL } from './demo';

/** Every page, for the accessibility sweep and the screenshots (e2e/page-shots.ts). */

export const PUBLIC_PAGES: [string, string | RegExp][] = [
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

const ONBOARDING_AGENT = 'onboarding.agent@demo.agentportal.local';
const ACTIVE_AGENT = 'active.agent@demo.agentportal.local';
const CORPORATE = 'corporate@demo.agentportal.local';

/** Every signed-in page, by who opens it (every page is looked at at 1280 and 390 px). */
export const SIGNED_IN_PAGES: { user: string; paths: string[] }[] = [
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
  { user: ACTIVE_AGENT, paths: ['/leads', '/zip', '/billing'] },
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
      '/admin/billing',
      '/admin/messages',
      '/admin/audit',
      '/admin/settings',
      // Not /dev/templates (a development tool): it shows every e-mail in its own frame, and
      // axe's Playwright runner, which opens a page to merge the frames' results, hangs there.
      '/dev/mailbox',
    ],
  },
];
