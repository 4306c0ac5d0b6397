import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, seeHeading, seeText, signIn, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { type BrokerOfRecord, type NewAgent, uniqueEmail } from '../support/portal-api';

// The agreements follow on from each other, with one agent in one browser.
test.describe.configure({ mode: 'serial' });
/** Set SIGNING_SHOTS_DIR to keep screenshots of the journey at 1280 and 390 px (off in CI: they cost time). */
const SHOTS = process.env.SIGNING_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await expect(page.locator('[data-slot="loading-overlay"]')).toHaveCount(0);
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The broker of record, with an address no other journey uses: the mailbox finds their e-mail. */
const BROKER: BrokerOfRecord = {
  brokerage: 'Desert Sun Realty',
  name: 'Dana Whitfield',
  email: uniqueEmail('signing-broker'),
  phone: '+16025550170',
};
const SERVICE_AREAS = 'Maricopa County, AZ and Pinal County, AZ';
const AGENT_NAME = 'Robin Okafor';

const AGREEMENTS = {
  service: { page: '/onboarding/agreements/service_agreement', title: 'Service Agreement' },
  master: { page: '/onboarding/agreements/master_referral_agreement', title: 'Master Referral Agreement' },
} as const;

/** One agreement's panel on its onboarding page. */
const panel = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** The panel's badge says `state`: not_generated, waiting_for_you, waiting_for_broker or completed. */
const expectPanelState = (page: Page, title: string, state: string) =>
  expect(panel(page, title).locator('header [data-state]').first()).toHaveAttribute('data-state', state);

/** The onboarding step's own badge next to the page title: Completed or Not yet. */
const stepStatus = (page: Page) => page.locator('header [data-done]').first();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A short signature in three strokes, drawn with the mouse across the pad. */
async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const strokes: [number, number][][] = [
    [
      [0.1, 0.7],
      [0.2, 0.25],
      [0.3, 0.7],
      [0.4, 0.3],
    ],
    [
      [0.45, 0.6],
      [0.6, 0.35],
      [0.7, 0.65],
    ],
    [
      [0.2, 0.8],
      [0.85, 0.75],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    await page.mouse.move(...at(...first!));
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...at(...point), { steps: 8 });
    await page.mouse.up();
  }
}

/** Ticks the consent box and signs; the done screen names the agreement. */
async function consentAndSign(page: Page, title: string) {
  await page.getByRole('checkbox', { name: /^I agree to sign this document electronically/ }).check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await seeHeading(page, `You signed the ${title}`);
}

let agent: NewAgent;
let agentPage: Page;
/** The agent's own link to the master agreement, spent once they sign. */
let agentMasterLink = '';

test.beforeAll(async ({ browser, portal }) => {
  agent = await portal.createAgentReadyForOnboarding('signing', { broker: BROKER });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  agentPage = await context.newPage();
  await signIn(agentPage, agent.email, agent.password);
  await expect(agentPage).toHaveURL(agent.lands);
});
test.afterAll(async () => {
  await agentPage?.context().close();
});

test.describe('e-signature', () => {
  test('the agent prepares the service agreement, signs it by typing, and finds it completed', async () => {
    const page = agentPage;
    const { title } = AGREEMENTS.service;
    await page.goto(AGREEMENTS.service.page);
    await seeHeading(page, 'Service agreement');
    await expectPanelState(page, title, 'not_generated');
    await expect(stepStatus(page)).toHaveText('Not yet');
    await seeText(page, AGENT_NAME);
    await expectAccessible(page);
    await shoot(page, '01-service-not-prepared');

    await page.getByLabel('Service areas').fill(SERVICE_AREAS);
    await page.getByRole('button', { name: 'Prepare the agreement' }).click();
    await expectPanelState(page, title, 'waiting_for_you');
    const signNow = page.getByRole('button', { name: 'Sign now' });
    await expect(signNow).toBeFocused();
    await expectAccessible(page);
    await shoot(page, '02-service-waiting-for-you');

    await signNow.click();
    await expect(page).toHaveURL(/\/sign\/[^/]+$/);
    await seeHeading(page, title);
    await seeText(page, 'You sign as the Advertiser');
    // The agreement as prepared: the agent's name and the service areas typed before preparing.
    const text = page.getByRole('article', { name: `${title}, full text` });
    await expect(text.getByText(AGENT_NAME).first()).toBeVisible();
    await expect(text.getByText(SERVICE_AREAS).first()).toBeVisible();
    // The PDF the signer may open is the agreement's original.
    const pdfHref = await page.getByRole('link', { name: /Open the PDF/ }).getAttribute('href');
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

    // Signing without consent is refused on the page, saying why.
    await page.getByLabel('Type your full name').fill(AGENT_NAME);
    await expect(page.getByTestId('typed-preview')).toHaveText(AGENT_NAME);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await seeText(page, 'Tick the box to agree to sign electronically');
    const consent = page.getByRole('checkbox', { name: /^I agree to sign this document electronically/ });
    await expect(consent).toBeFocused();
    await expectAccessible(page);
    await shoot(page, '03-sign-typed');
    await consentAndSign(page, title);
    await seeText(page, 'Everyone has signed: the agreement is complete.');
    await expectAccessible(page);
    await shoot(page, '04-sign-done-service');

    await page.getByRole('link', { name: 'Back to your agreement' }).click();
    await expect(page).toHaveURL(new RegExp(`${AGREEMENTS.service.page}$`));
    await expectPanelState(page, title, 'completed');
    await expect(panel(page, title).getByText('Document Completed')).toBeVisible();
    await expect(panel(page, title).getByRole('button', { name: 'Download PDF' })).toBeVisible();
    // The server completed the onboarding step with the signature.
    await expect(stepStatus(page)).toHaveText('Completed');
    await expectAccessible(page);
    await shoot(page, '05-service-completed');
  });

  test('the agent prepares the master agreement, signs it by drawing, and is told it goes to the broker', async () => {
    const page = agentPage;
    const { title } = AGREEMENTS.master;
    await page.goto(AGREEMENTS.master.page);
    await seeHeading(page, 'Master referral agreement');
    await expectPanelState(page, title, 'not_generated');
    // What will be printed: the broker of record saved on the agent.
    await expect(panel(page, title).getByText(BROKER.email)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, '06-master-not-prepared');

    await page.getByRole('button', { name: 'Prepare the agreement' }).click();
    await expectPanelState(page, title, 'waiting_for_you');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign now' }).click();
    await expect(page).toHaveURL(/\/sign\/[^/]+$/);
    agentMasterLink = page.url();
    await seeHeading(page, title);
    await seeText(page, 'You sign as the Agent');
    const order = page.getByRole('list', { name: 'Who signs, in this order' });
    await expect(
      order.getByRole('listitem').filter({ hasText: BROKER.name }).getByText('Signs after the Agent'),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Draw' }).click();
    const pad = page.getByRole('img', { name: 'Signature drawing area' });
    await drawSignature(page, pad);
    await seeText(page, /^Signature drawn\./);
    await expect(page.getByRole('button', { name: 'Clear' })).toBeEnabled();
    await expectAccessible(page);
    await shoot(page, '07-sign-drawn');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/api/sign/'),
    );
    await consentAndSign(page, title);
    // What was sent is the drawing, as a PNG.
    const { signature } = (await sent).postDataJSON() as { signature: { kind: string; image: string } };
    expect(signature.kind).toBe('drawn');
    expect(signature.image).toMatch(/^data:image\/png;base64,/);
    await seeText(page, `${BROKER.name} (Broker) signs next; we have e-mailed them.`);
    await expectAccessible(page);
    await shoot(page, '08-sign-done-agent-master');

    await page.getByRole('link', { name: 'Back to your agreement' }).click();
    await expect(page).toHaveURL(new RegExp(`${AGREEMENTS.master.page}$`));
    await expectPanelState(page, title, 'waiting_for_broker');
    // SPEC.md section 8: the agent is told the document goes to the broker.
    await expect(
      toast(
        page,
        "Your signature has been completed, We'll send the document to your broker for their signature",
      ),
    ).toBeVisible();
    await expect(panel(page, title).getByText(/^We e-mailed your broker the signing link on /)).toBeVisible();
    await expect(stepStatus(page)).toHaveText('Not yet');
    await expectAccessible(page);
    await shoot(page, '09-master-waiting-for-broker');
  });

  test('the broker signs from the e-mailed link without an account', async ({ openBrowser, mailbox }) => {
    const { title } = AGREEMENTS.master;
    const broker = await openBrowser({ viewport: { width: 390, height: 844 } });
    const link = await mailbox.link({
      to: BROKER.email,
      subject: `Request for ${BROKER.name} - Realty`,
      path: '/sign/',
    });
    expect(link).not.toBe(agentMasterLink);
    await broker.goto(link);
    await seeHeading(broker, title);
    await seeText(broker, 'You sign as the Broker');
    const order = broker.getByRole('list', { name: 'Who signs, in this order' });
    await expect(
      order
        .getByRole('listitem')
        .filter({ hasText: AGENT_NAME })
        .getByText(/^Signed /),
    ).toBeVisible();
    await broker.getByLabel('Type your full name').fill(BROKER.name);
    await expectAccessible(broker);
    await shoot(broker, '10-broker-sign');
    await consentAndSign(broker, title);
    await seeText(broker, 'Everyone has signed: the agreement is complete.');
    await seeText(broker, 'Every signer receives the signed copy, with its audit page, by e-mail.');
    // Not signed in to the portal: no way back to an agreement page.
    await expect(broker.getByRole('link', { name: 'Back to your agreement' })).toHaveCount(0);
    await expectAccessible(broker);
    await shoot(broker, '11-broker-done');
    // As the done screen says: both signers are sent the signed copy.
    for (const to of [BROKER.email, agent.email]) {
      await mailbox.newest({ to, channel: 'E-mail', subject: `Completed: ${title}` });
    }
  });

  test('the agent sees the master agreement completed, downloads the PDF and verifies it', async () => {
    const page = agentPage;
    const { title } = AGREEMENTS.master;
    // Back to the portal's tab: the page asks again when the window regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectPanelState(page, title, 'completed');
    await expect(toast(page, 'Document Completed')).toBeVisible();
    await expect(panel(page, title).getByText('Document Completed')).toBeVisible();
    await expect(stepStatus(page)).toHaveText('Completed');
    await expectAccessible(page);
    await shoot(page, '12-master-completed');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page, title).getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('master-referral-agreement.pdf');
    const downloaded = (await download.path())!;
    expect(readFileSync(downloaded).subarray(0, 5).toString()).toBe('%PDF-');
    expect(statSync(downloaded).size).toBeGreaterThan(5_000);

    await page.goto('/verify-document');
    await seeHeading(page, 'Verify an agreement');
    await expectAccessible(page);
    await page.getByLabel('Choose a PDF').setInputFiles({
      name: 'master-referral-agreement.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(downloaded),
    });
    await expect(page.getByText('Signed agreement')).toBeVisible();
    await seeText(page, `This is a completed ${title} issued by this portal`);
    await seeText(page, `${AGENT_NAME} (Agent) and ${BROKER.name} (Broker)`);
    await expectAccessible(page);
    await shoot(page, '13-verify-result');

    // The agent's own link was spent by their signature.
    const answer = page.waitForResponse(
      (response) => response.url().includes('/api/sign/') && response.request().method() === 'GET',
    );
    await page.goto(agentMasterLink);
    expect((await answer).status()).toBe(410);
    await seeHeading(page, 'This signing link can no longer be used');
    await seeText(page, /already been used/);
    await expectAccessible(page);
    await shoot(page, '14-link-used');
    await page.getByRole('link', { name: 'Back to the portal' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});
