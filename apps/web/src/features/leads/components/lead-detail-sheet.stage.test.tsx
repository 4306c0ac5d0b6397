import type { Lead } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { recipientSession } from '@/test/factories';
import { type Handler, json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildLead, leadsServer } from '../test/leads-server';
import { addMonths } from './lead-archive-dialog';
import { today } from './lead-close-dialog';
import { LeadDetailSheet } from './lead-detail-sheet';

/** The sheet of one lead, as the leads page opens it, against the fake leads API. */
function renderSheet(lead: Lead, options: Parameters<typeof leadsServer>[1] = {}) {
  const server = leadsServer([lead], options);
  const view = renderApp(<LeadDetailSheet leadId={lead.id} row={undefined} onClose={() => {}} />, {
    url: '/leads',
  });
  return { ...server, ...view };
}

const patches = (callsTo: (key: string) => { body: string | null }[]) =>
  callsTo('PATCH /api/portal/me/leads/:id').map((call) => JSON.parse(call.body!));

/** A response the test releases when it wants, to look at the page while the save is under way. */
function deferred(response: () => Response) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: Handler = async () => {
    await gate;
    return response();
  };
  return { handler, release: () => release() };
}

describe('the lead sheet’s stage', { timeout: 20_000 }, () => {
  it('moves the lead to a stage at once, saves it, and shows who moved it from where to where', async () => {
    const { callsTo, user } = renderSheet(
      buildLead({ id: 'lead-s', first_name: 'Stan', last_name: 'Stage' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Stan Stage' });
    const stages = within(panel).getByRole('group', { name: 'Stage' });
    expect(within(stages).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(stages).getByRole('button', { name: 'Appointment set' }));
    expect(within(stages).getByRole('button', { name: 'Appointment set' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByText('Moved to Appointment set')).toBeInTheDocument();
    expect(patches(callsTo)).toEqual([{ stage: 'scheduled' }]);
    const change = await within(panel).findByText('Stage: New → Appointment set');
    expect(change.closest('li')).toHaveTextContent('Alex Agent, agent');
  });

  it('puts the stage back and says why when the save is refused', async () => {
    const refusal = deferred(() =>
      json(409, { detail: 'This lead was reassigned to another agent. Close the sheet and reload.' }),
    );
    const { user } = renderSheet(
      buildLead({ id: 'lead-r', first_name: 'Rolf', last_name: 'Back', stage: 'pursuing' }),
      {
        extra: { 'PATCH /api/portal/me/leads/:id': refusal.handler },
      },
    );
    const panel = await screen.findByRole('dialog', { name: 'Rolf Back' });
    const stages = within(panel).getByRole('group', { name: 'Stage' });

    await user.click(within(stages).getByRole('button', { name: 'Listed' }));
    // Shown at once, with the button busy and keeping the focus while it saves.
    const listed = within(stages).getByRole('button', { name: 'Listed' });
    expect(listed).toHaveAttribute('aria-pressed', 'true');
    expect(listed).toHaveAttribute('aria-busy', 'true');
    expect(listed).toHaveFocus();
    refusal.release();

    expect(await screen.findByText('Could not change the stage')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This lead was reassigned to another agent. Close the sheet and reload. The lead stays in Pursuing.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(stages).getByRole('button', { name: 'Pursuing' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(stages).getByRole('button', { name: 'Listed' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('archiving from the sheet', { timeout: 20_000 }, () => {
  it('needs a reason, and words for “other”, before the lead is lost', async () => {
    const { callsTo, user } = renderSheet(buildLead({ id: 'lead-l', first_name: 'Lou', last_name: 'Lost' }));
    const panel = await screen.findByRole('dialog', { name: 'Lou Lost' });
    await user.click(within(panel).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this lead' });

    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('Choose lost or on hold')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /^Lost/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('Choose why the lead was lost')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('Say why the lead was lost')).toBeInTheDocument();
    expect(patches(callsTo)).toEqual([]);

    await user.type(within(dialog).getByLabelText('The reason'), 'Moving in with family');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Lead archived')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Archive this lead' })).not.toBeInTheDocument(),
    );
    expect(patches(callsTo)).toEqual([
      { stage: 'lost', lost_reason: 'other', lost_reason_text: 'Moving in with family' },
    ]);
    expect(within(panel).getByText('Lost: Moving in with family.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(panel).queryByRole('group', { name: 'Stage' })).not.toBeInTheDocument();
  });

  it('puts a lead on hold until a date 1 to 6 months ahead, with quick choices', async () => {
    const { callsTo, user } = renderSheet(buildLead({ id: 'lead-h', first_name: 'Hal', last_name: 'Hold' }));
    const panel = await screen.findByRole('dialog', { name: 'Hal Hold' });
    await user.click(within(panel).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this lead' });
    await user.click(within(dialog).getByRole('radio', { name: /^On hold/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('Choose the date the lead comes back')).toBeInTheDocument();

    const date = within(dialog).getByLabelText('Comes back on');
    await user.type(date, addMonths(today(), 7));
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(
      await within(dialog).findByText(/^Choose a date between .* \(1 to 6 months from today\)$/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '3 months' }));
    expect(date).toHaveValue(addMonths(today(), 3));
    expect(within(dialog).getByRole('button', { name: '3 months' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));

    expect(await screen.findByText('Lead put on hold')).toBeInTheDocument();
    expect(patches(callsTo)).toEqual([{ stage: 'on_hold', hold_until: addMonths(today(), 3) }]);
    expect(
      within(panel).getByText(/^On hold until .*: it comes back to Pursuing then\.$/),
    ).toBeInTheDocument();
  });

  it('keeps the dialog and what was chosen when the server refuses, and undoes an archive from its toast', async () => {
    const { callsTo, user } = renderSheet(buildLead({ id: 'lead-u', first_name: 'Una', last_name: 'Do' }), {
      extra: {
        'PATCH /api/portal/me/leads/:id': vi
          .fn<Handler>()
          .mockImplementationOnce(() => json(503, { detail: 'The portal is busy. Try again in a minute.' }))
          .mockImplementation((request) => {
            const patch = JSON.parse(request.body!);
            const archived = patch.stage === 'lost';
            return json(200, {
              ...buildLead({ id: 'lead-u', first_name: 'Una', last_name: 'Do' }),
              ...(archived
                ? { stage: 'lost', status: 'archived', lost_reason: 'not_selling' }
                : { stage: 'pursuing', status: 'active' }),
              events: [],
            });
          }),
      },
    });
    const panel = await screen.findByRole('dialog', { name: 'Una Do' });
    await user.click(within(panel).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this lead' });
    await user.click(within(dialog).getByRole('radio', { name: /^Lost/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Not selling' }));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The lead was not archived: The portal is busy. Try again in a minute.',
    );
    expect(within(dialog).getByRole('radio', { name: 'Not selling' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Lead archived')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Archive undone')).toBeInTheDocument();
    expect(patches(callsTo)).toEqual([
      { stage: 'lost', lost_reason: 'not_selling' },
      { stage: 'lost', lost_reason: 'not_selling' },
      { status: 'active' },
    ]);
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Pursuing' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });
});

describe('a team member on the lead sheet', { timeout: 20_000 }, () => {
  const asRecipient = () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    return { as: 'recipient' as const };
  };

  it('moves stages and archives, but has no Close', async () => {
    const { callsTo, user } = renderSheet(
      buildLead({ id: 'lead-t', first_name: 'Tia', last_name: 'Team' }),
      asRecipient(),
    );
    const panel = await screen.findByRole('dialog', { name: 'Tia Team' });
    expect(within(panel).queryByRole('button', { name: 'Close lead' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Pursuing' }));
    const change = await within(panel).findByText('Stage: New → Pursuing');
    expect(change.closest('li')).toHaveTextContent('Riley Recipient, team member');
    expect(patches(callsTo)).toEqual([{ stage: 'pursuing' }]);
  });

  it('sees a closed lead’s date but no money and no Reopen', async () => {
    renderSheet(
      buildLead({
        id: 'lead-c',
        first_name: 'Cleo',
        last_name: 'Closed',
        status: 'closed',
        stage: 'closed',
        closing_date: '2026-11-03',
        // What the server sends a team member.
        sale_price: null,
        gross_commission: null,
      }),
      asRecipient(),
    );
    const panel = await screen.findByRole('dialog', { name: 'Cleo Closed' });
    expect(within(panel).getByText('Nov 3, 2026')).toBeInTheDocument();
    expect(within(panel).queryByText('Sale price')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Gross commission')).not.toBeInTheDocument();
    expect(within(panel).queryByText(/\$/)).not.toBeInTheDocument();
    expect(within(panel).queryByText('—')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Close lead' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/Only the agent can reopen a closed lead\./)).toBeInTheDocument();
  });

  it('shows the agent a closed lead’s figures and Reopen', async () => {
    renderSheet(
      buildLead({
        id: 'lead-a',
        first_name: 'Ada',
        last_name: 'Agent',
        status: 'closed',
        stage: 'closed',
        closing_date: '2026-11-03',
        sale_price: 350_000,
        gross_commission: 10_500,
      }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Ada Agent' });
    expect(within(panel).getByText('$350,000')).toBeInTheDocument();
    expect(within(panel).getByText('$10,500')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });
});
