import type { BrowserContextOptions, Page } from '@playwright/test';
import { type Billing, formatCents } from '@portal/shared';
import { expect, expectLoaded, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { daysAgo, longDate, pdfFirstPageAsPng, pdfText, settlementStatementPdf } from '../support/billing';
import { DEMO, type Login } from '../support/demo';
import { type OwnPortal, startOwnPortal } from '../support/offers';

/**
 * Referral fees (DESIGN.md section 12): an agent closes a lead with its settlement statement, the
 * closing issues the fee's invoice at the agent's rate (25 %), the agent downloads its PDF, the
 * superuser records its payment on /admin/billing, and the agent's statement shows it paid. The
 * console's receivables are the whole network's, so the journey runs on a portal of its own, with
 * Ethan Brooks as the agent. Its steps follow on from each other.
 */
test.describe.configure({ mode: 'serial' });

const AGENT = DEMO.ethanBrooks;
const stamp = Date.now().toString(36);
const SELLER = { first_name: 'Carmen', last_name: `Feeley${stamp}` };
const SELLER_NAME = `${SELLER.first_name} ${SELLER.last_name}`;
const STREET = '2210 N Scottsdale Rd';
const CLOSING_DATE = daysAgo(3);
const STATEMENT_FILE = `settlement-statement-${stamp}.pdf`;
const PAYMENT_REFERENCE = `ACH ${stamp.toUpperCase()}`;
/** 25 % of $12,345.67 is $3,086.4175: the fee is rounded to the cent. */
const FEE = '$3,086.42';
const FEE_CENTS = 308_642;

let portal: OwnPortal;
let leadId = '';
/** Set by the first step: the invoice the closing issued. */
let invoiceNumber = '';
/** What the agent owed, this invoice included, before the payment (the demo's own invoices too). */
let owedBefore = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startOwnPortal();
  const { api } = portal;
  const token = await api.signIn(AGENT.email, AGENT.password);
  await api.rateLeads(token);
  const me = await api.call<{ agent_profile: { id: string } | null }>('GET', '/api/portal/me', { token });
  const posted = await api.postLead({
    lead_type: 'fsbo',
    ...SELLER,
    phone: '(480) 555-0139',
    street: STREET,
    email: `carmen.${stamp}@seller.example`,
    city: AGENT.city,
    state: 'AZ',
    zip: AGENT.zip,
    external_id: `e2e-billing-${stamp}`,
  });
  expect(posted.status()).toBe(201);
  const lead = (await posted.json()) as { id: string; agent_id: string | null };
  expect(lead.agent_id, `the lead went to ${AGENT.name}, the only agent of its ZIP code`).toBe(
    me.agent_profile!.id,
  );
  leadId = lead.id;
});

test.afterAll(async () => {
  await portal?.stop();
});

/** Signs `login` in through the form on the journey's portal, in a browser of their own. */
function signInHere(
  signInAs: (login: Login, options?: BrowserContextOptions) => Promise<Page>,
  login: Login,
  width = 1280,
) {
  return signInAs(login, { baseURL: portal.publicUrl, viewport: { width, height: 900 } });
}

/** The agent's statement, as GET /portal/me/billing gives it. */
async function agentBilling(): Promise<Billing> {
  const token = await portal.api.signIn(AGENT.email, AGENT.password);
  return portal.api.call<Billing>('GET', '/api/portal/me/billing', { token });
}

/** /billing, loaded. */
async function openBilling(page: Page) {
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await seeHeading(page, 'Billing');
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await expectLoaded(page);
}

test('the agent closes a lead with its settlement statement, and the fee is invoiced', async ({
  signInAs,
}) => {
  const page = await signInHere(signInAs, AGENT);
  await seeHeading(page, 'Leads');
  const queue = page.getByRole('table', { name: 'Your queue, in the order to call' });
  await queue.getByRole('button', { name: SELLER_NAME, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: SELLER_NAME });
  await expect(sheet).toBeVisible();

  await sheet.getByRole('button', { name: 'Close lead' }).click();
  const closing = page.getByRole('dialog', { name: 'Close this lead' });
  await expect(closing).toBeVisible();
  // The rate is looked up as the dialog opens: the fee follows the commission as it is typed.
  await expect(closing).toContainText('Referral fee: 25 % of the gross commission');
  await closing.getByLabel('Closing date').fill(CLOSING_DATE);
  await closing.getByLabel('Sale price').fill('410,000');
  await closing.getByLabel('Gross commission').fill('12,345.67');
  await expect(closing.getByText(`Referral fee at 25 %: ${FEE}`)).toBeVisible();
  await expect(closing).toContainText('$410,000');

  await closing.getByLabel('Attach the settlement statement').setInputFiles({
    name: STATEMENT_FILE,
    mimeType: 'application/pdf',
    buffer: await settlementStatementPdf({
      seller: SELLER_NAME,
      property: `${STREET}, ${AGENT.city}, AZ ${AGENT.zip}`,
      closingDate: CLOSING_DATE,
    }),
  });
  await expect(closing).toContainText(`Chosen: ${STATEMENT_FILE}`);
  await closing.getByRole('button', { name: 'Close lead' }).click();
  await expect(closing).toHaveCount(0);
  await seeText(page, 'Settlement statement uploaded');

  // The sheet's Closing section: the figures, the fee's invoice and the statement on file.
  await expect(sheet.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(sheet.getByRole('definition').filter({ hasText: '$410,000' })).toBeVisible();
  await expect(sheet.getByRole('definition').filter({ hasText: '$12,345.67' })).toBeVisible();
  await expect(sheet.getByText(`Referral fee at 25 %: ${FEE}`)).toBeVisible();
  const invoice = sheet.getByText(/^Invoice INV-\d{4}-\d{6}$/);
  await expect(invoice).toBeVisible();
  invoiceNumber = (await invoice.textContent())!.replace('Invoice ', '');
  expect(invoiceNumber).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
  await expect(sheet.locator('[data-slot="invoice-status"]')).toHaveText('Open');
  await expect(sheet).toContainText(`Balance ${FEE}, due`);
  await expect(sheet.getByRole('button', { name: `Download PDF of invoice ${invoiceNumber}` })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Settlement statement' })).toBeVisible();
  await expect(sheet.getByText(STATEMENT_FILE, { exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: `Download ${STATEMENT_FILE}` })).toBeVisible();
  await expect(sheet).not.toContainText('Closing documents missing');
  await expect(sheet.getByRole('button', { name: 'Choose the statement' })).toHaveCount(0);
});

test('the agent downloads the invoice PDF from /billing, and it states the fee', async ({
  signInAs,
}, testInfo) => {
  const page = await signInHere(signInAs, AGENT);
  await seeHeading(page, 'Leads');
  await openBilling(page);
  const row = page
    .getByRole('table', { name: 'Invoices' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: invoiceNumber, exact: true }) });
  await expect(row).toContainText(SELLER_NAME);
  await expect(row).toContainText(FEE);
  await expect(row.locator('[data-slot="invoice-status"]')).toHaveText('Open');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download PDF of invoice ${invoiceNumber}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const file = testInfo.outputPath(`${invoiceNumber}.pdf`);
  await download.saveAs(file);

  const billing = await agentBilling();
  const issued = billing.invoices.find((item) => item.number === invoiceNumber)!;
  expect(issued.lead_id).toBe(leadId);
  owedBefore = billing.balance_cents;
  expect(owedBefore).toBeGreaterThanOrEqual(FEE_CENTS);
  const text = pdfText(file);
  for (const expected of [
    invoiceNumber,
    AGENT.name,
    SELLER_NAME,
    STREET,
    longDate(CLOSING_DATE),
    '$410,000.00',
    '$12,345.67',
    '25 % of the gross commission',
    FEE,
    // The header's values, under "Invoice number", "Issued" and "Due".
    `${invoiceNumber}\n${longDate(issued.issued_at.slice(0, 10))}\n${longDate(issued.due_at)}`,
    `Please pay ${FEE} by ${longDate(issued.due_at)}, quoting invoice ${invoiceNumber}.`,
  ]) {
    expect(text, `the invoice PDF reads "${expected}"`).toContain(expected);
  }
  // The first page as a picture, to be looked at.
  pdfFirstPageAsPng(file, testInfo.outputPath('invoice-page-1'));
});

test('the superuser records the payment of the whole balance on /admin/billing', async ({ signInAs }) => {
  const page = await signInHere(signInAs, DEMO.superuser);
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await seeHeading(page, 'Billing');
  await page.getByLabel('Search invoices').fill(invoiceNumber);
  const invoices = page.getByRole('table', { name: 'Invoices' });
  const row = invoices.getByRole('row').filter({ hasText: invoiceNumber });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText(AGENT.name);
  await expect(row).toContainText(SELLER_NAME);
  await expect(row).toContainText('Open');

  await row.getByRole('button', { name: `Record payment on ${invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record a payment on ${invoiceNumber}` });
  await expect(dialog).toContainText(`${AGENT.name}: ${FEE} owed of ${FEE}.`);
  // The balance is offered as the amount.
  await expect(dialog.getByLabel('Amount (US dollars)')).toHaveValue(FEE.replace('$', ''));
  await dialog.getByLabel('Method').selectOption({ label: 'ACH transfer' });
  await dialog.getByLabel('Reference').fill(PAYMENT_REFERENCE);
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await expect(row).toContainText('Paid');
  const paid = row.getByRole('cell');
  // The amount with what was paid under it, and the balance.
  await expect(paid.filter({ hasText: `${FEE}Paid ${FEE}` })).toHaveCount(1);
  await expect(paid.filter({ hasText: '$0.00' })).toHaveCount(1);
  await expect(row.getByRole('button', { name: `Void ${invoiceNumber}` })).toHaveCount(0);
});

test('the agent sees the invoice paid and the payment on /billing', async ({ signInAs }) => {
  const page = await signInHere(signInAs, AGENT);
  await seeHeading(page, 'Leads');
  await openBilling(page);
  // The fee is no longer owed; what the demo's own invoices leave owing stays.
  const balance = page.getByRole('region', { name: 'Balance due' });
  await expect(balance).toContainText(formatCents(owedBefore - FEE_CENTS));
  const row = page
    .getByRole('table', { name: 'Invoices' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: invoiceNumber, exact: true }) });
  await expect(row.locator('[data-slot="invoice-status"]')).toHaveText('Paid');
  await expect(row.getByRole('cell').filter({ hasText: FEE })).toHaveCount(2);
  const payment = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: `on ${invoiceNumber}` });
  await expect(payment).toContainText('Payment');
  await expect(payment).toContainText('ACH transfer');
  await expect(payment).toContainText(PAYMENT_REFERENCE);
  await expect(payment).toContainText(FEE);
  // The closing's statement is on file: it is not among the missing ones.
  await expect(page.getByRole('link', { name: SELLER_NAME })).toHaveCount(1);
});

for (const width of [1280, 390]) {
  test(`/billing and /admin/billing fit the screen and have no serious axe violation at ${width}px`, async ({
    signInAs,
  }, testInfo) => {
    test.setTimeout(180_000);
    const page = await signInHere(signInAs, AGENT, width);
    await seeHeading(page, 'Leads');
    await page.goto('/billing');
    await seeHeading(page, 'Billing');
    await expectLoaded(page);
    await expect(page.locator('[data-layout]')).toHaveAttribute(
      'data-layout',
      width >= 1280 ? 'table' : 'cards',
    );
    if (width < 1280) {
      // A phone: one card per invoice, its figures readable, and nothing to scroll sideways.
      const card = page.getByRole('listitem', { name: `Invoice ${invoiceNumber}` });
      await expect(card).toBeVisible();
      await expect(card.locator('[data-slot="invoice-status"]')).toHaveText('Paid');
      await expect(card.getByRole('definition').filter({ hasText: FEE })).toHaveCount(2);
      await expect(card.getByRole('link', { name: SELLER_NAME })).toBeVisible();
      await expect(
        card.getByRole('button', { name: `Download PDF of invoice ${invoiceNumber}` }),
      ).toBeVisible();
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      '/billing scrolls sideways',
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`billing-${width}.png`), fullPage: true });

    const office = await signInHere(signInAs, DEMO.superuser, width);
    await office.goto('/admin/billing');
    await seeHeading(office, 'Billing');
    await expect(office.getByRole('table', { name: 'Invoices' })).toContainText(invoiceNumber);
    await expectLoaded(office);
    await expectAccessible(office);
    await office.screenshot({ path: testInfo.outputPath(`admin-billing-${width}.png`), fullPage: true });
  });
}
