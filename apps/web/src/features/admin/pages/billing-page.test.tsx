import type { AdminInvoices, Invoice, PaymentInput } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Handler, json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { todayInput } from '../components/billing-form';
import { buildInvoice, buildInvoicesPage, buildMissingStatement } from '../test/billing-data';
import { bodyOf, superuserServer } from '../test/console-data';
import { AdminBillingPage } from './billing-page';

const saved = vi.hoisted(() => ({ files: [] as { name: string; blob: Blob }[] }));
vi.mock('@/lib/save-blob', () => ({
  saveBlob: (blob: Blob, name: string) => saved.files.push({ blob, name }),
}));

const PAGE_LOAD = { timeout: 5000 };

const overdue = buildInvoice({
  number: 'INV-2026-000041',
  agent_name: 'Jordan Rivera',
  lead_name: 'Sam Seller',
  amount_cents: 300_000,
  paid_cents: 50_000,
  balance_cents: 250_000,
  days_overdue: 12,
  due_at: '2026-11-15',
});
const paid = buildInvoice({
  number: 'INV-2026-000042',
  agent_name: 'Alex Broker',
  status: 'paid',
  paid_cents: 300_000,
  balance_cents: 0,
});

const page = (items: Invoice[] = [overdue, paid]): AdminInvoices =>
  buildInvoicesPage({
    items,
    total: 2,
    receivable_cents: 1_234_567,
    ageing: { current: 100_000, days_1_30: 250_000, days_31_60: 0, days_61_90: 84_567, over_90: 800_000 },
    missing_statements: [
      buildMissingStatement({ lead_name: 'Pat Closer', agent_name: 'Alex Broker', overdue: true }),
    ],
  });

function billingServer(handlers: Record<string, Handler> = {}) {
  return superuserServer({
    'GET /api/admin/invoices': () => json(200, page()),
    ...handlers,
  });
}

const rowOf = (number: string) => screen.getByRole('rowheader', { name: number }).closest('tr')!;

describe('the billing page', { timeout: 20_000 }, () => {
  it('shows the receivables by age, the invoices and the closings missing their statement', async () => {
    const server = billingServer();
    const { user } = renderApp(<AdminBillingPage />, { url: '/admin/billing' });
    await screen.findByRole('rowheader', { name: 'INV-2026-000041' }, PAGE_LOAD);
    const table = screen.getByRole('table', { name: 'Invoices' });
    const receivables = screen.getByRole('region', { name: 'Receivables' });
    const figure = (label: string) => within(receivables).getByText(label).parentElement!;
    expect(figure('Owed in total')).toHaveTextContent('$12,345.67');
    expect(figure('Current')).toHaveTextContent('$1,000.00');
    expect(figure('1-30 days')).toHaveTextContent('$2,500.00');
    expect(figure('31-60 days')).toHaveTextContent('$0.00');
    expect(figure('61-90 days')).toHaveTextContent('$845.67');
    expect(figure('Over 90 days')).toHaveTextContent('$8,000.00');

    const row = within(table).getByRole('rowheader', { name: 'INV-2026-000041' }).closest('tr')!;
    expect(row).toHaveTextContent('Sam Seller');
    expect(row).toHaveTextContent('Nov 15, 2026');
    expect(row).toHaveTextContent('12 days overdue$3,000.00Paid $500.00$2,500.00Overdue');
    expect(within(row).getByRole('link', { name: 'Jordan Rivera' })).toHaveAttribute(
      'href',
      `/admin/agents/${overdue.agent_id}`,
    );
    expect(within(row).getByRole('button', { name: 'Void INV-2026-000041' })).toBeInTheDocument();
    // A paid invoice takes a refund, not a void.
    const paidRow = within(table).getByRole('rowheader', { name: 'INV-2026-000042' }).closest('tr')!;
    expect(paidRow).toHaveTextContent('Paid');
    // A paid invoice takes only a refund.
    expect(within(paidRow).getByRole('button', { name: 'Record refund on INV-2026-000042' })).toBeEnabled();
    expect(within(paidRow).queryByRole('button', { name: /Void/ })).not.toBeInTheDocument();

    const missing = screen.getByRole('region', { name: 'Closing documents missing' });
    expect(missing).toHaveTextContent('Pat Closer');
    expect(missing).toHaveTextContent('Late');

    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/invoices').at(-1)!.path).toBe(
        '/api/admin/invoices?status=open&overdue=true&skip=0&limit=50',
      ),
    );
  });

  it('records a payment typed in dollars as cents, the balance and today filled in', async () => {
    const server = billingServer({
      'POST /api/admin/invoices/:id/payments': () => json(201, { ...overdue, balance_cents: 126_544 }),
    });
    const { user } = renderApp(<AdminBillingPage />, { url: '/admin/billing' });
    await screen.findByRole('rowheader', { name: 'INV-2026-000041' }, PAGE_LOAD);
    await user.click(within(rowOf('INV-2026-000041')).getByRole('button', { name: /Record payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment on INV-2026-000041' });
    const amount = within(dialog).getByLabelText('Amount (US dollars)');
    expect(amount).toHaveValue('2,500.00');
    expect(within(dialog).getByLabelText('Date')).toHaveValue(todayInput());
    expect(
      within(within(dialog).getByLabelText('Method'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not recorded', 'ACH transfer', 'Check', 'Card', 'Other']);

    await user.clear(amount);
    await user.type(amount, 'twelve');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText(/Enter the amount in dollars and cents/)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /api/admin/invoices/:id/payments')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1,234.56');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'check');
    await user.type(within(dialog).getByLabelText('Reference'), 'Check 1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Payment of $1,234.56 recorded on INV-2026-000041')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = server.callsTo('POST /api/admin/invoices/:id/payments');
    expect(call!.path).toBe(`/api/admin/invoices/${overdue.id}/payments`);
    expect(bodyOf<PaymentInput>(call!)).toEqual({
      kind: 'payment',
      amount_cents: 123456,
      paid_on: todayInput(),
      method: 'check',
      reference: 'Check 1042',
      notes: '',
    });
    // The list and the receivables are fetched again.
    await waitFor(() => expect(server.callsTo('GET /api/admin/invoices')).toHaveLength(2));
  });

  it("shows the server's refusal in the dialog and keeps the amount typed", async () => {
    billingServer({
      'POST /api/admin/invoices/:id/payments': () =>
        json(409, { detail: 'The payment is more than the $2,500.00 owed on INV-2026-000041' }),
    });
    const { user } = renderApp(<AdminBillingPage />, { url: '/admin/billing' });
    await screen.findByRole('rowheader', { name: 'INV-2026-000041' }, PAGE_LOAD);
    await user.click(within(rowOf('INV-2026-000041')).getByRole('button', { name: /Record payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment on INV-2026-000041' });
    const amount = within(dialog).getByLabelText('Amount (US dollars)');
    await user.clear(amount);
    await user.type(amount, '9,000');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment is more than the $2,500.00 owed on INV-2026-000041',
    );
    expect(screen.getByRole('dialog', { name: 'Record a payment on INV-2026-000041' })).toBe(dialog);
    expect(amount).toHaveValue('9,000');
    expect(within(dialog).getByRole('button', { name: 'Record' })).toBeEnabled();
  });

  it('voids an invoice only with a reason, after saying it cannot be undone', async () => {
    const server = billingServer({
      'POST /api/admin/invoices/:id/void': () =>
        json(200, { ...overdue, status: 'void', balance_cents: 0, void_reason: 'Sale fell through' }),
    });
    const { user } = renderApp(<AdminBillingPage />, { url: '/admin/billing' });
    await screen.findByRole('rowheader', { name: 'INV-2026-000041' }, PAGE_LOAD);
    await user.click(within(rowOf('INV-2026-000041')).getByRole('button', { name: 'Void INV-2026-000041' }));
    const dialog = screen.getByRole('dialog', { name: 'Void INV-2026-000041?' });
    expect(dialog).toHaveTextContent('Voiding cannot be undone');
    expect(dialog).toHaveTextContent('What is left owing, $2,500.00, is cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText('Say why the invoice is void')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/invoices/:id/void')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Sale fell through');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('INV-2026-000041 is void')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('POST /api/admin/invoices/:id/void')[0]!)).toEqual({
      reason: 'Sale fell through',
    });
  });

  it('exports the whole ledger as CSV with the session', async () => {
    saved.files = [];
    const server = billingServer({
      'GET /api/admin/ledger.csv': () =>
        new Response('date,kind,amount\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    const { user } = renderApp(<AdminBillingPage />, { url: '/admin/billing' });
    await user.click(await screen.findByRole('button', { name: 'Export ledger (CSV)' }, PAGE_LOAD));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    expect(saved.files[0]!.name).toBe(`ledger-${todayInput()}.csv`);
    expect(await saved.files[0]!.blob.text()).toBe('date,kind,amount\n');
    const [call] = server.callsTo('GET /api/admin/ledger.csv');
    expect(call!.path).toBe('/api/admin/ledger.csv');
    expect(call!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('says when there is nothing yet, and tries again after a failure', async () => {
    billingServer({
      'GET /api/admin/invoices': (_request, index) =>
        index === 0 ? json(503, { detail: 'The database is busy' }) : json(200, buildInvoicesPage()),
    });
    const { user } = renderApp(<AdminBillingPage />, { url: '/admin/billing' });
    expect(await screen.findByText('The database is busy', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Receivables' })).toHaveTextContent('Owed in total$0.00');
    expect(screen.getByRole('region', { name: 'Closing documents missing' })).toHaveTextContent(
      'every closed lead has its settlement statement',
    );
  });
});
