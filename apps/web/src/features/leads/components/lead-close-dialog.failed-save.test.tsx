import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';

const PAGE_LOAD = { timeout: 5000 };

describe('closing a lead, when the save fails', { timeout: 20_000 }, () => {
  it("keeps the dialog open with the server's reason and the figures as typed", async () => {
    const { callsTo } = leadsServer([buildLead({ id: 'lead-f', first_name: 'Fay', last_name: 'Failing' })], {
      extra: {
        'PATCH /api/portal/me/leads/:id': () =>
          json(409, { detail: 'This lead was archived by the office meanwhile. Reopen it first.' }),
      },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await user.click(await screen.findByRole('button', { name: /Fay Failing/ }, PAGE_LOAD));
    const panel = await screen.findByRole('dialog', { name: 'Fay Failing' });
    await user.click(within(panel).getByRole('button', { name: 'Close lead' }));

    const dialog = await screen.findByRole('dialog', { name: 'Close this lead' });
    const date = within(dialog).getByLabelText('Closing date');
    const price = within(dialog).getByLabelText('Sale price');
    const commission = within(dialog).getByLabelText('Gross commission');
    await user.clear(date);
    await user.type(date, '2025-06-14');
    await user.type(price, '$350,000');
    await user.type(commission, '10,512.50');
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The lead was not closed: This lead was archived by the office meanwhile. Reopen it first.',
    );
    expect(await screen.findByText('Could not close the lead')).toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/leads/:id').map((call) => JSON.parse(call.body!))).toEqual([
      { status: 'closed', closing_date: '2025-06-14', sale_price: 350000, gross_commission: 10512.5 },
    ]);
    expect(screen.getByRole('dialog', { name: 'Close this lead' })).toBe(dialog);
    expect(date).toHaveValue('2025-06-14');
    expect(price).toHaveValue('$350,000');
    expect(commission).toHaveValue('10,512.50');
    expect(within(dialog).getByRole('button', { name: 'Close lead' })).toBeEnabled();
    // The lead is still open: nothing shows it as closed.
    expect(within(panel).queryByRole('button', { name: 'Reopen', hidden: true })).not.toBeInTheDocument();
  });
});
