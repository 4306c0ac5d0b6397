import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBilling } from '@/test/billing';
import { renderApp } from '@/test/render-app';
import { mockXhr } from '@/test/xhr-mock';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';

const PAGE_LOAD = { timeout: 5000 };

async function openCloseDialog(options: Parameters<typeof leadsServer>[1] = {}) {
  const server = leadsServer([buildLead({ id: 'lead-f', first_name: 'Fran', last_name: 'Fee' })], options);
  const rendered = renderApp(<LeadsPage />, { url: '/leads?lead=lead-f' });
  const panel = await screen.findByRole('dialog', { name: 'Fran Fee' }, PAGE_LOAD);
  expect(server.callsTo('GET /api/portal/me/billing')).toHaveLength(0);
  await rendered.user.click(within(panel).getByRole('button', { name: 'Close lead' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close this lead' });
  return { ...server, ...rendered, panel, dialog };
}

async function fillIn(dialog: HTMLElement, user: ReturnType<typeof renderApp>['user'], commission: string) {
  const date = within(dialog).getByLabelText('Closing date');
  await user.clear(date);
  await user.type(date, '2026-11-03');
  await user.type(within(dialog).getByLabelText('Sale price'), '350,000');
  await user.type(within(dialog).getByLabelText('Gross commission'), commission);
}

const pdf = () => new File(['%PDF-1.7 settlement'], 'settlement.pdf', { type: 'application/pdf' });

describe('the close dialog and the referral fee', { timeout: 20_000 }, () => {
  it('shows the fee at the agent’s rate, asked for when it opens, and refuses fractions of a cent', async () => {
    const { user, dialog, callsTo } = await openCloseDialog();
    expect(await within(dialog).findByText('Referral fee: 25 % of the gross commission')).toBeInTheDocument();
    expect(callsTo('GET /api/portal/me/billing')).toHaveLength(1);

    const commission = within(dialog).getByLabelText('Gross commission');
    await user.type(commission, '12,345.67');
    expect(within(dialog).getByText('Referral fee at 25 %: $3,086.42')).toBeInTheDocument();

    await user.clear(commission);
    await user.type(commission, '1.234');
    await user.type(within(dialog).getByLabelText('Sale price'), '350,000');
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));
    expect(
      await within(dialog).findByText('Gross commission has at most two decimals (cents), like 10,512.50'),
    ).toBeInTheDocument();
    expect(commission).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Referral fee: 25 % of the gross commission')).toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/leads/:id')).toHaveLength(0);
  });

  it('says so when the rate cannot be looked up, and still closes the lead', async () => {
    const { user, dialog } = await openCloseDialog({
      billing: { status: 503, detail: 'The service is briefly unavailable.' },
    });
    expect(
      await within(dialog).findByText(
        'Your referral fee could not be looked up: the invoice states it once the lead is closed.',
      ),
    ).toBeInTheDocument();
    await fillIn(dialog, user, '12,345.67');
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));
    expect(await screen.findByText('Lead closed')).toBeInTheDocument();
  });

  it('uploads the statement attached in the dialog once the lead is closed', async () => {
    const xhrs = mockXhr();
    const { user, dialog, panel, callsTo, state } = await openCloseDialog({
      billing: buildBilling({ rate_percent: 30 }),
    });
    await fillIn(dialog, user, '10,000');
    expect(await within(dialog).findByText('Referral fee at 30 %: $3,000.00')).toBeInTheDocument();
    const file = pdf();
    await user.upload(within(dialog).getByLabelText('Attach the settlement statement'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));

    // The statement goes once the server has closed the lead, never before.
    await waitFor(() => expect(xhrs).toHaveLength(1));
    expect(callsTo('PATCH /api/portal/me/leads/:id').map((call) => JSON.parse(call.body!))).toEqual([
      { status: 'closed', closing_date: '2026-11-03', sale_price: 350000, gross_commission: 10000 },
    ]);
    expect(xhrs[0]!.url).toBe('/api/portal/me/leads/lead-f/settlement-statement');
    expect(xhrs[0]!.headers['X-File-Name']).toBe('settlement.pdf');
    expect(xhrs[0]!.body).toBe(file);

    // The first try is refused: the lead stays closed, the file chosen, and it can be sent again.
    act(() => xhrs[0]!.respond(413, { detail: 'The statement is larger than 20 MB.' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The lead is closed, but the settlement statement was not uploaded: The statement is larger than 20 MB.',
    );
    expect(within(dialog).getByLabelText('Gross commission')).toBeDisabled();
    expect(dialog).toHaveTextContent('Chosen: settlement.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Upload statement' }));
    await waitFor(() => expect(xhrs).toHaveLength(2));
    expect(callsTo('PATCH /api/portal/me/leads/:id')).toHaveLength(1);

    const lead = state.leads[0]!;
    act(() =>
      xhrs[1]!.respond(201, {
        ...lead,
        closing: {
          ...lead.closing!,
          statement: { file_name: 'settlement.pdf', uploaded_at: '2026-11-05T17:30:00.000Z', url: '/x' },
        },
        events: [],
      }),
    );
    expect(await screen.findByText('Settlement statement uploaded')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Close this lead' })).not.toBeInTheDocument(),
    );
    expect(panel).toHaveTextContent('Referral fee at 30 %: $3,000.00');
    expect(within(panel).getByRole('button', { name: 'Download settlement.pdf' })).toBeInTheDocument();
  });
});
