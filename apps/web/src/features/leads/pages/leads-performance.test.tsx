import { NO_FLOORS } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, localDay, yearAfter } from '@/lib/agent-capacity-api';
import { renderApp } from '@/test/render-app';
import { buildScorecard } from '@/test/scorecards';
import { leadsServer } from '../test/leads-server';
import { LeadsPage } from './leads-page';

const PAGE_LOAD = { timeout: 5000 };
const floors = { ...NO_FLOORS, contacted_within_hour: 60, speed_to_contact_minutes: 30 };

describe('the Performance tab’s scorecard and capacity', { timeout: 30_000 }, () => {
  it('shows each figure with its floor, its trend in words and how it is measured', async () => {
    leadsServer([], {
      scorecard: buildScorecard({
        values: { contacted_within_hour: 45, speed_to_contact_minutes: 12, closing_rate: 8 },
        previous: { contacted_within_hour: 70, speed_to_contact_minutes: 20, closing_rate: 8 },
        floors,
      }),
    });
    renderApp(<LeadsPage />, { url: '/leads?tab=performance' });
    const card = await screen.findByRole('region', { name: 'Your scorecard' }, PAGE_LOAD);
    const figures = await within(card).findByRole('list', { name: 'Your figures' });
    const figure = (label: string) =>
      within(figures).getByRole('heading', { name: label }).closest('li') as HTMLElement;

    expect(within(card).getByRole('alert')).toHaveTextContent('Below a floor: Contacted within 1 hour');
    const contacted = figure('Contacted within 1 hour');
    expect(contacted).toHaveTextContent('45%');
    expect(contacted).toHaveTextContent('Floor: At least 60%');
    expect(contacted).toHaveTextContent('Below the floor');
    expect(contacted).toHaveTextContent('Worse than the 90 days before (70% then)');

    const speed = figure('Speed to first contact');
    expect(speed).toHaveTextContent('12 min');
    expect(speed).toHaveTextContent('Floor: At most 30 min');
    expect(speed).toHaveTextContent('Meets the floor');
    // Fewer minutes is better.
    expect(speed).toHaveTextContent('Better than the 90 days before (20 min then)');
    expect(figure('Closing rate')).toHaveTextContent('The same as the 90 days before (8%)');
    expect(figure('Listing rate')).toHaveTextContent('No data yet');
    expect(figure('Listing rate')).toHaveTextContent('No floor');

    // The two sentences sit behind a disclosure, one per figure.
    expect(within(speed).getByText('How it is measured').tagName).toBe('SUMMARY');
    expect(within(speed).getByText(/The median time from a lead reaching you/)).toBeInTheDocument();
    expect(within(speed).getByText(/agents below the floor get leads only when/)).toBeInTheDocument();
  });

  it('says when there is no scorecard yet', async () => {
    leadsServer([]);
    renderApp(<LeadsPage />, { url: '/leads?tab=performance' });
    const card = await screen.findByRole('region', { name: 'Your scorecard' }, PAGE_LOAD);
    expect(
      await within(card).findByText('No scorecard yet: figures start with your first lead.'),
    ).toBeInTheDocument();
  });

  it('says what failed and tries again', async () => {
    const { callsTo } = leadsServer([], { scorecard: { status: 503, detail: 'The database is busy.' } });
    const { user } = renderApp(<LeadsPage />, { url: '/leads?tab=performance' });
    const card = await screen.findByRole('region', { name: 'Your scorecard' }, PAGE_LOAD);
    expect(await within(card).findByText(/The database is busy\. Try again in a moment/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo('GET /api/portal/me/scorecard')).toHaveLength(2));
  });

  it('pauses leads until a date from tomorrow to a year ahead, and sets a cap no higher than the office’s', async () => {
    const { callsTo } = leadsServer([], { agent: { monthly_lead_cap: 40, leads_this_month: 12 } });
    const { user } = renderApp(<LeadsPage />, { url: '/leads?tab=performance' });
    const pause = await screen.findByRole('form', { name: 'Pause leads' }, PAGE_LOAD);
    expect(pause).toHaveAccessibleDescription('Not paused: leads can reach you.');
    const date = within(pause).getByLabelText('Leads start again on');
    expect(date).toHaveAttribute('min', addDays(localDay(), 1));
    expect(date).toHaveAttribute('max', yearAfter(localDay()));

    fireEvent.change(date, { target: { value: localDay() } });
    await user.click(within(pause).getByRole('button', { name: 'Pause leads' }));
    expect(await within(pause).findByText(/^Pause until a day after today/)).toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(0);

    const until = addDays(localDay(), 10);
    fireEvent.change(date, { target: { value: until } });
    await user.click(within(pause).getByRole('button', { name: 'Pause leads' }));
    await waitFor(() => expect(pause).toHaveAccessibleDescription(/^Paused until/));
    expect(JSON.parse(callsTo('PATCH /api/portal/me/agent_profile')[0]!.body!)).toEqual({
      paused_until: until,
    });
    expect(within(pause).getByRole('button', { name: 'Resume now' })).toBeInTheDocument();

    const cap = screen.getByRole('form', { name: 'Your monthly cap' });
    expect(cap).toHaveTextContent("This month: 12 leads. The office's cap: 40 leads a month.");
    const field = within(cap).getByLabelText('Your own monthly cap');
    await user.type(field, '50');
    await user.click(within(cap).getByRole('button', { name: 'Save my cap' }));
    expect(
      await within(cap).findByText("Your cap cannot be above the office's cap of 40 leads a month"),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '25');
    await user.click(within(cap).getByRole('button', { name: 'Save my cap' }));
    await waitFor(() => expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(2));
    expect(JSON.parse(callsTo('PATCH /api/portal/me/agent_profile')[1]!.body!)).toEqual({
      own_monthly_lead_cap: 25,
    });
  });
});
