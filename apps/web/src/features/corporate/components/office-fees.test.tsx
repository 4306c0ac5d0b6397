import type { OfficeBilling } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildOfficeAgentFees, buildOfficeBilling, buildOfficeInvoice } from '../test/corporate-server';
import { OfficeFees } from './office-fees';

const PAGE_LOAD = { timeout: 5000 };

const office = buildMe({ name: 'Summit Realty', user_role: 'corporate', agent_profile: null });

function server(answer: Handler, me = office, extra: Record<string, Handler> = {}) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
    'GET /api/portal/corporate-billing': answer,
    ...extra,
  });
}

/** Saved downloads' file names (the object URL's link is clicked, not followed). */
function captureDownloads() {
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}

const alice = buildOfficeAgentFees({
  agent_name: 'Alice Avery',
  rate_percent: 25,
  closings: 3,
  commission_cents: 1_234_567,
  fees_cents: 308_642,
  paid_cents: 8_642,
  balance_cents: 300_000,
  overdue_cents: 250_000,
  missing_statements: 2,
});
const bob = buildOfficeAgentFees({
  agent_name: 'Bob Baker',
  rate_percent: 27.5,
  closings: 1,
  commission_cents: 90_909,
  fees_cents: 25_000,
  paid_cents: 25_000,
  balance_cents: 0,
  overdue_cents: 0,
});
const overdue = buildOfficeInvoice(alice, {
  number: 'INV-2026-000007',
  lead_name: 'Dana Deal',
  property: '12 Main St, Phoenix, AZ 85004',
  amount_cents: 308_642,
  paid_cents: 8_642,
  balance_cents: 300_000,
  issued_at: '2026-09-01T15:00:00.000Z',
  due_at: '2026-10-01',
  days_overdue: 12,
});
const paid = buildOfficeInvoice(bob, {
  number: 'INV-2026-000003',
  lead_name: 'Pat Paid',
  property: '9 Elm Ave, Mesa, AZ 85201',
  amount_cents: 25_000,
  paid_cents: 25_000,
  balance_cents: 0,
  status: 'paid',
});
const BILLING: OfficeBilling = buildOfficeBilling({ agents: [alice, bob], invoices: [overdue, paid] });

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe("the office's referral fees", { timeout: 20_000 }, () => {
  it("adds up the agents' fees to the cent and shows each agent and invoice", async () => {
    server(() => json(200, BILLING));
    renderApp(<OfficeFees />);
    expect(await screen.findByRole('heading', { name: 'Referral fees', level: 2 }, PAGE_LOAD)).toBeVisible();

    const totals = within(await screen.findByRole('list', { name: 'Referral fee totals' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // 308,642 + 25,000 cents; 8,642 + 25,000; 300,000 + 0; 250,000 + 0.
    expect(totals).toEqual([
      'Fees invoiced$3,336.42',
      'Paid$336.42',
      'Balance due$3,000.00',
      'Overdue$2,500.00',
    ]);

    const agents = screen.getByRole('table', { name: 'Referral fees by agent' });
    const [, ...agentRows] = within(agents).getAllByRole('row');
    expect(agentRows.map(cellsOf)).toEqual([
      [
        'Alice Avery',
        '25 %',
        '3',
        '$12,345.67',
        '$3,086.42',
        '$86.42',
        '$3,000.00',
        '$2,500.00',
        '2 settlement statements missing',
      ],
      ['Bob Baker', '27.5 %', '1', '$909.09', '$250.00', '$250.00', '$0.00', '$0.00', 'None missing'],
    ]);

    const invoices = screen.getByRole('table', { name: 'Invoices of your agents, newest first' });
    const [, first, second] = within(invoices).getAllByRole('row');
    expect(cellsOf(first!)).toEqual([
      'INV-2026-000007',
      'Alice Avery',
      'Dana Deal12 Main St, Phoenix, AZ 85004',
      'Sep 1, 2026',
      'Oct 1, 202612 days overdue',
      '$3,086.42',
      '$3,000.00',
      'Overdue',
      'PDF',
    ]);
    expect(cellsOf(second!)).toContain('Paid');

    // A phone's cards say the same.
    const cards = within(screen.getByRole('list', { name: 'Referral fees by agent' })).getAllByRole(
      'listitem',
    );
    expect(cards[0]).toHaveAccessibleName('Alice Avery');
    expect(cards[0]).toHaveTextContent('2 settlement statements missing');
    const invoiceCard = screen.getByRole('listitem', { name: 'Invoice INV-2026-000007' });
    expect(invoiceCard).toHaveTextContent('Alice Avery');
    expect(invoiceCard).toHaveTextContent('$3,000.00');
    expect(within(invoiceCard).getByText('Overdue')).toBeInTheDocument();

    // Read-only: the PDFs are all there is to press.
    const section = screen.getByRole('region', { name: 'Referral fees' });
    expect(
      new Set(
        within(section)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label')),
      ),
    ).toEqual(
      new Set(['Download PDF of invoice INV-2026-000007', 'Download PDF of invoice INV-2026-000003']),
    );
  });

  it("downloads an invoice's PDF from the office's address, with the bearer token", async () => {
    const downloads = captureDownloads();
    const { callsTo } = server(() => json(200, BILLING), office, {
      'GET /api/portal/corporate-billing/invoices/:id/pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderApp(<OfficeFees />);
    const invoices = await screen.findByRole(
      'table',
      { name: 'Invoices of your agents, newest first' },
      PAGE_LOAD,
    );
    await user.click(
      within(invoices).getByRole('button', { name: 'Download PDF of invoice INV-2026-000007' }),
    );
    await waitFor(() => expect(downloads).toEqual(['INV-2026-000007.pdf']));
    const [download] = callsTo('GET /api/portal/corporate-billing/invoices/:id/pdf');
    expect(download!.path).toBe(`/api/portal/corporate-billing/invoices/${overdue.id}/pdf`);
    expect(download!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says when no agent has closed a referred lead yet', async () => {
    server(() =>
      json(200, buildOfficeBilling({ agents: [buildOfficeAgentFees({ agent_name: 'New Agent' })] })),
    );
    renderApp(<OfficeFees />);
    expect(
      await screen.findByText(/None of your agents has closed a referred lead yet/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Referral fee totals' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the fees while they load, says when they fail and loads them again on request', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { callsTo } = server(async (_request, call) => {
      if (call === 0) {
        await held;
        return json(500, { detail: 'The database is unavailable' });
      }
      return json(200, BILLING);
    });
    const { user } = renderApp(<OfficeFees />);
    expect(await screen.findByText('Loading the referral fees…', {}, PAGE_LOAD)).toBeInTheDocument();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The referral fees could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Referral fee totals' })).toHaveTextContent('$3,336.42');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo('GET /api/portal/corporate-billing')).toHaveLength(2);
  });

  it('shows the newest invoices first and the rest on request', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      buildOfficeInvoice(alice, { number: `INV-2026-${String(100 - i).padStart(6, '0')}` }),
    );
    server(() => json(200, buildOfficeBilling({ agents: [alice], invoices: many })));
    const { user } = renderApp(<OfficeFees />);
    const invoices = await screen.findByRole(
      'table',
      { name: 'Invoices of your agents, newest first' },
      PAGE_LOAD,
    );
    expect(within(invoices).getAllByRole('row')).toHaveLength(1 + 25);
    await user.click(screen.getByRole('button', { name: 'Show all 30 invoices' }));
    expect(within(invoices).getAllByRole('row')).toHaveLength(1 + 30);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('is not there for a group manager, who sees no money, and asks nothing of the server', async () => {
    const manager = buildMe({
      agent_profile: {
        signup_status: 'complete',
        agent_status: 'active',
        group_memberships: [
          { group_id: '00000000-0000-4000-8000-0000000000a1', group_name: 'West', is_manager: true },
        ],
      },
    });
    const { callsTo } = server(() => json(200, BILLING), manager);
    renderApp(
      <>
        <p>Signed in</p>
        <OfficeFees />
      </>,
    );
    expect(await screen.findByText('Signed in', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Referral fees' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/portal/corporate-billing')).toEqual([]);
  });
});
