import type { AdminApiKey } from '@portal/shared';
import { formatCount } from '@/components/leads/lead-format';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyCreateDialog } from '../components/api-key-create-dialog';
import { ApiKeyRevokeDialog } from '../components/api-key-revoke-dialog';
import { type Column, DataTable } from '../components/data-table';
import { LeadsSparkline } from '../components/leads-sparkline';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { StatusBadge } from '../components/status-badge';
import { formatDate, formatWhen } from '../components/when';

const columns: Column<AdminApiKey>[] = [
  {
    key: 'name',
    label: 'Client',
    render: (key) => (
      <span className="grid justify-items-start gap-1">
        <span className="font-medium">{key.name}</span>
        {key.revoked_at ? (
          <StatusBadge tone="neutral">Revoked {formatDate(key.revoked_at)}</StatusBadge>
        ) : null}
      </span>
    ),
  },
  {
    key: 'prefix',
    label: 'Key starts with',
    render: (key) => <code className="text-xs">{key.prefix}…</code>,
  },
  { key: 'created', label: 'Created', render: (key) => formatDate(key.created_at) },
  {
    key: 'last_used',
    label: 'Last used',
    render: (key) => (key.last_used_at ? formatWhen(key.last_used_at) : 'Never'),
  },
  {
    key: 'per_day',
    label: 'Leads, last 14 days',
    render: (key) => <LeadsSparkline days={key.leads_per_day} />,
  },
  { key: 'total', label: 'Total leads', numeric: true, render: (key) => formatCount(key.total_leads) },
  {
    key: 'last_error',
    label: 'Last error',
    className: 'max-w-72',
    render: (key) =>
      key.last_error ? (
        <span className="grid gap-0.5">
          <span className="[overflow-wrap:anywhere] text-destructive">{key.last_error}</span>
          <span className="text-xs text-muted-foreground">{formatWhen(key.last_error_at)}</span>
        </span>
      ) : (
        <span className="text-muted-foreground">None</span>
      ),
  },
  {
    key: 'actions',
    label: 'Actions',
    render: (key) => (key.revoked_at ? null : <ApiKeyRevokeDialog apiKey={key} />),
  },
];

/** /admin/api-keys: the systems that post leads to the intake API, and how they are doing. */
export function AdminApiKeysPage() {
  const keys = useApiKeys();
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="API keys"
        description="Lead intake clients: each posts leads with its own key. Revoke a key that leaked or is no longer used."
        actions={<ApiKeyCreateDialog />}
      />
      {keys.isError ? (
        <LoadError title="The intake clients could not be loaded" query={keys} />
      ) : (
        <DataTable
          label="Lead intake clients"
          columns={columns}
          rows={keys.data?.items}
          rowKey={(key) => key.id}
          loading={keys.isPending}
          minWidth="56rem"
          empty="No intake clients yet. Create one with “New client” and give its key to the system that sends leads."
        />
      )}
    </div>
  );
}
