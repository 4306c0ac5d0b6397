import type { LeadEvent } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';

const PAGE_LOAD = { timeout: 5000 };

const event = (kind: string, details: Record<string, unknown>, at: string): LeadEvent => ({
  id: `${kind}-${at}`,
  kind,
  actor_type: 'system',
  actor_name: null,
  details,
  created_at: at,
});

async function openLead(name: string) {
  const row = await screen.findByRole('button', { name: new RegExp(name) }, PAGE_LOAD);
  return row;
}

describe('the lead panel', { timeout: 20_000 }, () => {
  it('opens from the list and from its address, with call and text links, the e-mail action and the activity', async () => {
    const lead = buildLead({
      id: 'lead-abc',
      first_name: 'Pat',
      last_name: 'Owner',
      lead_type: 'absentee',
      phone: '+16025550142',
      email: 'pat@example.com',
      street: '9 Palm Way',
      city: 'Tempe',
      state: 'AZ',
      zip: '85281',
    });
    const { state } = leadsServer([lead]);
    state.events.set('lead-abc', [
      event('routed', { reason: 'Fewest leads in the last 30 days' }, '2026-11-20T12:00:00.000Z'),
      event(
        'delivery',
        {
          channel: 'sms',
          recipient_name: 'Riley Recipient',
          to: '+14805550100',
          status: 'failed',
          attempts: 3,
          error: 'Unreachable',
        },
        '2026-11-20T12:01:00.000Z',
      ),
      event('call', { outcome: 'answered' }, '2026-11-20T12:05:00.000Z'),
    ]);
    const { user, router } = renderApp(<LeadsPage />, { url: '/leads' });

    await user.click(await openLead('Pat Owner'));
    const panel = await screen.findByRole('dialog', { name: 'Pat Owner' });
    expect(router.state.location.search).toBe('?lead=lead-abc');
    expect(within(panel).getByText('Absentee owner')).toBeInTheDocument();
    expect(within(panel).getByText('9 Palm Way, Tempe, AZ 85281')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+16025550142');
    expect(within(panel).getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+16025550142');
    // One e-mail action: the portal's composer, the address shown beside it (no mailto link).
    expect(within(panel).getByText('pat@example.com')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Send e-mail' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(await within(panel).findByText('Lead routed')).toBeInTheDocument();
    expect(
      within(panel).getByText('Text message to Riley Recipient, (480) 555-0100: failed'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Unreachable')).toBeInTheDocument();
    expect(within(panel).getByText('Call answered')).toBeInTheDocument();

    // Closing goes back to the list the way it came.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getByRole('button', { name: /Pat Owner/ })).toHaveFocus());
  });

  it('opens a lead from a link, and says so when the lead is not the agent’s', async () => {
    leadsServer([buildLead({ id: 'lead-1', first_name: 'Linked', last_name: 'Lead' })]);
    const { router } = renderApp(<LeadsPage />, { url: '/leads?lead=lead-1' });
    expect(await screen.findByRole('dialog', { name: 'Linked Lead' }, PAGE_LOAD)).toBeInTheDocument();

    await router.navigate('/leads?lead=someone-elses');
    expect(await screen.findByRole('dialog', { name: 'Lead not found' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('closes a lead only with a closing date, sale price and commission, then shows the sale and the new totals', async () => {
    leadsServer([buildLead({ id: 'lead-9', first_name: 'Dana', last_name: 'Deal' })], {
      agent: { total_closings: 2, total_gross_commission_earned: 20_000 },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads?status=all' });
    await user.click(await openLead('Dana Deal'));
    const panel = await screen.findByRole('dialog', { name: 'Dana Deal' });
    await user.click(within(panel).getByRole('button', { name: 'Close lead' }));

    const dialog = await screen.findByRole('dialog', { name: 'Close this lead' });
    const date = within(dialog).getByLabelText('Closing date');
    const price = within(dialog).getByLabelText('Sale price');
    const commission = within(dialog).getByLabelText('Gross commission');
    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));
    expect(await within(dialog).findByText('Enter the closing date')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the sale price')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the gross commission')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');

    await user.type(date, '2999-01-01');
    await user.type(price, 'lots');
    await user.type(commission, '$500,000');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));
    expect(await within(dialog).findByText('The closing date cannot be in the future')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the sale price in dollars, like 350,000')).toBeInTheDocument();

    await user.clear(date);
    await user.type(date, '2026-11-03');
    await user.clear(price);
    await user.type(price, '$350,000');
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));
    expect(
      await within(dialog).findByText('The gross commission cannot be more than the sale price'),
    ).toBeInTheDocument();

    await user.clear(commission);
    await user.type(commission, '10,512.50');
    expect(within(dialog).getByText('$10,512.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close lead' }));

    expect(await screen.findByText('Lead closed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Close this lead' })).not.toBeInTheDocument(),
    );
    const closedPanel = screen.getByRole('dialog', { name: 'Dana Deal' });
    expect(within(closedPanel).getByText('Nov 3, 2026')).toBeInTheDocument();
    expect(within(closedPanel).getByText('$350,000')).toBeInTheDocument();
    expect(within(closedPanel).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(closedPanel).queryByRole('button', { name: 'Close lead' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    // The lead's row in the list: its name, stage and sale.
    const row = (await screen.findByRole('button', { name: /Dana Deal/ })).closest('tr, li')!;
    expect(row).toHaveTextContent('Closed');
    expect(row).toHaveTextContent('Sold for $350,000');
    expect(screen.getByRole('tab', { name: 'Closed 1' })).toBeInTheDocument();
    // The agent's totals (under Performance) come from the agent record, fetched again after closing.
    await user.click(screen.getByRole('tab', { name: 'Performance' }));
    const numbers = await screen.findByRole('region', { name: 'Your numbers' });
    await waitFor(() => expect(within(numbers).getByText('Closings').parentElement).toHaveTextContent('3'));
    expect(within(numbers).getByText('Gross commission earned').parentElement).toHaveTextContent(
      '$30,512.50',
    );
  });

  it('keeps a note as typed when adding it fails', async () => {
    const { callsTo } = leadsServer([buildLead({ id: 'lead-n', first_name: 'Noel', last_name: 'Notes' })], {
      extra: {
        'POST /api/portal/me/leads/:id/activities': () => json(500, { detail: 'Internal server error' }),
      },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await user.click(await openLead('Noel Notes'));
    const panel = await screen.findByRole('dialog', { name: 'Noel Notes' });

    const note = within(panel).getByRole('textbox', { name: 'Add a note' });
    await user.type(note, 'Call back Tuesday after 5');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Your note was not added (Internal server error)',
    );
    expect(note).toHaveValue('Call back Tuesday after 5');
    expect(within(panel).getByRole('button', { name: 'Add note' })).toBeEnabled();
    expect(callsTo('POST /api/portal/me/leads/:id/activities').map((call) => JSON.parse(call.body!))).toEqual(
      [{ kind: 'note', body: 'Call back Tuesday after 5' }],
    );
  });

  it('adds a note to the thread and archives a lead as lost, with its reason', async () => {
    const { callsTo } = leadsServer([buildLead({ id: 'lead-a', first_name: 'Ari', last_name: 'Chive' })]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads?status=active' });
    await user.click(await openLead('Ari Chive'));
    const panel = await screen.findByRole('dialog', { name: 'Ari Chive' });

    await user.type(within(panel).getByRole('textbox', { name: 'Add a note' }), 'Wants to list in spring');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(await within(panel).findByText('Wants to list in spring')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Add a note' })).toHaveValue('');

    await user.click(within(panel).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this lead' });
    await user.click(within(dialog).getByRole('radio', { name: /^Lost/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Chose another agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Lead archived')).toBeInTheDocument();
    expect(within(panel).getByText('Archived')).toBeInTheDocument();
    expect(within(panel).getByText('Lost: Chose another agent.')).toBeInTheDocument();
    expect(callsTo('POST /api/portal/me/leads/:id/activities').map((call) => JSON.parse(call.body!))).toEqual(
      [{ kind: 'note', body: 'Wants to list in spring' }],
    );
    expect(callsTo('PATCH /api/portal/me/leads/:id').map((call) => JSON.parse(call.body!))).toEqual([
      { stage: 'lost', lost_reason: 'chose_another_agent' },
    ]);
    // Archived leads leave the Active tab.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Archived 1', hidden: true })).toBeInTheDocument(),
    );
  });
});
