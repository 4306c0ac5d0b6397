import { expect, expectLoaded, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO } from '../support/demo';

/** An agent whose leads no other journey touches: the counts before and after are this journey's. */
const AGENT = DEMO.ethanBrooks;

test.describe('a lead, from the intake API to a closed sale', () => {
  test('appears on the agent’s /leads without a reload, reaches the team member, and closes with a commission', async ({
    portal,
    signInAs,
    openBrowser,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const member = {
      first_name: 'Lee',
      last_name: `Runner${stamp}`,
      email: `lee.${stamp}@team.example`,
      phone_number: `+1480555${String(Date.now() % 10_000).padStart(4, '0')}`,
      send_sms: true,
      send_email: true,
    };
    const token = await portal.signIn(AGENT.email, AGENT.password);
    await portal.rateLeads(token);
    const added = await portal.request.post('/api/portal/me/recipients', {
      headers: { Authorization: `Bearer ${token}` },
      data: member,
    });
    expect(added.status()).toBe(201);

    // The agent has the workspace open before the lead exists (an active agent lands on its leads).
    const page = await signInAs(AGENT);
    await seeHeading(page, 'Leads');
    // The closings and the commission earned are on the Performance tab, beside the queue.
    const tabs = page.getByRole('tablist', { name: 'Leads' });
    const stat = (label: string) =>
      page
        .getByRole('tabpanel', { name: 'Performance' })
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await tabs.getByRole('tab', { name: 'Performance' }).click();
    await expect(stat('Closings')).toHaveText(/^\d+$/);
    const closingsBefore = Number(await stat('Closings').textContent());
    const commissionBefore = Number(
      (await stat('Gross commission earned').textContent())!.replace(/[^\d.]/g, ''),
    );
    await expectAccessible(page);
    await tabs.getByRole('tab', { name: 'Queue' }).click();

    const seller = `Rosa Vendor${stamp}`;
    const posted = await portal.postLead({
      lead_type: 'fsbo',
      first_name: 'Rosa',
      last_name: `Vendor${stamp}`,
      phone: '(602) 555-0177',
      street: '2210 N 7th St',
      city: AGENT.city,
      state: 'AZ',
      zip: AGENT.zip,
      external_id: `e2e-${stamp}`,
    });
    expect(posted.status()).toBe(201);
    const lead = (await posted.json()) as { id: string; agent_id: string | null };
    expect(lead.agent_id).not.toBeNull();

    // No reload: the list refreshes itself (live, or every 15 s without the stream) and the tab's
    // title counts the lead that arrived.
    await expect(page.getByText(seller).first()).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(/^\(1\) Leads/);

    // The team member's text message and e-mail, as the dev mailbox shows them.
    const sms = await mailbox.newest({ to: member.phone_number, channel: 'SMS' });
    const email = await mailbox.newest({
      to: member.email,
      subject: `New seller lead: ${seller} (FSBO) in ${AGENT.city}`,
    });
    const admin = await mailbox.page();
    await sms.click();
    await seeText(admin, `New FSBO lead: ${seller}, 2210 N 7th St, ${AGENT.city} AZ. Call (602) 555-0177.`);
    await email.click();
    await expect(
      admin
        .getByRole('link')
        .filter({ hasText: `/leads?lead=${lead.id}` })
        .first(),
    ).toBeVisible();

    // The team member signs in by e-mail link and works the lead routed to them: a note.
    const recipient = await openBrowser({ viewport: { width: 390, height: 844 } });
    await recipient.goto('/login');
    await recipient.getByLabel('Email', { exact: true }).fill(member.email);
    await recipient.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await seeText(recipient, /a sign-in link is on its way/);
    const link = await mailbox.link({
      to: member.email,
      // A team member's sign-in e-mail names the agent whose leads it opens.
      subject: `Sign in to see ${AGENT.name}'s leads`,
      path: '/login/magic/',
    });
    await recipient.goto(link);
    await expect(recipient).toHaveURL(/\/leads$/);
    await recipient.getByRole('button').filter({ hasText: seller }).first().click();
    const memberSheet = recipient.getByRole('dialog').filter({ hasText: seller });
    await memberSheet.getByRole('textbox', { name: 'Add a note' }).fill('Called her, meeting Tuesday at 10');
    await memberSheet.getByRole('button', { name: 'Add note' }).click();
    await seeText(recipient, 'Note added');
    await expectAccessible(recipient);
    await recipient.context().close();

    // The agent works the lead: open it, close it with the sale's figures.
    await page.getByRole('button').filter({ hasText: seller }).first().click();
    const sheet = page.getByRole('dialog').filter({ hasText: seller });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Routed').first()).toBeVisible();
    await expect(sheet.getByText('Called her, meeting Tuesday at 10').first()).toBeVisible();
    await sheet.getByRole('button', { name: 'Close lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this lead' });
    await dialog.getByLabel('Sale price').fill('480000');
    await dialog.getByLabel('Gross commission').fill('14400');
    await dialog.getByRole('button', { name: 'Close lead' }).click();
    await expect(dialog).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await tabs.getByRole('tab', { name: 'Performance' }).click();
    await expect(stat('Closings')).toHaveText(String(closingsBefore + 1));
    await expect
      .poll(async () => Number((await stat('Gross commission earned').textContent())!.replace(/[^\d.]/g, '')))
      .toBe(commissionBefore + 14400);
  });
});

test.describe('the leads page on its own', () => {
  test('loads neither zod nor the phone-number metadata (the leads page is a first load)', async ({
    agent: page,
    portal,
  }) => {
    // A fresh load of /leads, as a bookmark or a reload opens it: every script it runs.
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.reload();
    await seeHeading(page, 'Leads');
    await expect(page.getByRole('heading', { name: 'Your leads' })).toBeVisible();
    await expectLoaded(page);
    // Until no script has been asked for in a second ("network idle" never comes: the page
    // holds its event stream open).
    let seen = -1;
    await expect
      .poll(
        () => {
          const settled = scripts.size === seen;
          seen = scripts.size;
          return settled;
        },
        { intervals: [1000], timeout: 30_000 },
      )
      .toBe(true);
    // The files themselves (immutable, public), read again rather than from the navigated page.
    const loaded = await Promise.all(
      [...scripts].map(async (url) => ({
        url,
        // The server listens on 127.0.0.1, where the portal's API context calls it.
        body: await (await portal.request.get(new URL(url).pathname)).text(),
      })),
    );
    expect(loaded.length).toBeGreaterThan(5);
    const heavy = loaded
      .filter(({ body }) => body.includes('$ZodType') || body.includes('country_calling_codes'))
      .map(({ url }) => new URL(url).pathname);
    expect(heavy).toEqual([]);
  });

  test("starts its code with the route's files at once and asks for the leads beside /portal/me (one wait, not a chain)", async ({
    agent: page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const held = () => {
      let release = () => {};
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { until, release };
    };
    const code = held();
    const me = held();
    // The page's two small boot scripts run; the portal's code is held back.
    await page.route('**/assets/*.js', async (route) => {
      if (!/\/assets\/(session-)?boot-[\w-]+\.js$/.test(new URL(route.request().url()).pathname)) {
        await code.until;
      }
      await route.continue();
    });
    await page.route('**/api/portal/me', async (route) => {
      await me.until;
      await route.continue();
    });
    try {
      await page.reload({ waitUntil: 'commit' });
      // None of the portal's code has run, yet the entry and the route's files were all asked
      // for, by the boot script after the first paint: not one route level after another.
      // (the build puts the signed-in frame and the page in one file each: vite.config.ts)
      for (const chunk of [
        /^\/assets\/index-[\w-]+\.js$/,
        /^\/assets\/dashboard-[\w-]+\.js$/,
        /^\/assets\/leads-[\w-]+\.js$/,
      ])
        await expect.poll(() => requested.some((path) => chunk.test(path))).toBe(true);
      code.release();
      // The leads and their numbers go out while /portal/me has not answered.
      for (const path of ['/api/portal/me/leads', '/api/portal/me/lead-stats'])
        await expect.poll(() => requested.includes(path)).toBe(true);
      me.release();
      await expect(page.getByRole('heading', { name: 'Your leads' })).toBeVisible();
      // The user was asked for once: by the start-up restore, whose answer the app took.
      expect(requested.filter((path) => path === '/api/portal/me')).toHaveLength(1);
    } finally {
      code.release();
      me.release();
    }
  });
});
