import type { Billing } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBilling, buildInvoice, buildLedgerEntry } from '@/test/billing';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { BillingPage } from './billing-page';

const PAGE_LOAD = { timeout: 5000 };

function billingServer(answer: Handler, extra: Record<string, Handler> = {}) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe()),
    'GET /api/portal/me/billing': answer,
    ...extra,
  });
}

/** The page as wide as a desktop's (jsdom lays nothing out: 0 wide, a phone's cards, otherwise). */
function wideScreen() {
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1100);
}

/** Saved downloads' file names (the object URL's link is clicked, not followed). */
function captureDownloads() {
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}

const pdf = () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });

const overdue = buildInvoice({
  id: '00000000-0000-4000-8000-0000000000a1',
  number: 'INV-2026-000007',
  lead_id: '00000000-0000-4000-8000-0000000000b1',
  lead_name: 'Dana Deal',
  property: '12 Main St, Phoenix, AZ 85004',
  commission_cents: 1_234_567,
  amount_cents: 308_642,
  paid_cents: 0,
  balance_cents: 308_642,
  due_at: '2026-10-01',
  days_overdue: 12,
});
const paid = buildInvoice({
  number: 'INV-2026-000003',
  lead_name: 'Pat Paid',
  amount_cents: 50_000,
  paid_cents: 50_000,
  balance_cents: 0,
  status: 'paid',
});
const STATEMENT: Billing = buildBilling({
  balance_cents: 358_642,
  overdue_cents: 308_642,
  invoices: [overdue, paid],
  payments: [
    buildLedgerEntry({
      kind: 'payment',
      amount_cents: 50_000,
      invoice_id: paid.id,
      invoice_number: paid.number,
      method: 'check',
      reference: 'Check 1042',
      occurred_on: '2026-09-15',
    }),
  ],
  missing_statements: [
    {
      lead_id: '00000000-0000-4000-8000-0000000000b1',
      lead_name: 'Dana Deal',
      agent_id: overdue.agent_id,
      agent_name: 'Alex Agent',
      closing_date: '2026-09-01',
      due_on: '2026-09-15',
      overdue: true,
    },
  ],
});

describe('/billing', { timeout: 20_000 }, () => {
  it('shows the statement: balance, rate and its agreement, missing documents, invoices, payments, how to pay', async () => {
    wideScreen();
    const downloads = captureDownloads();
    const { callsTo } = billingServer(() => json(200, STATEMENT), {
      'GET /api/portal/me/invoices/:id/pdf': pdf,
      'GET /api/digisigner/document/:id': pdf,
    });
    const { user } = renderApp(<BillingPage />, { url: '/billing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' }, PAGE_LOAD)).toBeInTheDocument();
    const balance = await screen.findByRole('region', { name: 'Balance due' }, PAGE_LOAD);
    expect(balance).toHaveTextContent('$3,586.42');
    expect(balance).toHaveTextContent('$3,086.42 of it is overdue.');

    const rate = screen.getByRole('region', { name: 'Your referral fee' });
    expect(rate).toHaveTextContent('25 %');
    expect(rate).toHaveTextContent(
      'of the gross commission on each closed referred lead, set for your office.',
    );
    expect(rate).toHaveTextContent('Stated in your Master Referral Agreement, signed on Jan 15, 2026.');
    expect(within(rate).queryByText(/sign your agreements again/)).not.toBeInTheDocument();
    await user.click(within(rate).getByRole('button', { name: 'Signed agreement (PDF)' }));
    await waitFor(() => expect(downloads).toEqual(['master-referral-agreement.pdf']));
    expect(callsTo('GET /api/digisigner/document/:id')[0]!.path).toBe(
      '/api/digisigner/document/doc-master-1',
    );

    const missing = screen.getByRole('region', { name: 'Closing documents missing' });
    const missingLead = within(missing).getByRole('link', { name: 'Dana Deal' });
    expect(missingLead).toHaveAttribute('href', '/leads?lead=00000000-0000-4000-8000-0000000000b1');
    expect(missing).toHaveTextContent('Closed on Sep 1, 2026 · overdue since Sep 15, 2026');

    const invoices = screen.getByRole('table', { name: 'Invoices' });
    const rows = within(invoices).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('INV-2026-000007');
    expect(rows[1]).toHaveTextContent('Dana Deal');
    expect(rows[1]).toHaveTextContent('Oct 1, 2026');
    expect(rows[1]).toHaveTextContent('12 days overdue');
    expect(rows[1]).toHaveTextContent('$3,086.42');
    expect(rows[1]).toHaveTextContent('Overdue');
    expect(rows[2]).toHaveTextContent('INV-2026-000003');
    expect(rows[2]).toHaveTextContent('Paid');
    await user.click(
      within(rows[1]!).getByRole('button', { name: 'Download PDF of invoice INV-2026-000007' }),
    );
    await waitFor(() => expect(downloads).toContain('INV-2026-000007.pdf'));
    const [download] = callsTo('GET /api/portal/me/invoices/:id/pdf');
    expect(download!.path).toBe(`/api/portal/me/invoices/${overdue.id}/pdf`);
    expect(download!.headers.get('Authorization')).toBe('Bearer access-1');

    const payments = screen.getByRole('table', { name: 'Payments' });
    const payment = within(payments).getAllByRole('row')[1]!;
    for (const text of ['Sep 15, 2026', 'Payment', 'on INV-2026-000003', 'Check', 'Check 1042', '$500.00']) {
      expect(payment).toHaveTextContent(text);
    }
    expect(screen.getByRole('region', { name: 'How to pay' })).toHaveTextContent(
      'ACH to Referral Network LLC, routing 123456789',
    );
    // The headings go down one level at a time.
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.slice(1).every((level) => level === 2)).toBe(true);
  });

  it('stacks the invoices and payments as cards on a phone', async () => {
    billingServer(() => json(200, STATEMENT));
    renderApp(<BillingPage />, { url: '/billing' });
    const invoices = await screen.findByRole('list', { name: 'Invoices' }, PAGE_LOAD);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(invoices).getByRole('listitem', { name: 'Invoice INV-2026-000007' });
    expect(card).toHaveTextContent('$3,086.42');
    expect(card).toHaveTextContent('Overdue');
    expect(within(card).getByRole('link', { name: 'Dana Deal' })).toHaveAttribute(
      'href',
      `/leads?lead=${overdue.lead_id}`,
    );
    expect(
      within(card).getByRole('button', { name: 'Download PDF of invoice INV-2026-000007' }),
    ).toBeEnabled();
    expect(screen.getByRole('list', { name: 'Payments' })).toHaveTextContent('Check 1042');
  });

  it('says when the first invoice comes, and asks to sign again when the rate changed', async () => {
    billingServer(() =>
      json(
        200,
        buildBilling({
          rate_percent: 27.5,
          rate_source: 'agent',
          agreement: { title: 'Master Referral Agreement', rate_percent: 25, signed_at: null, pdf_url: null },
          agreement_outdated: true,
          outdated_agreements: ['service', 'master'],
        }),
      ),
    );
    renderApp(<BillingPage />, { url: '/billing' });
    expect(
      await screen.findByText('No invoices yet: an invoice is issued when you close a lead.', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('No payments recorded yet.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Balance due' })).toHaveTextContent(
      'You owe nothing right now.',
    );
    expect(screen.queryByRole('region', { name: 'Closing documents missing' })).not.toBeInTheDocument();

    const rate = screen.getByRole('region', { name: 'Your referral fee' });
    expect(rate).toHaveTextContent('27.5 %');
    expect(rate).toHaveTextContent('set for you.');
    expect(within(rate).queryByRole('button', { name: /Signed agreement/ })).not.toBeInTheDocument();
    expect(rate).toHaveTextContent('Your rate changed: sign your agreements again');
    expect(rate).toHaveTextContent('Your referral fee is now 27.5 %, but your signed agreements state 25 %.');
    // Both are outdated: the service agreement comes first, as in onboarding.
    expect(within(rate).getByRole('link', { name: 'Sign the agreements again' })).toHaveAttribute(
      'href',
      '/onboarding/agreements/service_agreement',
    );
  });

  it('shows a skeleton while loading, then the reason of a failure and tries again', async () => {
    // The first answer waits for the test, whether the page asks before or after the skeleton shows.
    let answer: () => void = () => {};
    const first = new Promise<Response>((resolve) => {
      answer = () => resolve(json(503, { detail: 'The service is briefly unavailable.' }));
    });
    billingServer((_request, index) => (index === 0 ? first : json(200, buildBilling({ invoices: [paid] }))));
    const { user } = renderApp(<BillingPage />, { url: '/billing' });
    expect(await screen.findByRole('status', {}, PAGE_LOAD)).toHaveTextContent('Loading your statement…');
    answer();

    const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(alert).toHaveTextContent('Your statement could not be loaded');
    expect(alert).toHaveTextContent('The service is briefly unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Invoice INV-2026-000003' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
