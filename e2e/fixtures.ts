import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { DEMO, type Login } from './support/demo';
import { Mailbox } from './support/mailbox';
import { PortalApi } from './support/portal-api';
import { signIn } from './support/ui';

export { expectLoaded, openRegistrationLink, seeHeading, seeText, signIn } from './support/ui';
export { expect };

interface Fixtures {
  /** A page in a browser of its own (a new context with the test's options, and `options`). */
  openBrowser: (options?: BrowserContextOptions) => Promise<Page>;
  /** Signs `login` in through the sign-in form in a browser of its own; on the page they land on. */
  signInAs: (login: Login, options?: BrowserContextOptions) => Promise<Page>;
  /**
   * Signs an agent's team member in by e-mail link in a browser of their own: the sign-in form,
   * then the link from the e-mail (whose subject names the agent); on their /leads.
   */
  signInTeamMember: (
    member: { email: string; agentName: string },
    options?: BrowserContextOptions,
  ) => Promise<Page>;
  /** The demo superuser, signed in, on the console. */
  superuser: Page;
  /** The demo corporate user (Summit Realty's office), signed in, on its dashboard. */
  corporateUser: Page;
  /** The demo active agent (Alicia Alvarez), signed in, on their leads. */
  agent: Page;
  /** The demo group manager: the active agent, who manages Summit Realty West, on their leads. */
  groupManager: Page;
  /** The demo agent in onboarding (Oscar Ortega), signed in, on the onboarding overview. */
  onboardingAgent: Page;
  /** The dev mailbox the portal's e-mails and texts wait in, read as the demo superuser. */
  mailbox: Mailbox;
}

interface WorkerFixtures {
  /** The portal's HTTP API from Node: the seller feed, the superuser's reads, set-up calls. */
  portal: PortalApi;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  portal: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.PORTAL_API_URL });
      await use(new PortalApi(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  openBrowser: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  signInAs: async ({ openBrowser }, use) => {
    await use(async (login, options) => {
      const page = await openBrowser(options);
      await signIn(page, login.email, login.password);
      await expect(page).toHaveURL(login.lands);
      return page;
    });
  },
  signInTeamMember: async ({ openBrowser, mailbox }, use) => {
    await use(async (member, options) => {
      const page = await openBrowser(options);
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(member.email);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await expect(page.getByText(/a sign-in link is on its way/).first()).toBeVisible();
      const link = await mailbox.link({
        to: member.email,
        subject: `Sign in to see ${member.agentName}'s leads`,
        path: '/login/magic/',
      });
      await page.goto(link);
      await expect(page).toHaveURL(/\/leads$/);
      return page;
    });
  },
  superuser: async ({ signInAs }, use) => use(await signInAs(DEMO.superuser)),
  corporateUser: async ({ signInAs }, use) => use(await signInAs(DEMO.corporateUser)),
  agent: async ({ signInAs }, use) => use(await signInAs(DEMO.activeAgent)),
  groupManager: async ({ signInAs }, use) => use(await signInAs(DEMO.activeAgent)),
  onboardingAgent: async ({ signInAs }, use) => use(await signInAs(DEMO.onboardingAgent)),
  mailbox: async ({ portal, signInAs }, use) => use(new Mailbox(portal, () => signInAs(DEMO.superuser))),
});
