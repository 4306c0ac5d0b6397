// What an import did: rows read, leads imported, duplicates skipped, leads left unassigned, and
// every rejected row with its reasons (numbered as in a spreadsheet: the header is row 1).
import { Link } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import type { ImportReport as Report } from '../api/leads';
import { AdminSection } from './admin-section';
import { type Column, DataTable } from './data-table';

type Rejected = Report['rejected'][number];

const COLUMNS: Column<Rejected>[] = [
  { key: 'row', label: 'Row', numeric: true, render: (r) => formatCount(r.row), className: 'w-20' },
  {
    key: 'errors',
    label: 'Problems',
    render: (r) => (
      <ul className="grid list-disc gap-0.5 pl-4">
        {r.errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    ),
  },
];

export function ImportReport({ report, fileName }: { report: Report; fileName: string }) {
  const figures: [string, number][] = [
    ['Rows read', report.rows],
    ['Imported', report.imported],
    ['Duplicates skipped', report.duplicates],
    ['Left unassigned', report.unassigned],
    ['Rejected', report.rejected.length],
  ];
  return (
    <AdminSection title="Import report" description={`From ${fileName}.`}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 rounded-lg border border-border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {report.unassigned > 0 ? (
        <p>
          No agent serves the ZIP code of {formatCount(report.unassigned)} imported lead
          {report.unassigned === 1 ? '' : 's'}:{' '}
          <Link to={`${paths.adminLeads.href()}?unassigned=true`}>assign them by hand</Link>.
        </p>
      ) : null}
      {report.rejected.length > 0 ? (
        <div className="grid gap-2">
          <Alert variant="destructive" role="status">
            <AlertTitle>
              {formatCount(report.rejected.length)} row{report.rejected.length === 1 ? ' was' : 's were'} not
              imported
            </AlertTitle>
            <AlertDescription>
              <p>
                Correct them in the sheet and import them again. Rows that have an external_id and were
                imported before (same source and external_id) are skipped as duplicates, so importing the
                whole file again is safe; rows without one would be imported twice.
              </p>
            </AlertDescription>
          </Alert>
          <DataTable
            label="Rejected rows"
            columns={COLUMNS}
            rows={report.rejected}
            rowKey={(r) => String(r.row)}
            minWidth="20rem"
            empty=""
          />
        </div>
      ) : (
        <p>Every row was accepted.</p>
      )}
    </AdminSection>
  );
}
