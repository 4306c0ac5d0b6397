import { ADMIN_AGENT_SORTS, type AdminAgentRow, AGENT_STATUSES, SIGNUP_STATUSES } from '@portal/shared';
import { formatCount, formatDateTime } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { formatPhone } from '@/lib/format-phone';
import { useAdminAgents } from '../api/agents';
import {
  AGENT_STATUS_LABELS,
  AGENT_STATUS_OPTIONS,
  AGENT_STATUS_TONE,
  SIGNUP_STATUS_LABELS,
  SIGNUP_STATUS_OPTIONS,
} from '../components/admin-format';
import { CellText, type Column, DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { ListToolbar, NoMatches } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { StatusBadge } from '../components/status-badge';
import { listQuery, useListParams } from '../components/use-list-params';

type SortKey = (typeof ADMIN_AGENT_SORTS)[number];
type ColumnKey = SortKey | 'phone' | 'zips' | 'leads';

const COLUMNS: Column<AdminAgentRow, ColumnKey>[] = [
  {
    key: 'name',
    label: 'Agent',
    sortable: true,
    nowrap: true,
    render: (agent) => (
      <span className="grid">
        <span>{agent.name || 'No name yet'}</span>
        {agent.brokerage ? (
          <span className="font-normal text-muted-foreground">{agent.brokerage}</span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'email',
    label: 'E-mail',
    sortable: true,
    render: (agent) => <CellText text={agent.email} />,
  },
  {
    key: 'phone',
    label: 'Phone',
    nowrap: true,
    render: (agent) => (agent.phone ? formatPhone(agent.phone) : '—'),
  },
  {
    key: 'agent_status',
    label: 'Status',
    sortable: true,
    render: (agent) => (
      <StatusBadge tone={AGENT_STATUS_TONE[agent.agent_status]}>
        {AGENT_STATUS_LABELS[agent.agent_status]}
      </StatusBadge>
    ),
  },
  {
    key: 'signup_status',
    label: 'Signup step',
    sortable: true,
    nowrap: true,
    render: (agent) => SIGNUP_STATUS_LABELS[agent.signup_status],
  },
  {
    key: 'zips',
    label: 'ZIP codes',
    numeric: true,
    hideBelow: '2xl',
    render: (agent) => formatCount(agent.zip_count),
  },
  {
    key: 'leads',
    label: 'Leads (30 days)',
    numeric: true,
    nowrap: true,
    render: (agent) => formatCount(agent.leads_last_30_days),
  },
  {
    key: 'created_at',
    label: 'Joined',
    sortable: true,
    render: (agent) => <time dateTime={agent.created_at}>{formatDateTime(agent.created_at)}</time>,
  },
];

const FILTERS = ['status', 'signup_status'] as const;

/** Only values the server accepts reach the query: a hand-edited address cannot break the page. */
const oneOf = (values: readonly string[], value: string) => (values.includes(value) ? value : '');

/** /admin/agents: every agent, searchable, filterable and sortable on the server. */
export function AdminAgentsPage() {
  const list = useListParams<SortKey, (typeof FILTERS)[number]>({
    sorts: ADMIN_AGENT_SORTS,
    filters: FILTERS,
    defaults: { sort: 'created_at', order: 'desc' },
  });
  const filters = {
    status: oneOf(AGENT_STATUSES, list.filters.status),
    signup_status: oneOf(SIGNUP_STATUSES, list.filters.signup_status),
  };
  const agents = useAdminAgents(listQuery({ ...list, filters }));
  const filtered = Boolean(list.q || filters.status || filters.signup_status);

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Agents"
        description="Every agent of the network. Open one to see and change the whole record."
      />
      <ListToolbar>
        <SearchBox
          label="Search agents"
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Name, e-mail, phone or ZIP"
        />
        <FilterSelect
          label="Agent status"
          allLabel="All statuses"
          value={filters.status}
          onChange={(value) => list.setFilter('status', value)}
          options={AGENT_STATUS_OPTIONS}
        />
        <FilterSelect
          label="Signup step"
          allLabel="All signup steps"
          value={filters.signup_status}
          onChange={(value) => list.setFilter('signup_status', value)}
          options={SIGNUP_STATUS_OPTIONS}
        />
      </ListToolbar>
      {agents.isError ? (
        <LoadError title="The agents could not be loaded" query={agents} />
      ) : (
        <DataTable
          label="Agents"
          columns={COLUMNS}
          rows={agents.data?.items}
          rowKey={(agent) => agent.id}
          rowHref={(agent) => paths.adminAgent.href(agent.id)}
          sort={list.sort}
          order={list.order}
          onSort={(key, first) => list.toggleSort(key as SortKey, first)}
          loading={agents.isPending}
          empty={
            filtered ? (
              <NoMatches
                what="agents"
                onClear={() => list.setFilters({ q: null, status: null, signup_status: null })}
              />
            ) : (
              'No agents yet. Agents appear here once they sign up with an access code.'
            )
          }
        />
      )}
      {agents.data ? (
        <Pager
          skip={list.skip}
          limit={list.limit}
          total={agents.data.total}
          onSkip={list.setSkip}
          noun="agents"
        />
      ) : null}
    </div>
  );
}
