import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildLead, buildLeads, buildStats, leadsServer } from '../test/leads-server';
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

const listCalls = (callsTo: (key: string) => { path: string }[]) =>
  callsTo('GET /api/portal/me/leads').map((call) => new URL(call.path, 'http://test').searchParams);

/** The first visit loads the page's code. */
const PAGE_LOAD = { timeout: 5000 };
/** A search waits for the typing to pause, then asks the server. */
const SEARCHED = { timeout: 3000 };

/** The body rows of the table named `name` (the queue's, or a status's under All leads). */
const tableRows = (name: RegExp) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const rows = () => tableRows(/leads, newest first/);
const queueRows = () => tableRows(/Your queue/);

describe('the leads workspace', { timeout: 20_000 }, () => {
  it('shows the counts on each status tab and lists the tab’s leads, newest first', async () => {
    const older = buildLead({ first_name: 'Olive', last_name: 'Older', lead_type: 'expired' });
    const newer = buildLead({ first_name: 'Nora', last_name: 'Newer', lead_type: 'inherited' });
    const archived = buildLead({ first_name: 'Arch', last_name: 'Ived', status: 'archived' });
    const closed = buildLead({ first_name: 'Clo', last_name: 'Sed', status: 'closed', sale_price: 410000 });
    const { callsTo } = leadsServer([older, newer, archived, closed]);
    const { user, router } = renderApp(<LeadsPage />, { url: '/leads' });

    // SPEC's status lists are under All leads.
    await user.click(await screen.findByRole('tab', { name: 'All leads' }, PAGE_LOAD));
    expect(router.state.location.search).toBe('?status=active');
    expect(await screen.findByRole('tab', { name: 'Active 2' }, PAGE_LOAD)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Archived 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Closed 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All 4' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Nora Newer');
    expect(rows()[0]).toHaveTextContent('Inherited');
    expect(rows()[1]).toHaveTextContent('Expired listing');
    expect(within(rows()[0]!).getByRole('link', { name: 'Call Nora Newer' })).toHaveAttribute(
      'href',
      'tel:+16025550142',
    );
    expect(listCalls(callsTo).at(-1)!.get('active')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Closed 1' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Clo Sed');
    expect(rows()[0]).toHaveTextContent('Sold for $410,000');
    expect(router.state.location.search).toBe('?status=closed');
    const last = listCalls(callsTo).at(-1)!;
    expect(last.get('closed')).toBe('true');
    expect(last.has('active')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'All 4' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    // Every status flag left out: all leads. Each row says its status.
    expect(['active', 'archived', 'closed'].some((flag) => listCalls(callsTo).at(-1)!.has(flag))).toBe(false);
    const archivedRow = rows().find((row) => row.textContent?.includes('Arch Ived'))!;
    expect(within(archivedRow).getByText('Archived')).toBeInTheDocument();

    // Back returns to the tab before.
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Closed 1', selected: true })).toBeInTheDocument();
  });

  it('searches by name, phone or address after a pause, keeps the search in the address and says when nothing matches', async () => {
    const { callsTo } = leadsServer([
      buildLead({ first_name: 'Maria', last_name: 'Smith', street: '4 Elm Rd' }),
      buildLead({ first_name: 'John', last_name: 'Doe', phone: '+14805550199' }),
    ]);
    const { user, router } = renderApp(<LeadsPage />, { url: '/leads' });
    await waitFor(() => expect(queueRows()).toHaveLength(2), PAGE_LOAD);

    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'smith');
    await waitFor(() => expect(listCalls(callsTo).at(-1)!.get('q')).toBe('smith'), SEARCHED);
    // Typing sends one search after the pause, not one per letter.
    expect(listCalls(callsTo).filter((params) => params.has('q'))).toHaveLength(1);
    expect(listCalls(callsTo).at(-1)!.get('view')).toBe('queue');
    await waitFor(() => expect(queueRows()).toHaveLength(1), SEARCHED);
    expect(queueRows()[0]).toHaveTextContent('Maria Smith');
    expect(router.state.location.search).toBe('?q=smith');

    const search = screen.getByRole('searchbox', { name: 'Search leads' });
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No leads match your search', {}, SEARCHED)).toBeInTheDocument();
    expect(screen.getByText(/Nothing in your queue matches “nobody”/)).toBeInTheDocument();

    const empty = screen.getByText('No leads match your search').parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(queueRows()).toHaveLength(2), SEARCHED);
    expect(search).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('opens with the search, tab and page of the address', async () => {
    const { callsTo } = leadsServer(buildLeads(230, { status: 'archived', last_name: 'Jones' }));
    renderApp(<LeadsPage />, { url: '/leads?status=archived&q=jones&page=3' });

    expect(await screen.findByText('Showing 201–230 of 230', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('jones');
    expect(screen.getByRole('tab', { name: 'Archived 230', selected: true })).toBeInTheDocument();
    const params = listCalls(callsTo).at(-1)!;
    expect(Object.fromEntries(params)).toEqual({ skip: '200', limit: '100', archived: 'true', q: 'jones' });
  });

  it('pages through the leads a hundred at a time', async () => {
    const leads = buildLeads(1234);
    // Newest first: the last built is the first shown.
    const nameAt = (position: number) =>
      `${leads[1234 - position]!.first_name} ${leads[1234 - position]!.last_name}`;
    const { callsTo } = leadsServer(leads);
    const { user, router } = renderApp(<LeadsPage />, { url: '/leads?status=active' });

    expect(await screen.findByText('Showing 1–100 of 1,234', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText(nameAt(1))).toBeInTheDocument();
    expect(screen.getByText(nameAt(100))).toBeInTheDocument();
    expect(screen.queryByText(nameAt(101))).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('tablist', { name: 'Leads by status' })).getByRole('tab', {
        name: 'Active 1,234',
      }),
    ).toBeInTheDocument();
    // A hundred rows make whole-page role queries slow: look inside the pager.
    const pager = () => screen.getByRole('navigation', { name: 'Pages of leads' });
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 101–200 of 1,234')).toBeInTheDocument();
    expect(screen.getByText(nameAt(101))).toBeInTheDocument();
    expect(listCalls(callsTo).at(-1)!.get('skip')).toBe('100');
    expect(router.state.location.search).toBe('?status=active&page=2');
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–100 of 1,234')).toBeInTheDocument();
  });

  it('tells an active agent with no leads yet that they are on their way', async () => {
    leadsServer([]);
    renderApp(<LeadsPage />, { url: '/leads' });
    expect(await screen.findByText('No leads yet', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(
      screen.getByText(/Your account is active: each new lead appears here as soon as a seller/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/once your account is active/)).not.toBeInTheDocument();
    expect(screen.queryByText('Nothing to call right now')).not.toBeInTheDocument();
  });

  it('tells an agent still onboarding that leads start once the account is active', async () => {
    leadsServer([], { agent: { agent_status: 'onboarding' } });
    renderApp(<LeadsPage />, { url: '/leads' });
    expect(await screen.findByText('No leads yet', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(
      screen.getByText(/Leads arrive once your account is active, when a seller in one of your ZIP codes/),
    ).toBeInTheDocument();
  });

  it('says when the list cannot be loaded and tries again on request', async () => {
    const { callsTo } = leadsServer([buildLead({ first_name: 'Back', last_name: 'Again' })], {
      extra: {
        'GET /api/portal/me/leads': (_request, index) =>
          index === 0
            ? json(503, { detail: 'The service is busy. Please try again.' })
            : json(200, {
                items: [buildLead({ first_name: 'Back', last_name: 'Again' })],
                total: 1,
                counts: { active: 1, archived: 0, closed: 0 },
              }),
      },
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });

    expect(await screen.findByText('Your leads could not be loaded', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('The service is busy. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
    expect(callsTo('GET /api/portal/me/leads')).toHaveLength(2);
  });

  it('shows a lead that arrives while the page is open, with a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, callsTo } = leadsServer([
      buildLead({ first_name: 'First', last_name: 'Lead', opened_at: '2026-11-20T12:30:00.000Z' }),
    ]);
    renderApp(<LeadsPage />, { url: '/leads' });
    await screen.findByText('First Lead', {}, PAGE_LOAD);

    // Without the live stream the queue is asked for again every 15 s.
    state.leads.push(buildLead({ first_name: 'Fresh', last_name: 'Arrival' }));
    await vi.advanceTimersByTimeAsync(15_000);

    expect(await screen.findByText('1 new lead')).toBeInTheDocument();
    // At the top of the queue, although an older new lead would come first in the server's order.
    expect(queueRows()[0]).toHaveTextContent('Fresh Arrival');
    // "New" is the server's word: nobody has opened it yet.
    const nameCell = (row: HTMLElement) => within(row).getByRole('rowheader');
    expect(within(nameCell(queueRows()[0]!)).getByText('New')).toBeInTheDocument();
    expect(within(nameCell(queueRows()[1]!)).queryByText('New')).not.toBeInTheDocument();
    // The weekly numbers are asked for again too.
    await waitFor(() => expect(callsTo('GET /api/portal/me/lead-stats')).toHaveLength(2));
  });

  it('shows the agent’s numbers and leads per week, with the same figures as a table', async () => {
    leadsServer([buildLead()], {
      agent: { total_closings: 4, total_gross_commission_earned: 52_350.5 },
    });
    const { user, router } = renderApp(<LeadsPage />, { url: '/leads' });

    await user.click(await screen.findByRole('tab', { name: 'Performance' }, PAGE_LOAD));
    expect(router.state.location.search).toBe('?tab=performance');
    const numbers = await screen.findByRole('region', { name: 'Your numbers' }, PAGE_LOAD);
    const stat = (label: string) => within(numbers).getByText(label).parentElement!;
    await waitFor(() => expect(stat('Leads this week')).toHaveTextContent('3'));
    expect(stat('Leads this month')).toHaveTextContent('11');
    expect(stat('Answer rate')).toHaveTextContent('75%');
    expect(stat('Answer rate')).toHaveTextContent('3 of 4 calls answered');
    expect(stat('Closings')).toHaveTextContent('4');
    expect(stat('Gross commission earned')).toHaveTextContent('$52,350.50');

    expect(
      screen.getByRole('img', {
        name: /Leads per week by type\. 7 leads in the last 12 weeks; the busiest week, starting Nov 9, 2026, had 4\./,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Show as a table'));
    const table = screen.getByRole('table', { name: 'Leads per week by type' });
    const lastWeek = within(table).getByRole('row', { name: /Nov 16, 2026/ });
    expect(
      within(lastWeek)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1', '0', '3']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'FSBO', 'Expired listing', 'Inherited', 'Total']);
  });

  it('says "No calls yet" before the first call', async () => {
    leadsServer([], {
      stats: buildStats({
        answer_rate: { total_leads: 0, missed_calls: 0, answered_calls: 0 },
        per_week: [],
      }),
    });
    renderApp(<LeadsPage />, { url: '/leads?tab=performance' });
    const numbers = await screen.findByRole('region', { name: 'Your numbers' }, PAGE_LOAD);
    expect(await within(numbers).findByText('No calls yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Leads per week/ })).not.toBeInTheDocument();
  });
});
