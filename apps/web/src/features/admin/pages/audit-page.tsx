import type { AuditEntry } from '@portal/shared';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAudit } from '../api/audit';
import { AuditDetails } from '../components/audit-details';
import { type Column, DataTable } from '../components/data-table';
import { FilterText } from '../components/filter-text';
import { ListToolbar, NoMatches } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { tableSorting, useListParams } from '../components/use-list-params';
import { formatWhen } from '../components/when';

const FILTERS = ['actor', 'action', 'target_id'] as const;

/** Where a target's own page is, when it has one. */
function targetHref(entry: AuditEntry): string | null {
  if (!entry.target_id) return null;
  if (entry.target_type === 'agent') return paths.adminAgent.href(entry.target_id);
  if (entry.target_type === 'group') return paths.adminGroup.href(entry.target_id);
  return null;
}

function Target({ entry }: { entry: AuditEntry }) {
  if (!entry.target_type && !entry.target_id) return <span className="text-muted-foreground">—</span>;
  const href = targetHref(entry);
  const label = `${entry.target_type ?? 'target'} ${entry.target_id ?? ''}`.trim();
  return href ? (
    <Link to={href} className="break-all">
      {label}
    </Link>
  ) : (
    <span className="break-all">{label}</span>
  );
}

/** /admin/audit: every superuser action, newest first; ?target_id= narrows it to one record. */
export function AdminAuditPage() {
  const list = useListParams({
    filters: FILTERS,
    sorts: ['created_at'],
    defaults: { sort: 'created_at', order: 'desc' },
  });
  const { actor, action, target_id } = list.filters;
  const audit = useAudit({
    actor: actor || undefined,
    action: action || undefined,
    target_id: target_id || undefined,
    skip: list.skip,
    limit: list.limit,
    order: list.order,
  });
  const filtered = Boolean(actor || action || target_id);
  const columns: Column<AuditEntry>[] = [
    {
      key: 'created_at',
      sortable: true,
      label: 'When',
      render: (entry) => <span className="whitespace-nowrap">{formatWhen(entry.created_at)}</span>,
    },
    {
      key: 'actor',
      label: 'Actor',
      render: (entry) => (
        <span className="grid">
          <span className="break-all">
            {entry.actor_email ?? (entry.actor_id ? entry.actor_id : 'The system')}
          </span>
          {entry.ip ? <span className="text-xs text-muted-foreground">{entry.ip}</span> : null}
        </span>
      ),
    },
    {
      key: 'action',
      label: 'Action',
      render: (entry) => (
        // Actions are matched exactly: picking one from a row is easier than typing its name.
        <button
          type="button"
          onClick={() => list.setFilter('action', entry.action)}
          className="rounded-sm text-left font-mono text-xs break-all underline decoration-dotted underline-offset-4 hover:decoration-solid focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {entry.action} <span className="sr-only">(show only this action)</span>
        </button>
      ),
    },
    { key: 'target', label: 'Target', className: 'max-w-56', render: (entry) => <Target entry={entry} /> },
    {
      key: 'details',
      label: 'Changes and details',
      className: 'min-w-72',
      render: (entry) => <AuditDetails details={entry.details} />,
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Audit log"
        description="Who did what, and when: every superuser action, newest first."
      />
      <ListToolbar>
        <FilterText
          label="Actor"
          placeholder="E-mail of who acted"
          value={actor}
          onChange={(value) => list.setFilter('actor', value, true)}
        />
        <FilterText
          label="Action"
          placeholder="e.g. admin_update_agent"
          value={action}
          onChange={(value) => list.setFilter('action', value, true)}
        />
      </ListToolbar>
      {target_id ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Only entries about <code className="break-all">{target_id}</code>
          </span>
          <Button variant="outline" size="sm" onClick={() => list.setFilter('target_id', null)}>
            <X aria-hidden="true" />
            Show every target
          </Button>
        </p>
      ) : null}
      {audit.isError ? (
        <LoadError title="The audit log could not be loaded" query={audit} />
      ) : (
        <>
          <DataTable
            label="Audit log"
            columns={columns}
            rows={audit.data?.items}
            rowKey={(entry) => entry.id}
            {...tableSorting(list)}
            loading={audit.isPending}
            minWidth="60rem"
            empty={
              filtered ? (
                <NoMatches
                  what="entries"
                  onClear={() => list.setFilters({ actor: null, action: null, target_id: null })}
                />
              ) : (
                'Nothing has been done in the console yet.'
              )
            }
          />
          {audit.data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={audit.data.total}
              exact={audit.data.total_exact}
              shown={audit.data.items.length}
              onSkip={list.setSkip}
              noun="entries"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
