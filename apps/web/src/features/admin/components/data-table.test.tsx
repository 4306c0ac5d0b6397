import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CellText, type Column, DataTable } from './data-table';
import { NoMatches, SearchEmpty } from './list-toolbar';

type Row = { id: string; name: string };
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', render: (row) => row.name },
  { key: 'id', label: 'Id', render: (row) => row.id },
];

function renderEmpty(empty: React.ReactNode) {
  render(<DataTable label="Things" columns={columns} rows={[]} rowKey={(row) => row.id} empty={empty} />);
  const table = screen.getByRole('table', { name: 'Things' });
  // One full-width row under the header, not an empty body.
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(2);
  const cell = within(rows[1]!).getByRole('cell');
  expect(cell).toHaveAttribute('colspan', String(columns.length));
  return cell;
}

describe('an empty console table (SPEC.md section 8 labels)', () => {
  it('says No data, then what the sentence given adds', () => {
    const cell = renderEmpty('No access codes yet. Create one with “New access code”.');
    expect(within(cell).getByText('No data')).toBeInTheDocument();
    expect(
      within(cell).getByText('No access codes yet. Create one with “New access code”.'),
    ).toBeInTheDocument();
  });

  it('says No matching data when the filters hide every row, with a way back', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    const cell = renderEmpty(<NoMatches what="agents" onClear={onClear} />);
    expect(within(cell).getByText('No matching data')).toBeInTheDocument();
    expect(within(cell).queryByText('No data')).not.toBeInTheDocument();
    expect(within(cell).getByText('No agents match the search and filters.')).toBeInTheDocument();
    await user.click(within(cell).getByRole('button', { name: 'Clear search and filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('says No matching data for a search, No data without one', () => {
    const props = { noun: 'group', onClear: () => {}, none: 'No groups yet.' };
    const { unmount } = render(<SearchEmpty {...props} query="west" />);
    expect(screen.getByText('No matching data')).toBeInTheDocument();
    expect(screen.getByText(/No group matches “west”/)).toBeInTheDocument();
    unmount();
    render(<SearchEmpty {...props} query="" />);
    expect(screen.getByText('No data')).toBeInTheDocument();
    expect(screen.getByText('No groups yet.')).toBeInTheDocument();
  });

  it('shows rows, not the message, when there are some', () => {
    render(
      <DataTable
        label="Things"
        columns={columns}
        rows={[{ id: '1', name: 'One' }]}
        rowKey={(row) => row.id}
        empty="Nothing yet."
      />,
    );
    expect(screen.getByRole('rowheader', { name: 'One' })).toBeInTheDocument();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
  });

  it('keeps visually hidden texts inside its scrolling box, so a wide table cannot widen a phone page', () => {
    render(<DataTable label="Things" columns={columns} rows={[]} rowKey={(row) => row.id} empty="" />);
    // jsdom lays nothing out: an sr-only text is position: absolute, placed by its nearest
    // positioned ancestor; without one it sits where the wide table puts it, past the screen.
    expect(screen.getByRole('table').parentElement).toHaveClass('relative', 'overflow-x-auto');
  });
});

describe('a console table wider than its box (a phone)', () => {
  const rows = [{ id: 'a-1', name: 'Alicia Alvarez' }];

  it('is a named region that takes the keyboard focus, so it can be scrolled sideways', () => {
    const wide = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    const box = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    try {
      render(
        <DataTable label="Things" columns={columns} rows={rows} rowKey={(row) => row.id} empty="None" />,
      );
      const region = screen.getByRole('region', { name: 'Things (scrolls sideways)' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name: 'Things' })).toBeInTheDocument();
    } finally {
      wide.mockRestore();
      box.mockRestore();
    }
  });

  it('is no extra stop for the keyboard when it fits', () => {
    render(<DataTable label="Things" columns={columns} rows={rows} rowKey={(row) => row.id} empty="None" />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Things' }).parentElement).not.toHaveAttribute('tabindex');
  });

  it('keeps a long e-mail on one line, whole in its tooltip', () => {
    const email = 'onboarding.agent@demo.agentportal.local';
    render(
      <DataTable
        label="People"
        columns={[{ key: 'email', label: 'E-mail', render: (row: Row) => <CellText text={row.name} /> }]}
        rows={[{ id: '1', name: email }]}
        rowKey={(row) => row.id}
        empty="None"
      />,
    );
    const cell = screen.getByText(email);
    expect(cell).toHaveAttribute('title', email);
    expect(cell).toHaveClass('truncate');
  });
});
