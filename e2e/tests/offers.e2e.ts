import type { BrowserContextOptions, Page } from '@playwright/test';
import { expect, expectLoaded, seeHeading, seeText, signIn, test } from '../fixtures';
import { DEMO, type OfficeAgent } from '../support/demo';
import { type OwnPortal, setAcceptanceMinutes, startOwnPortal } from '../support/offers';

/**
 * Offers (DESIGN.md section 11): with an acceptance window set, a routed lead is offered to its
 * agent, who sees the lead type, the area and a countdown but not the seller until they accept;
 * an offer not accepted in time goes to the next eligible agent. The window is the whole
 * network's, so these journeys run on a portal of their own, where Grace Kim also serves Ethan
 * Brooks's ZIP code: two agents eligible for its leads. The journeys follow on from each other.
 */
test.describe.configure({ mode: 'serial' });

const AGENTS: readonly OfficeAgent[] = [DEMO.ethanBrooks, DEMO.graceKim];
/** The ZIP code both agents serve, and its city. */
const { zip: ZIP, city: CITY } = DEMO.ethanBrooks;
const AREA = `${CITY}, AZ ${ZIP}`;

let portal: OwnPortal;
/** The two agents by their agent id, as the intake's answer names the lead's holder. */
const byAgentId = new Map<string, OfficeAgent>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startOwnPortal();
  const { api } = portal;
  for (const agent of AGENTS) {
    const token = await api.signIn(agent.email, agent.password);
    await api.rateLeads(token);
    if (agent.zip !== ZIP) {
      await api.call('PATCH', '/api/portal/me/agent_profile', {
        token,
        data: { zipcodes: [agent.zip, ZIP] },
      });
    }
    const me = await api.call<{ agent_profile: { id: string } | null }>('GET', '/api/portal/me', { token });
    byAgentId.set(me.agent_profile!.id, agent);
  }
});

test.afterAll(async () => {
  await portal?.stop();
});

/** A seller lead from the feed in the shared ZIP code; the agent it is offered to. */
async function postLead(lead: {
  lead_type: string;
  first_name: string;
  last_name: string;
  phone: string;
  street: string;
  email: string;
  external_id: string;
}): Promise<OfficeAgent> {
  const posted = await portal.api.postLead({ ...lead, city: CITY, state: 'AZ', zip: ZIP });
  expect(posted.status()).toBe(201);
  const { agent_id: agentId } = (await posted.json()) as { agent_id: string | null };
  const holder = agentId ? byAgentId.get(agentId) : undefined;
  expect(holder, 'the lead went to one of the two agents serving its ZIP code').toBeDefined();
  return holder!;
}

/** The queue's "Offers" part: each open offer with its type, area and countdown. */
const offersOn = (page: Page) => page.getByRole('list', { name: 'Offers waiting for your answer' });
const offerOf = (page: Page, label: string) =>
  offersOn(page).getByRole('listitem').filter({ hasText: label });

/**
 * Signs the agent in through the form in a browser of their own on the journey's portal: on their
 * queue, with its live stream open.
 */
async function openQueue(
  openBrowser: (options?: BrowserContextOptions) => Promise<Page>,
  agent: OfficeAgent,
) {
  const page = await openBrowser({ baseURL: portal.publicUrl, viewport: { width: 1280, height: 900 } });
  const live = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/portal/me/events',
    { timeout: 60_000 },
  );
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(agent.lands);
  await seeHeading(page, 'Leads');
  expect((await live).status()).toBe(200);
  await expect(page.getByRole('table', { name: 'Your queue, in the order to call' })).toBeVisible();
  await expectLoaded(page);
  return page;
}

test('an offered lead shows a countdown without the seller, and the seller once accepted', async ({
  openBrowser,
}) => {
  test.setTimeout(120_000);
  await setAcceptanceMinutes(portal.api, 15);
  const stamp = Date.now().toString(36);
  const seller = { first_name: 'Rosa', last_name: `Offered${stamp}` };
  const sellerName = `${seller.first_name} ${seller.last_name}`;
  const street = '4410 N Miller Rd';
  const email = `rosa.${stamp}@seller.example`;
  const holder = await postLead({
    lead_type: 'fsbo',
    ...seller,
    phone: '(480) 555-0142',
    street,
    email,
    external_id: `e2e-offer-${stamp}`,
  });

  const page = await openQueue(openBrowser, holder);
  const label = `FSBO lead in ${AREA}`;
  const offer = offerOf(page, label);
  await expect(page.getByRole('heading', { name: 'Offers', exact: true })).toBeVisible();
  await expect(offer).toBeVisible();
  const countdown = offer.getByRole('timer');
  await expect(countdown).toHaveText(/^1[45]:\d\d$/);
  // The countdown runs: its figure changes as the agent looks at it.
  await expect(countdown).not.toHaveText((await countdown.textContent())!);
  const body = page.locator('body');
  for (const hidden of [seller.last_name, street, email]) await expect(body).not.toContainText(hidden);

  await offer.getByRole('button', { name: label }).click();
  const sheet = page.getByRole('dialog', { name: `Offer: ${label}` });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  await expect(sheet).toContainText("Accept it to see the seller's name, phone and e-mail.");
  for (const hidden of [seller.last_name, street, email]) await expect(body).not.toContainText(hidden);

  await sheet.getByRole('button', { name: 'Accept', exact: true }).click();
  await seeText(page, 'Offer accepted');
  const accepted = page.getByRole('dialog', { name: sellerName });
  await expect(accepted).toBeVisible();
  await expect(accepted).toContainText(street);
  await expect(accepted).toContainText(email);
  const call = accepted.getByRole('link', { name: 'Call', exact: true });
  await expect(call).toHaveAttribute('href', /^tel:/);
  expect((await call.getAttribute('href'))!.replace(/\D/g, '')).toMatch(/4805550142$/);
  await expect(accepted.getByRole('timer')).toHaveCount(0);

  // Back on the queue: the lead is one of the agent's, by the seller's name, and no longer an offer.
  await page.keyboard.press('Escape');
  await expect(accepted).toHaveCount(0);
  const queue = page.getByRole('table', { name: 'Your queue, in the order to call' });
  await expect(queue.getByRole('button', { name: sellerName, exact: true })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('an offer not accepted in time lapses and appears for the next agent', async ({ openBrowser }) => {
  // A one-minute window, waited out.
  test.setTimeout(180_000);
  await setAcceptanceMinutes(portal.api, 1);
  const pages = new Map<OfficeAgent, Page>();
  for (const agent of AGENTS) pages.set(agent, await openQueue(openBrowser, agent));

  const stamp = Date.now().toString(36);
  const seller = { first_name: 'Wes', last_name: `Lapsed${stamp}` };
  const street = '7020 E Indian School Rd';
  const first = await postLead({
    lead_type: 'expired',
    ...seller,
    phone: '(480) 555-0187',
    street,
    email: `wes.${stamp}@seller.example`,
    external_id: `e2e-lapse-${stamp}`,
  });
  const next = AGENTS.find((agent) => agent !== first)!;
  const firstPage = pages.get(first)!;
  const nextPage = pages.get(next)!;
  const label = `Expired listing lead in ${AREA}`;

  // The first agent's queue shows the offer as it arrives, with a minute to accept it; the other
  // agent's has nothing of it.
  const offered = offerOf(firstPage, label);
  await expect(offered).toBeVisible({ timeout: 10_000 });
  await expect(offered.getByRole('timer')).toHaveText(/^(01:00|00:[0-5]\d)$/);
  await expect(firstPage.locator('body')).not.toContainText(seller.last_name);
  await expect(offerOf(nextPage, label)).toHaveCount(0);

  // The first agent does nothing. At the deadline the offer leaves their queue, and the lead is
  // offered to the next agent, on the page they already have open.
  await expect(offered).toHaveCount(0, { timeout: 90_000 });
  const reoffered = offerOf(nextPage, label);
  await expect(reoffered).toBeVisible({ timeout: 15_000 });
  await expect(reoffered.getByRole('timer')).toHaveText(/^(01:00|00:[0-5]\d)$/);
  await expect(nextPage.locator('body')).not.toContainText(seller.last_name);
  await reoffered.getByRole('button', { name: label }).click();
  const sheet = nextPage.getByRole('dialog', { name: `Offer: ${label}` });
  await expect(sheet.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Pass', exact: true })).toBeVisible();
  await expect(offerOf(firstPage, label)).toHaveCount(0);
});
