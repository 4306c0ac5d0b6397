import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildStats as baseStats, buildLead, leadsServer } from '../test/leads-server';
import { LeadsPage } from './leads-page';

/** The live stream, as the page sees it: the test sends its events and says if it is connected. */
const stream = vi.hoisted(() => ({
  connected: false,
  send: (_event: { type: 'lead.created' | 'lead.updated' | 'resync'; id?: string }) => {},
}));
vi.mock('@/lib/use-lead-events', () => ({
  useLeadEvents: (onEvent: typeof stream.send) => {
    stream.send = onEvent;
    return { connected: stream.connected };
  },
}));

afterEach(() => {
  stream.connected = false;
});

const PAGE_LOAD = { timeout: 5000 };
const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const queueRows = () =>
  within(screen.getByRole('table', { name: /Your queue/ }))
    .getAllByRole('row')
    .slice(1);
const listCalls = (callsTo: (key: string) => { path: string }[]) =>
  callsTo('GET /api/portal/me/leads').map((call) => new URL(call.path, 'http://test').searchParams);
const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const patchBodies = (callsTo: (key: string) => { body: string | null }[], key: string) =>
  callsTo(key).map((call) => JSON.parse(call.body ?? '{}'));

describe('the work queue', { timeout: 20_000 }, () => {
  it('opens on the day’s numbers and the queue, in the order to call, each row with its stage and next action', async () => {
    const { callsTo } = leadsServer([
      buildLead({
        first_name: 'Paula',
        last_name: 'Pursued',
        stage: 'pursuing',
        first_contact_at: at(-48 * HOUR),
        last_activity_at: at(-24 * HOUR),
        next_action: 'Send the price opinion',
        next_action_at: at(50 * HOUR),
        opened_at: at(-48 * HOUR),
      }),
      buildLead({ first_name: 'Nina', last_name: 'New', city: 'Mesa', zip: '85201', lead_type: 'expired' }),
      buildLead({
        first_name: 'Otto',
        last_name: 'Overdue',
        stage: 'scheduled',
        next_action: 'Call back',
        next_action_at: at(-3 * HOUR),
        opened_at: at(-72 * HOUR),
      }),
      buildLead({ first_name: 'Arch', last_name: 'Ived', status: 'archived' }),
    ]);
    renderApp(<LeadsPage />, { url: '/leads' });

    const strip = await screen.findByRole('region', { name: 'Today at a glance' }, PAGE_LOAD);
    const figure = (label: string) => within(strip).getByText(label).parentElement!;
    await waitFor(() => expect(figure('New today')).toHaveTextContent('2'));
    expect(figure('Overdue')).toHaveTextContent('1');
    expect(figure('Speed to contact this month')).toHaveTextContent('4 min');
    expect(figure('Closings this month')).toHaveTextContent('1');
    // The chart waits for the Performance tab.
    expect(screen.queryByRole('img', { name: /Leads per week/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Queue', selected: true })).toBeInTheDocument();

    await waitFor(() => expect(queueRows()).toHaveLength(3));
    expect(Object.fromEntries(listCalls(callsTo)[0]!)).toEqual({ skip: '0', limit: '100', view: 'queue' });
    const [overdue, fresh, later] = queueRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(overdue).toHaveTextContent('Otto Overdue');
    expect(overdue).toHaveTextContent('Appointment set');
    expect(overdue).toHaveTextContent(/Overdue: Call back.*3 hours ago/);
    expect(fresh).toHaveTextContent('Nina New');
    // "New" beside the name: nobody has opened the lead yet (the server says); the stage is New too.
    expect(within(within(fresh).getByRole('rowheader')).getByText('New')).toBeInTheDocument();
    expect(within(within(overdue).getByRole('rowheader')).queryByText('New')).not.toBeInTheDocument();
    expect(fresh).toHaveTextContent('Expired listing');
    expect(fresh).toHaveTextContent('Mesa 85201');
    expect(fresh).toHaveTextContent('None yet');
    expect(later).toHaveTextContent(/Send the price opinion.*in 2 days/);
    expect(later).not.toHaveTextContent('Overdue');
    expect(later).toHaveTextContent('1 day ago');
    expect(within(later).getByRole('link', { name: 'Call Paula Pursued' })).toHaveAttribute(
      'href',
      'tel:+16025550142',
    );
    expect(screen.queryByText('Arch Ived')).not.toBeInTheDocument();
  });

  it('says when there is nothing to call, and where the other leads are', async () => {
    leadsServer([buildLead({ first_name: 'Clo', last_name: 'Sed', status: 'closed', sale_price: 300_000 })]);
    const { user, router } = renderApp(<LeadsPage />, { url: '/leads' });

    expect(await screen.findByText('Nothing to call right now', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText(/New leads come here first as they arrive/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See all leads' }));
    expect(await screen.findByRole('tab', { name: 'All leads', selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=active');
    await user.click(await screen.findByRole('tab', { name: 'Closed 1' }));
    expect(await screen.findByText('Clo Sed')).toBeInTheDocument();
    expect(screen.getByText('Sold for $300,000')).toBeInTheDocument();
  });

  it('says when the day’s numbers cannot be loaded and tries again on request', async () => {
    leadsServer([buildLead()], {
      extra: {
        'GET /api/portal/me/lead-stats': (_request, index) =>
          index === 0 ? json(503, { detail: 'Busy' }) : json(200, { ...baseStats(), new_today: 7 }),
      },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    expect(await screen.findByText('Your numbers could not be loaded.', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const strip = screen.getByRole('region', { name: 'Today at a glance' });
    await waitFor(() => expect(within(strip).getByText('New today').parentElement).toHaveTextContent('7'));
  });
});

describe('the views of the queue', { timeout: 20_000 }, () => {
  it('switches to cards and keeps the choice with the user', async () => {
    const { callsTo } = leadsServer([
      buildLead({ first_name: 'Cara', last_name: 'Card', street: '9 Oak Ave' }),
    ]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await waitFor(() => expect(queueRows()).toHaveLength(1), PAGE_LOAD);
    expect(screen.getByRole('button', { name: 'Table', pressed: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cards' }));
    expect(screen.getByRole('button', { name: 'Cards', pressed: true })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: /Your queue/ });
    expect(within(cards).getByRole('listitem')).toHaveTextContent('9 Oak Ave');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(patchBodies(callsTo, 'PATCH /api/portal/me/preferences')).toEqual([{ leads_view: 'cards' }]),
    );
  });

  it('keeps the chosen view on the page when it cannot be saved, and says so', async () => {
    leadsServer([buildLead()], {
      extra: { 'PATCH /api/portal/me/preferences': () => json(503, { detail: 'The service is busy.' }) },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await waitFor(() => expect(queueRows()).toHaveLength(1), PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Cards' }));
    expect(await screen.findByText('Your choice of view could not be saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cards', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: /Your queue/ })).toBeInTheDocument();
  });

  it('opens on the board when that is the agent’s choice, and moves a lead a stage with the keyboard', async () => {
    const lead = buildLead({ first_name: 'Kim', last_name: 'Keys' });
    const { callsTo, state } = leadsServer([lead, buildLead({ stage: 'pursuing' })], {
      preferences: { leads_view: 'board' },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });

    expect(
      await screen.findByRole('button', { name: 'Board', pressed: true }, PAGE_LOAD),
    ).toBeInTheDocument();
    const name = await within(await screen.findByRole('region', { name: /^New/ })).findByRole('button', {
      name: 'Kim Keys',
    });
    await waitFor(() => expect(column('Pursuing')).toHaveTextContent('1 lead'));
    const stages = listCalls(callsTo).map((params) => params.get('stage'));
    expect(stages).toEqual(
      expect.arrayContaining(['new', 'pursuing', 'scheduled', 'valuation', 'listed', 'contract']),
    );

    name.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    const moved = await within(column('Pursuing')).findByRole('button', { name: 'Kim Keys' });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(within(column('New')).queryByText('Kim Keys')).not.toBeInTheDocument();
    expect(screen.getByText('Kim Keys moved to Pursuing.')).toBeInTheDocument();
    await waitFor(() =>
      expect(patchBodies(callsTo, `PATCH /api/portal/me/leads/${lead.id}`)).toEqual([{ stage: 'pursuing' }]),
    );
    await waitFor(() => expect(column('Pursuing')).toHaveTextContent('2 leads'));
    expect(state.leads[0]!.stage).toBe('pursuing');
  });

  it('puts a card back where it was when the server refuses the move, and says what to do', async () => {
    const lead = buildLead({ first_name: 'Rob', last_name: 'Back' });
    leadsServer([lead], {
      preferences: { leads_view: 'board' },
      extra: {
        'PATCH /api/portal/me/leads/:id': () =>
          json(503, { detail: 'The service is busy. Please try again.' }),
      },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });

    const card = await within(await screen.findByRole('region', { name: /^New/ }, PAGE_LOAD)).findByRole(
      'button',
      { name: 'Rob Back' },
    );
    await user.click(within(card.closest('li')!).getByRole('button', { name: 'Move Rob Back' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Price opinion given' }));

    expect(await screen.findByText('Rob Back could not be moved to Price opinion given')).toBeInTheDocument();
    expect(
      screen.getByText(/The lead is back in New: try the move again, or open the lead/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(column('New')).getByRole('button', { name: 'Rob Back' })).toBeInTheDocument(),
    );
    expect(within(column('Price opinion given')).queryByText('Rob Back')).not.toBeInTheDocument();
    expect(screen.getByText('Rob Back could not be moved. It is back in New.')).toBeInTheDocument();
  });
});

describe('new leads, live', { timeout: 20_000 }, () => {
  it('shows a lead at the top of the queue as soon as the stream says it arrived, and counts it in the title', async () => {
    stream.connected = true;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, callsTo } = leadsServer([
      buildLead({ first_name: 'Old', last_name: 'Overdue', next_action_at: at(-HOUR), opened_at: at(-HOUR) }),
    ]);
    renderApp(<LeadsPage />, { url: '/leads' });
    await waitFor(() => expect(queueRows()).toHaveLength(1), PAGE_LOAD);
    expect(document.title).toMatch(/^Leads/);

    // Connected: no polling.
    const asked = callsTo('GET /api/portal/me/leads').length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(callsTo('GET /api/portal/me/leads')).toHaveLength(asked);

    const fresh = buildLead({ first_name: 'Live', last_name: 'Arrival' });
    state.leads.push(fresh);
    act(() => stream.send({ type: 'lead.created', id: fresh.id }));

    await waitFor(() => expect(queueRows()).toHaveLength(2));
    expect(queueRows()[0]).toHaveTextContent('Live Arrival');
    expect(document.title).toMatch(/^\(1\) Leads/);
    // The day's numbers are asked for again too.
    await waitFor(() => expect(callsTo('GET /api/portal/me/lead-stats').length).toBeGreaterThan(1));
  });

  it('asks for permission to notify only when the agent presses the button', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal(
      'Notification',
      Object.assign(vi.fn(), { permission: 'default' as NotificationPermission, requestPermission }),
    );
    leadsServer([buildLead()]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await waitFor(() => expect(queueRows()).toHaveLength(1), PAGE_LOAD);

    expect(requestPermission).not.toHaveBeenCalled();
    expect(
      screen.getByText(/tells you when a lead arrives while this page is behind other windows/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notifications are on for new leads.')).toBeInTheDocument();
  });

  it('asks how a call from the queue went when the agent is back from the phone app, and logs it on that lead', async () => {
    const { callsTo } = leadsServer([
      buildLead({ id: 'lead-q', first_name: 'Quinn', last_name: 'Queue', phone: '+14805550163' }),
      buildLead({ id: 'lead-r', first_name: 'Rita', last_name: 'Rest', phone: '+14805550164' }),
    ]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await waitFor(() => expect(queueRows()).toHaveLength(2), PAGE_LOAD);
    // jsdom cannot follow a tel: link: the test stops the browser's part, not the page's.
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop, { capture: true });
    const leaveAndComeBack = () => {
      act(() => window.dispatchEvent(new Event('blur')));
      act(() => window.dispatchEvent(new Event('focus')));
    };
    try {
      // Back on the window without having left it: nothing was called, nothing is asked (once the
      // dialog's code, fetched on the click, is there to show it).
      const rita = screen.getByRole('link', { name: 'Call Rita Rest' });
      await user.click(rita);
      await import('../components/lead-outcome-dialog');
      await act(async () => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(screen.queryByRole('dialog', { name: 'How did the call go?' })).not.toBeInTheDocument();

      const quinn = screen.getByRole('link', { name: 'Call Quinn Queue' });
      await user.click(quinn);
      leaveAndComeBack();
      const prompt = await screen.findByRole('dialog', { name: 'How did the call go?' });
      expect(prompt).toHaveTextContent('Your call to Quinn Queue.');
      await user.click(within(prompt).getByRole('button', { name: 'Left message' }));
      expect(await screen.findByText('Call logged')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'How did the call go?' })).not.toBeInTheDocument(),
      );
      const logged = callsTo('POST /api/portal/me/leads/:id/activities');
      expect(logged.map((call) => [call.path, JSON.parse(call.body ?? '{}')])).toEqual([
        ['/api/portal/me/leads/lead-q/activities', { kind: 'call', outcome: 'left_message' }],
      ]);
      // The keyboard is back where the agent left it: on the Call link pressed.
      await waitFor(() => expect(quinn).toHaveFocus());
    } finally {
      document.removeEventListener('click', stop, { capture: true });
    }
  });

  it('turns the sound of new leads on and keeps it with the user', async () => {
    const { callsTo } = leadsServer([buildLead()]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    const sound = await screen.findByRole('switch', { name: 'Sound when a lead arrives' }, PAGE_LOAD);
    expect(sound).not.toBeChecked();
    await user.click(sound);
    expect(sound).toBeChecked();
    await waitFor(() =>
      expect(patchBodies(callsTo, 'PATCH /api/portal/me/preferences')).toEqual([{ lead_sound: true }]),
    );
  });
});
