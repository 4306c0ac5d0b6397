import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { linkFromMailbox, openMailbox, seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();
const AGENT = 'active.agent@demo.agentportal.local';
/** The demo intake key the embedded seed publishes (apps/server/src/db/seed/demo.ts). */
const DEMO_API_KEY = 'lpk_DemoFeed01_portal-demo-2026-intake-key-for-trying-out1';

const api = (path: string) => `${baseUrl().replace('localhost', '127.0.0.1')}/api${path}`;

async function agentToken(): Promise<string> {
  const response = await fetch(api('/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: AGENT, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('a lead, from the intake API to a closed sale', () => {
  it('appears on the agent’s /leads without a reload, reaches the team member, and closes with a commission', async () => {
    const stamp = Date.now().toString(36);
    const member = {
      first_name: 'Lee',
      last_name: `Runner${stamp}`,
      email: `lee.${stamp}@team.example`,
      phone_number: `+1480555${String(Date.now() % 10_000).padStart(4, '0')}`,
      send_sms: true,
      send_email: true,
    };
    const token = await agentToken();
    const added = await fetch(api('/portal/me/recipients'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(member),
    });
    expect(added.status).toBe(201);

    // The agent has the workspace open before the lead exists.
    const page = await browser.newPage();
    await signIn(page, AGENT, DEMO_PASSWORD);
    // An active agent lands on its leads.
    await page.waitForURL(/\/leads$/);
    await seeHeading(page, 'Leads');
    const stat = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => stat('Closings').textContent()).toMatch(/^\d+$/);
    const closingsBefore = Number(await stat('Closings').textContent());
    const commissionBefore = Number(
      (await stat('Gross commission earned').textContent())!.replace(/[^\d.]/g, ''),
    );
    await expectAccessible(page);

    const seller = `Rosa Vendor${stamp}`;
    const posted = await fetch(api('/v1/leads'), {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        lead_type: 'fsbo',
        first_name: 'Rosa',
        last_name: `Vendor${stamp}`,
        phone: '(602) 555-0177',
        street: '2210 N 7th St',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85006',
        external_id: `e2e-${stamp}`,
      }),
    });
    expect(posted.status).toBe(201);
    const lead = (await posted.json()) as { id: string; agent_id: string | null };
    expect(lead.agent_id).not.toBeNull();

    // No reload: the list refreshes itself and says a lead arrived.
    await page.getByText(seller).first().waitFor({ timeout: 30_000 });
    await seeText(page, '1 new lead');

    // The team member's text message and e-mail, as the dev mailbox shows them.
    const admin = await browser.newPage();
    await openMailbox(admin);
    const inbox = (to: string, text: string) =>
      admin
        .getByRole('button')
        .filter({ hasText: `To ${to}` })
        .filter({ hasText: text })
        .first();
    const sms = inbox(member.phone_number, 'Text message');
    const email = inbox(member.email, `New seller lead: ${seller} (FSBO) in Phoenix`);
    for (
      let attempt = 0;
      attempt < 30 && !((await sms.isVisible()) && (await email.isVisible()));
      attempt++
    ) {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await admin.waitForTimeout(300);
    }
    await sms.click();
    await seeText(admin, `New FSBO lead: ${seller}, 2210 N 7th St, Phoenix AZ. Call (602) 555-0177.`);
    await email.click();
    await admin
      .getByRole('link')
      .filter({ hasText: `/leads?lead=${lead.id}` })
      .first()
      .waitFor();

    // The team member signs in by e-mail link and works the lead routed to them: a note.
    const recipient = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await recipient.goto('/login');
    await recipient.getByLabel('Email', { exact: true }).fill(member.email);
    await recipient.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await seeText(recipient, /a sign-in link is on its way/);
    const link = await linkFromMailbox(admin, {
      to: member.email,
      // A team member's sign-in e-mail names the agent whose leads it opens.
      subject: "Sign in to see Alicia Alvarez's leads",
      path: '/login/magic/',
    });
    await admin.context().close();
    await recipient.goto(link);
    await recipient.waitForURL(/\/leads$/);
    await recipient.getByRole('button').filter({ hasText: seller }).first().click();
    const memberSheet = recipient.getByRole('dialog').filter({ hasText: seller });
    await memberSheet.getByRole('textbox', { name: 'Notes' }).fill('Called her, meeting Tuesday at 10');
    await memberSheet.getByRole('button', { name: 'Save notes' }).click();
    await seeText(recipient, 'Notes saved');
    await expectAccessible(recipient);
    await recipient.context().close();

    // The agent works the lead: open it, close it with the sale's figures.
    await page.getByRole('button').filter({ hasText: seller }).first().click();
    const sheet = page.getByRole('dialog').filter({ hasText: seller });
    await sheet.waitFor();
    await sheet.getByText('Routed').first().waitFor();
    await sheet.getByText('Called her, meeting Tuesday at 10').first().waitFor();
    await sheet.getByRole('button', { name: 'Close lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this lead' });
    await dialog.getByLabel('Sale price').fill('480000');
    await dialog.getByLabel('Gross commission').fill('14400');
    await dialog.getByRole('button', { name: 'Close lead' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stat('Closings').textContent()).toBe(String(closingsBefore + 1));
    await expect
      .poll(async () => Number((await stat('Gross commission earned').textContent())!.replace(/[^\d.]/g, '')))
      .toBe(commissionBefore + 14400);
    await page.context().close();
  }, 120_000);
});

describe('the leads page on its own', () => {
  it('loads neither zod nor the phone-number metadata (issue #16: the leads page is a first load)', async () => {
    const page = await browser.newPage();
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/leads$/);
    // A fresh load of /leads, as a bookmark or a reload opens it: every script it runs.
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.reload();
    await seeHeading(page, 'Leads');
    await page.getByRole('heading', { name: 'Your leads' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The files themselves (immutable, public), read again rather than from the navigated page.
    const loaded = await Promise.all(
      [...scripts].map(async (url) => ({
        url,
        // The server listens on 127.0.0.1; `localhost` may resolve to ::1 here.
        body: await (await fetch(url.replace('//localhost', '//127.0.0.1'))).text(),
      })),
    );
    expect(loaded.length).toBeGreaterThan(5);
    const heavy = loaded
      .filter(({ body }) => body.includes('$ZodType') || body.includes('country_calling_codes'))
      .map(({ url }) => new URL(url).pathname);
    expect(heavy).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('names its code in the page and asks for the leads beside /portal/me (issue #16: one wait, not a chain)', async () => {
    const page = await browser.newPage();
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/leads$/);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const held = () => {
      let release = () => {};
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { until, release };
    };
    const scripts = held();
    const me = held();
    await page.route('**/assets/*.js', async (route) => {
      await scripts.until;
      await route.continue();
    });
    await page.route('**/api/portal/me', async (route) => {
      await me.until;
      await route.continue();
    });
    try {
      await page.reload({ waitUntil: 'commit' });
      // No script has run: the HTML itself asked for the route's code.
      // (the build puts the signed-in frame and the page in one file each: vite.config.ts)
      for (const chunk of [/^\/assets\/dashboard-[\w-]+\.js$/, /^\/assets\/leads-[\w-]+\.js$/])
        await expect.poll(() => requested.some((path) => chunk.test(path))).toBe(true);
      scripts.release();
      // The leads and their numbers go out while /portal/me has not answered.
      for (const path of ['/api/portal/me/leads', '/api/portal/me/lead-stats'])
        await expect.poll(() => requested.includes(path), { timeout: 15_000 }).toBe(true);
      me.release();
      await page.getByRole('heading', { name: 'Your leads' }).waitFor();
      // The user was asked for once: by the start-up restore, whose answer the app took.
      expect(requested.filter((path) => path === '/api/portal/me')).toHaveLength(1);
    } finally {
      scripts.release();
      me.release();
      await page.context().close();
    }
  }, 60_000);
});
