import { NO_FLOORS, type ScorecardList } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildScorecard } from '@/test/scorecards';
import { superuserServer, uuid } from '../test/console-data';
import { AdminScorecardsPage } from './scorecards-page';

const PAGE_LOAD = { timeout: 5000 };
const floors = { ...NO_FLOORS, contacted_within_hour: 60, closing_rate: 5 };

const ada = buildScorecard({
  agent_id: uuid(1),
  agent_name: 'Ada Able',
  values: { contacted_within_hour: 80, closing_rate: 9, speed_to_contact_minutes: 12 },
  floors,
});
const bo = buildScorecard({
  agent_id: uuid(2),
  agent_name: 'Bo Below',
  values: { contacted_within_hour: 40, closing_rate: 2, speed_to_contact_minutes: 95 },
  floors,
});

/** The console's list as the server answers: sorted, filtered and paged as asked. */
function scorecardsServer(fail = false) {
  return superuserServer({
    'GET /api/admin/scorecards': (request) => {
      if (fail) return json(503, { detail: 'The database is busy' });
      const params = new URL(request.path, 'http://test').searchParams;
      let items = [ada, bo];
      if (params.get('below_floor') === 'true') items = items.filter((card) => card.below_floors.length > 0);
      const key = params.get('sort');
      if (key && key !== 'name') {
        const value = (card: typeof ada) => card.figures.find((figure) => figure.key === key)?.value ?? 0;
        items = [...items].sort((a, b) =>
          params.get('order') === 'desc' ? value(b) - value(a) : value(a) - value(b),
        );
      }
      const body: ScorecardList = { floors, items, total: items.length };
      return json(200, body);
    },
  });
}

const rowNames = () =>
  within(screen.getByRole('table', { name: "Agents' scorecards" }))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);
const lastQuery = (server: ReturnType<typeof scorecardsServer>) =>
  Object.fromEntries(
    new URL(server.callsTo('GET /api/admin/scorecards').at(-1)!.path, 'http://test').searchParams,
  );

describe('the console’s scorecards', { timeout: 20_000 }, () => {
  it('lists every agent’s figures with the floors, flagging in words who is below one', async () => {
    scorecardsServer();
    renderApp(<AdminScorecardsPage />, { url: '/admin/scorecards' });
    const table = await screen.findByRole('table', { name: "Agents' scorecards" }, PAGE_LOAD);
    expect(rowNames()).toEqual(['Ada Able', 'Bo Below']);
    expect(within(table).getByRole('columnheader', { name: /Contacted within 1 hour/ })).toHaveTextContent(
      'At least 60%',
    );
    expect(within(table).getByRole('columnheader', { name: /Listing rate/ })).toHaveTextContent('No floor');
    const [, adaRow, boRow] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(adaRow).not.toHaveTextContent(/below/i);
    expect(boRow).toHaveTextContent('Below 2 floors');
    expect(boRow).toHaveTextContent('40%, below the floor');
    expect(adaRow).toHaveTextContent('80%');
    expect(within(boRow).getByText('1 h 35 min')).toBeInTheDocument();
    expect(within(adaRow).getByRole('link', { name: 'Ada Able' })).toHaveAttribute(
      'href',
      `/admin/agents/${uuid(1)}`,
    );
  });

  it('sorts by a column, best first, then the other way, and filters to those below a floor', async () => {
    const server = scorecardsServer();
    const { user } = renderApp(<AdminScorecardsPage />, { url: '/admin/scorecards' });
    await screen.findByRole('table', { name: "Agents' scorecards" }, PAGE_LOAD);
    expect(lastQuery(server)).toMatchObject({ sort: 'name', order: 'asc', page: '1', page_size: '50' });

    await user.click(screen.getByRole('button', { name: /Closing rate/ }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sort: 'closing_rate', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Closing rate/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await waitFor(() => expect(rowNames()).toEqual(['Ada Able', 'Bo Below']));

    await user.click(screen.getByRole('button', { name: /Closing rate/ }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sort: 'closing_rate', order: 'asc' }));
    await waitFor(() => expect(rowNames()).toEqual(['Bo Below', 'Ada Able']));

    // Minutes: fewer is better, so a first click sorts the lowest first.
    await user.click(screen.getByRole('button', { name: /Speed to first contact/ }));
    await waitFor(() =>
      expect(lastQuery(server)).toMatchObject({ sort: 'speed_to_contact_minutes', order: 'asc' }),
    );

    await user.click(screen.getByRole('switch', { name: 'Below a floor' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ below_floor: 'true' }));
    await waitFor(() => expect(rowNames()).toEqual(['Bo Below']));
  });

  it('says what failed and tries again', async () => {
    scorecardsServer(true);
    renderApp(<AdminScorecardsPage />, { url: '/admin/scorecards' });
    expect(await screen.findByText('The scorecards could not be loaded', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
