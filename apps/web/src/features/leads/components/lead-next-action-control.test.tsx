import type { Lead } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildLead, leadsServer } from '../test/leads-server';
import { LeadDetailSheet } from './lead-detail-sheet';
import { quickChoices } from './lead-next-action-control';

function renderSheet(lead: Lead, options: Parameters<typeof leadsServer>[1] = {}) {
  const server = leadsServer([lead], options);
  const view = renderApp(<LeadDetailSheet leadId={lead.id} row={undefined} onClose={() => {}} />, {
    url: '/leads',
  });
  return { ...server, ...view };
}

const patches = (callsTo: (key: string) => { body: string | null }[]) =>
  callsTo('PATCH /api/portal/me/leads/:id').map((call) => JSON.parse(call.body!));

// A Wednesday afternoon, in the browser's time zone.
const WEDNESDAY = new Date(2026, 10, 25, 15, 20, 30);

describe('the next action’s quick choices', () => {
  it('are in an hour to the minute, tomorrow at 9:00 and the coming Monday at 9:00', () => {
    expect(quickChoices(WEDNESDAY)).toEqual([
      { label: 'In an hour', value: '2026-11-25T16:20' },
      { label: 'Tomorrow 9:00', value: '2026-11-26T09:00' },
      { label: 'Next week (Monday 9:00)', value: '2026-11-30T09:00' },
    ]);
    // On a Monday, next week is a week on; on a Sunday, tomorrow.
    expect(quickChoices(new Date(2026, 10, 30, 8, 0))[2]!.value).toBe('2026-12-07T09:00');
    expect(quickChoices(new Date(2026, 10, 29, 8, 0))[2]!.value).toBe('2026-11-30T09:00');
    // The last day of the month rolls over.
    expect(quickChoices(new Date(2026, 11, 31, 23, 30))[0]!.value).toBe('2027-01-01T00:30');
  });
});

describe('the lead sheet’s next action', { timeout: 20_000 }, () => {
  it('saves the instant a quick choice stands for, then changes and clears it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(WEDNESDAY);
    const { callsTo, user } = renderSheet(buildLead({ id: 'lead-n', first_name: 'Nat', last_name: 'Next' }));
    const panel = await screen.findByRole('dialog', { name: 'Nat Next' });
    const form = within(panel).getByRole('form', { name: 'Next action' });
    expect(within(form).getByText(/^No next action\./)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save next action' }));
    expect(
      await within(form).findByText('Choose when: a quick choice, or a date and time'),
    ).toBeInTheDocument();

    await user.type(within(form).getByLabelText('What to do'), 'Call about the price');
    await user.click(within(form).getByRole('button', { name: 'Tomorrow 9:00' }));
    expect(within(form).getByLabelText('When')).toHaveValue('2026-11-26T09:00');
    expect(within(form).getByRole('button', { name: 'Tomorrow 9:00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(form).getByRole('button', { name: 'Save next action' }));

    expect(await screen.findByText('Next action saved')).toBeInTheDocument();
    expect(await within(panel).findByText('Call about the price')).toBeInTheDocument();
    expect(within(panel).getByText('in 17 hours')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    const again = within(panel).getByRole('form', { name: 'Next action' });
    expect(within(again).getByLabelText('What to do')).toHaveValue('Call about the price');
    await user.click(within(again).getByRole('button', { name: 'Next week (Monday 9:00)' }));
    await user.click(within(again).getByRole('button', { name: 'Save next action' }));
    await waitFor(() => expect(within(panel).getByText('in 4 days')).toBeInTheDocument());

    await user.click(within(panel).getByRole('button', { name: 'Change' }));
    await user.click(within(panel).getByRole('button', { name: 'In an hour' }));
    await user.click(within(panel).getByRole('button', { name: 'Save next action' }));
    await waitFor(() => expect(within(panel).getByText('in 59 min')).toBeInTheDocument());

    await user.click(within(panel).getByRole('button', { name: 'Clear next action' }));
    expect(await screen.findByText('Next action cleared')).toBeInTheDocument();
    expect(within(panel).getByText(/^No next action\./)).toBeInTheDocument();

    expect(patches(callsTo)).toEqual([
      { next_action: 'Call about the price', next_action_at: new Date(2026, 10, 26, 9, 0).toISOString() },
      { next_action: 'Call about the price', next_action_at: new Date(2026, 10, 30, 9, 0).toISOString() },
      { next_action: 'Call about the price', next_action_at: new Date(2026, 10, 25, 16, 20).toISOString() },
      { next_action_at: null, next_action: '' },
    ]);
  });

  it('says in words and in red that it is overdue', async () => {
    renderSheet(
      buildLead({
        id: 'lead-o',
        first_name: 'Otto',
        last_name: 'Overdue',
        next_action: 'Send the price opinion',
        next_action_at: new Date(Date.now() - 2 * 86_400_000 - 60_000).toISOString(),
      }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Otto Overdue' });
    expect(within(panel).getByText('Send the price opinion')).toBeInTheDocument();
    const when = within(panel).getByText('2 days ago').closest('p')!;
    expect(when).toHaveTextContent(/^Overdue: was due 2 days ago$/);
    expect(when).toHaveClass('text-destructive');
  });

  it('keeps what was typed when the save fails, and says what to do', async () => {
    const { user } = renderSheet(buildLead({ id: 'lead-f', first_name: 'Fay', last_name: 'Fails' }), {
      extra: {
        'PATCH /api/portal/me/leads/:id': () =>
          json(503, { detail: 'The portal is busy. Try again in a minute.' }),
      },
    });
    const panel = await screen.findByRole('dialog', { name: 'Fay Fails' });
    const form = within(panel).getByRole('form', { name: 'Next action' });
    await user.type(within(form).getByLabelText('What to do'), 'Drop off a flyer');
    await user.type(within(form).getByLabelText('When'), '2030-01-02T10:30');
    await user.click(within(form).getByRole('button', { name: 'Save next action' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The next action was not saved: The portal is busy. Try again in a minute. What you entered is still here, to save again.',
    );
    expect(await screen.findByText('Could not save the next action')).toBeInTheDocument();
    expect(within(form).getByLabelText('What to do')).toHaveValue('Drop off a flyer');
    expect(within(form).getByLabelText('When')).toHaveValue('2030-01-02T10:30');
    expect(within(form).getByRole('button', { name: 'Save next action' })).toBeEnabled();
  });
});
