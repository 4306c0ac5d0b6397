import type { Lead } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';
import { addMonths } from './lead-archive-dialog';
import { today } from './lead-close-dialog';
import { LeadDetailSheet } from './lead-detail-sheet';

function renderSheet(lead: Lead, options: Parameters<typeof leadsServer>[1] = {}) {
  const server = leadsServer([lead], options);
  const view = renderApp(<LeadDetailSheet leadId={lead.id} row={undefined} onClose={() => {}} />, {
    url: '/leads',
  });
  return { ...server, ...view };
}

const patches = (
  callsTo: (key: string) => { body: string | null }[],
  key = 'PATCH /api/portal/me/leads/:id',
) => callsTo(key).map((call) => JSON.parse(call.body!));

const underContract = (overrides: Partial<Lead> = {}) =>
  buildLead({ id: 'lead-k', first_name: 'Cora', last_name: 'Contract', stage: 'contract', ...overrides });

describe('a lead under contract that did not close', { timeout: 20_000 }, () => {
  it('asks why before it moves back, sends the reason, and shows it on the timeline', async () => {
    const { callsTo, state, user } = renderSheet(underContract());
    const panel = await screen.findByRole('dialog', { name: 'Cora Contract' });
    const stages = within(panel).getByRole('group', { name: 'Stage' });

    await user.click(within(stages).getByRole('button', { name: 'Pursuing' }));
    const dialog = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    const reason = within(dialog).getByLabelText('Why it did not close');
    expect(reason).toBeRequired();
    expect(reason).toHaveFocus();

    // Required: nothing is sent without it, and the error is tied to the field.
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Say why it did not close')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Say why it did not close/);
    expect(patches(callsTo)).toEqual([]);

    await user.type(reason, 'Buyer financing fell through');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Moved to Pursuing')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'It did not close: why?' })).not.toBeInTheDocument(),
    );
    expect(patches(callsTo)).toEqual([
      { stage: 'pursuing', did_not_close_reason: 'Buyer financing fell through' },
    ]);
    expect(within(stages).getByRole('button', { name: 'Pursuing' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(stages).getByRole('button', { name: 'Pursuing' })).toHaveFocus());
    const change = await within(panel).findByText('Stage: Under contract → Pursuing');
    expect(change.closest('li')).toHaveTextContent('Did not close: Buyer financing fell through');
    expect(state.leads[0]).not.toHaveProperty('did_not_close_reason');
  });

  it('sends nothing and leaves the lead under contract when cancelled', async () => {
    const { callsTo, user } = renderSheet(underContract());
    const panel = await screen.findByRole('dialog', { name: 'Cora Contract' });
    const stages = within(panel).getByRole('group', { name: 'Stage' });

    await user.click(within(stages).getByRole('button', { name: 'Listed' }));
    const dialog = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    await user.type(within(dialog).getByLabelText('Why it did not close'), 'Inspection');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'It did not close: why?' })).not.toBeInTheDocument(),
    );
    expect(within(stages).getByRole('button', { name: 'Under contract' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(within(stages).getByRole('button', { name: 'Listed' })).toHaveFocus());
    expect(patches(callsTo)).toEqual([]);

    // Opened again, it starts blank.
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    expect(within(again).getByLabelText('Why it did not close')).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'It did not close: why?' })).not.toBeInTheDocument(),
    );
    expect(patches(callsTo)).toEqual([]);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const { callsTo, user } = renderSheet(underContract(), {
      extra: {
        'PATCH /api/portal/me/leads/:id': () =>
          json(409, { detail: 'This lead was reassigned to another agent. Close the sheet and reload.' }),
      },
    });
    const panel = await screen.findByRole('dialog', { name: 'Cora Contract' });
    const stages = within(panel).getByRole('group', { name: 'Stage' });

    await user.click(within(stages).getByRole('button', { name: 'Appointment set' }));
    const dialog = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    await user.type(within(dialog).getByLabelText('Why it did not close'), 'Appraisal came in low');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The lead was not moved: This lead was reassigned to another agent. Close the sheet and reload.',
    );
    expect(within(dialog).getByLabelText('Why it did not close')).toHaveValue('Appraisal came in low');
    // The sheet behind the dialog shows the lead back under contract.
    await waitFor(() =>
      expect(within(stages).getByRole('button', { name: 'Under contract', hidden: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(patches(callsTo)).toEqual([{ stage: 'scheduled', did_not_close_reason: 'Appraisal came in low' }]);
  });

  it('asks why when a lead under contract goes on hold, and offers “Contract fell through” when it is lost', async () => {
    const { callsTo, user } = renderSheet(underContract());
    const panel = await screen.findByRole('dialog', { name: 'Cora Contract' });
    await user.click(within(panel).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this lead' });

    await user.click(within(dialog).getByRole('radio', { name: /^Lost/ }));
    expect(within(dialog).getByRole('radio', { name: 'Contract fell through' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('It did not close: why?')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /^On hold/ }));
    await user.click(within(dialog).getByRole('button', { name: '3 months' }));
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('Say why it did not close')).toBeInTheDocument();
    expect(patches(callsTo)).toEqual([]);

    await user.type(within(dialog).getByLabelText('It did not close: why?'), 'Sellers relocating next year');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByText('Lead put on hold')).toBeInTheDocument();
    expect(patches(callsTo)).toEqual([
      {
        stage: 'on_hold',
        hold_until: addMonths(today(), 3),
        did_not_close_reason: 'Sellers relocating next year',
      },
    ]);
    const change = await within(panel).findByText('Stage: Under contract → On hold');
    expect(change.closest('li')).toHaveTextContent('Did not close: Sellers relocating next year');
  });
});

describe('the board, for a lead under contract', { timeout: 20_000 }, () => {
  const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

  it('asks why before a keyboard move back, and keeps the card in place when cancelled', async () => {
    const lead = underContract({ id: 'lead-b', first_name: 'Bo', last_name: 'Board' });
    const { callsTo, state } = leadsServer([lead], { preferences: { leads_view: 'board' } });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    const key = `PATCH /api/portal/me/leads/${lead.id}`;

    const name = await within(
      await screen.findByRole('region', { name: /^Under contract/ }, { timeout: 5000 }),
    ).findByRole('button', { name: 'Bo Board' });

    name.focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    let dialog = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    expect(dialog).toHaveTextContent(/moves back to Listed/);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'It did not close: why?' })).not.toBeInTheDocument(),
    );
    expect(within(column('Under contract')).getByRole('button', { name: 'Bo Board' })).toHaveFocus();
    expect(patches(callsTo, key)).toEqual([]);

    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    dialog = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    await user.type(within(dialog).getByLabelText('Why it did not close'), 'Buyer walked away');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const moved = await within(column('Listed')).findByRole('button', { name: 'Bo Board' });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'It did not close: why?' })).not.toBeInTheDocument();
    expect(screen.getByText('Bo Board moved to Listed.')).toBeInTheDocument();
    expect(patches(callsTo, key)).toEqual([{ stage: 'listed', did_not_close_reason: 'Buyer walked away' }]);
    expect(state.leads[0]!.stage).toBe('listed');
    expect(state.events.get(lead.id)?.at(-1)?.details).toMatchObject({
      from: 'contract',
      to: 'listed',
      did_not_close_reason: 'Buyer walked away',
    });
  });

  it('keeps the card under contract and the reason typed when the server refuses a move from its menu', async () => {
    const lead = underContract({ id: 'lead-m', first_name: 'Mo', last_name: 'Menu' });
    leadsServer([lead], {
      preferences: { leads_view: 'board' },
      extra: {
        'PATCH /api/portal/me/leads/:id': () =>
          json(503, { detail: 'The service is busy. Please try again.' }),
      },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    const card = await within(
      await screen.findByRole('region', { name: /^Under contract/ }, { timeout: 5000 }),
    ).findByRole('button', { name: 'Mo Menu' });
    await user.click(within(card.closest('li')!).getByRole('button', { name: 'Move Mo Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pursuing' }));

    const dialog = await screen.findByRole('dialog', { name: 'It did not close: why?' });
    await user.type(within(dialog).getByLabelText('Why it did not close'), 'Title problem');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The lead was not moved: The service is busy. Please try again.',
    );
    expect(within(dialog).getByLabelText('Why it did not close')).toHaveValue('Title problem');
    // The dialog says it: no toast on top of it.
    expect(screen.queryByText('Mo Menu could not be moved to Pursuing')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(column('Under contract')).getByRole('button', { name: 'Mo Menu' })).toBeInTheDocument(),
    );
    expect(within(column('Pursuing')).queryByText('Mo Menu')).not.toBeInTheDocument();
  });
});
