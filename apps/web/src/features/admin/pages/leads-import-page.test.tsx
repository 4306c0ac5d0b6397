import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { superuserServer } from '../test/console-data';
import { AdminLeadsImportPage } from './leads-import-page';

const PAGE_LOAD = { timeout: 5000 };

const csv = (text: string, name = 'leads.csv') => new File([text], name, { type: 'text/csv' });

describe('the CSV import of leads', { timeout: 20_000 }, () => {
  it('previews each row (errors, agent or unassigned) without importing, then imports on confirmation', async () => {
    const { callsTo } = superuserServer({
      'POST /api/admin/leads/import/preview': () =>
        json(200, {
          rows: 3,
          routed: 1,
          unassigned: 1,
          duplicates: 0,
          rejected: 1,
          items: [
            {
              row: 2,
              outcome: 'routed',
              name: 'Ann Able',
              lead_type: 'fsbo',
              zip: '85004',
              agent_id: 'agent-1',
              agent_name: 'Alicia Alvarez',
              reason: 'Fewest leads in the last 30 days',
              errors: [],
            },
            {
              row: 3,
              outcome: 'unassigned',
              name: 'Bob Baker',
              lead_type: 'fsbo',
              zip: '99999',
              agent_id: null,
              agent_name: null,
              reason: 'No agent serves ZIP 99999.',
              errors: [],
            },
            {
              row: 4,
              outcome: 'rejected',
              name: 'Cy Cole',
              lead_type: 'nonsense',
              zip: '85004',
              agent_id: null,
              agent_name: null,
              reason: null,
              errors: ['lead_type must be one of fsbo, expired'],
            },
          ],
        }),
      'POST /api/admin/leads/import': () =>
        json(200, {
          rows: 4,
          imported: 2,
          duplicates: 1,
          unassigned: 1,
          rejected: [
            {
              row: 3,
              errors: [
                'zip must be a 5-digit US ZIP code',
                'A lead needs a phone number or an e-mail address',
              ],
            },
          ],
        }),
    });
    const { user } = renderApp(<AdminLeadsImportPage />, { url: '/admin/leads/import' });
    expect(await screen.findByRole('heading', { name: 'Import leads' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What the file needs' })).toHaveTextContent('lead_type');

    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first.');

    await user.upload(screen.getByLabelText('Choose a CSV file'), csv('lead_type,zip\nfsbo,85004\n'));
    expect(screen.getByText('leads.csv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(callsTo('POST /api/admin/leads/import/preview')[0]?.headers.get('Content-Type')).toBe('text/csv');
    expect(callsTo('POST /api/admin/leads/import')).toHaveLength(0);
    const rows = within(within(preview).getByRole('table', { name: 'Rows of the file' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ann Able');
    expect(within(rows[1]!).getByRole('link', { name: 'Alicia Alvarez' })).toHaveAttribute(
      'href',
      '/admin/agents/agent-1',
    );
    expect(rows[2]).toHaveTextContent('Unassigned');
    expect(rows[2]).toHaveTextContent('No agent serves ZIP 99999.');
    expect(rows[3]).toHaveTextContent('Refused');
    expect(rows[3]).toHaveTextContent('lead_type must be one of fsbo, expired');
    await user.click(screen.getByRole('button', { name: 'Import and route 2 leads' }));

    const report = await screen.findByRole('region', { name: 'Import report' });
    const [call] = callsTo('POST /api/admin/leads/import');
    expect(call?.headers.get('Content-Type')).toBe('text/csv');
    const figures = within(report)
      .getAllByRole('definition')
      .map((figure) => figure.textContent);
    expect(figures).toEqual(['4', '2', '1', '1', '1']);
    const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
    const row = within(rejected).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('zip must be a 5-digit US ZIP code');
    expect(row).toHaveTextContent('A lead needs a phone number or an e-mail address');
    expect(within(report).getByRole('link', { name: 'assign them by hand' })).toHaveAttribute(
      'href',
      '/admin/leads?unassigned=true',
    );
    // The toast (Sonner loads with the first one: lib/toast.ts).
    expect(await screen.findByText('2 of 4 leads imported')).toBeInTheDocument();
  });

  it('shows why the server refused the whole file, and refuses a file that is not CSV before sending it', async () => {
    const { callsTo } = superuserServer({
      'POST /api/admin/leads/import/preview': () =>
        json(400, { detail: 'The header row needs a zip column.' }),
    });
    const { user } = renderApp(<AdminLeadsImportPage />, { url: '/admin/leads/import' });
    const input = await screen.findByLabelText('Choose a CSV file', {}, PAGE_LOAD);
    // The picker offers only CSV files; a dropped file is not filtered that way.
    fireEvent.drop(input.parentElement!, {
      dataTransfer: {
        files: [new File(['%PDF'], 'leads.pdf', { type: 'application/pdf' })],
        dropEffect: 'copy',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('leads.pdf is not a CSV file');

    await user.upload(screen.getByLabelText('Choose a CSV file'), csv('lead_type\nfsbo\n'));
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The header row needs a zip column.'),
    );
    expect(callsTo('POST /api/admin/leads/import/preview')).toHaveLength(1);
    expect(callsTo('POST /api/admin/leads/import')).toHaveLength(0);
    expect(screen.getByText('leads.csv')).toBeInTheDocument();
  });
});
