// What an import would do, before anything is written: each row of the file, refused (with its
// reasons), already imported, routed to whom, or left unassigned and why.
import type { AdminImportPreview } from '@portal/shared';
import { Link } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { AdminSection } from './admin-section';
import { type Column, DataTable } from './data-table';
import { StatusBadge } from './status-badge';

type Row = AdminImportPreview['items'][number];

const OUTCOMES: Record<
  Row['outcome'],
  { label: string; tone: 'success' | 'warning' | 'neutral' | 'danger' }
> = {
  routed: { label: 'Routed', tone: 'success' },
  unassigned: { label: 'Unassigned', tone: 'warning' },
  duplicate: { label: 'Already imported', tone: 'neutral' },
  rejected: { label: 'Refused', tone: 'danger' },
};

const COLUMNS: Column<Row>[] = [
  { key: 'row', label: 'Row', numeric: true, render: (r) => formatCount(r.row), className: 'w-16' },
  {
    key: 'name',
    label: 'Lead',
    render: (r) => (
      <span className="grid">
        <span>{r.name || <span className="text-muted-foreground">No name</span>}</span>
        <span className="text-xs text-muted-foreground">
          {[r.lead_type, r.zip].filter(Boolean).join(' · ') || '—'}
        </span>
      </span>
    ),
  },
  {
    key: 'outcome',
    label: 'Would be',
    render: (r) => <StatusBadge tone={OUTCOMES[r.outcome].tone}>{OUTCOMES[r.outcome].label}</StatusBadge>,
  },
  {
    key: 'agent',
    label: 'Agent or reason',
    className: 'min-w-56 [overflow-wrap:anywhere]',
    render: (r) =>
      r.outcome === 'routed' && r.agent_id ? (
        <Link to={paths.adminAgent.href(r.agent_id)}>{r.agent_name ?? 'An agent'}</Link>
      ) : r.errors.length > 0 ? (
        <ul className="grid list-disc gap-0.5 pl-4">
          {r.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : (
        <span className="text-muted-foreground">{r.reason ?? '—'}</span>
      ),
  },
];

export function ImportPreview({ preview, fileName }: { preview: AdminImportPreview; fileName: string }) {
  const figures: [string, number][] = [
    ['Rows read', preview.rows],
    ['Would be routed', preview.routed],
    ['Would stay unassigned', preview.unassigned],
    ['Already imported', preview.duplicates],
    ['Refused', preview.rejected],
  ];
  return (
    <AdminSection
      title="Preview"
      description={`What importing ${fileName} would do now. Nothing has been imported yet.`}
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 rounded-lg border border-border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        label="Rows of the file"
        columns={COLUMNS}
        rows={preview.items}
        rowKey={(r) => String(r.row)}
        minWidth="40rem"
        empty="The file has a header row but no leads."
      />
    </AdminSection>
  );
}
