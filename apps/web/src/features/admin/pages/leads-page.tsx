import type { AdminLead } from '@portal/shared';
import { FileUp, ListFilter, X } from 'lucide-react';
import { Link } from 'react-router';
import { LeadTypeBadge } from '@/components/leads/lead-badges';
import { leadAddress, leadName } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatPhone } from '@/lib/format-phone';
import { useAdminLeads } from '../api/leads';
import { labelOf, ROUTING_DECISION_LABELS } from '../components/admin-format';
import { CellText, type Column, DataTable } from '../components/data-table';
import { LeadAssignDialog } from '../components/lead-assign-dialog';
import { ListToolbar, NoMatches } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { StatusBadge } from '../components/status-badge';
import { listQuery, tableSorting, useListParams } from '../components/use-list-params';
import { formatWhen } from '../components/when';

const ROUTING_TONE = { assigned: 'success', unassigned: 'warning', manual: 'info' } as const;

function columns(onAgent: (lead: AdminLead) => void): Column<AdminLead>[] {
  return [
    {
      key: 'lead',
      label: 'Lead',
      render: (lead) => (
        <span className="grid gap-1">
          <span className="font-medium">{leadName(lead)}</span>
          {lead.phone ? (
            <span className="whitespace-nowrap text-muted-foreground">{formatPhone(lead.phone)}</span>
          ) : null}
          {lead.email ? <CellText text={lead.email} className="text-muted-foreground" /> : null}
          <span>
            <LeadTypeBadge type={lead.lead_type} />
          </span>
        </span>
      ),
    },
    { key: 'address', label: 'Property', render: (lead) => leadAddress(lead) },
    {
      key: 'agent',
      label: 'Agent',
      render: (lead) =>
        lead.agent_id ? (
          <span className="flex items-center gap-1">
            <Link to={paths.adminAgent.href(lead.agent_id)} className="whitespace-nowrap">
              {lead.agent_name ?? 'Agent'}
            </Link>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Only ${lead.agent_name ?? 'this agent'}'s leads`}
              onClick={() => onAgent(lead)}
            >
              <ListFilter aria-hidden="true" />
            </Button>
            <LeadAssignDialog lead={lead} />
          </span>
        ) : (
          <LeadAssignDialog lead={lead} />
        ),
    },
    {
      key: 'routing',
      label: 'Routing',
      render: (lead) =>
        lead.routing ? (
          <span className="grid gap-1">
            <StatusBadge tone={ROUTING_TONE[lead.routing.decision]} className="w-fit">
              {labelOf(ROUTING_DECISION_LABELS, lead.routing.decision)}
            </StatusBadge>
            <span className="text-muted-foreground">{lead.routing.reason}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">Not routed</span>
        ),
      className: 'min-w-56',
    },
    {
      key: 'created_at',
      sortable: true,
      label: 'Received',
      render: (lead) => (
        <span className="grid">
          <time dateTime={lead.created_at}>{formatWhen(lead.created_at)}</time>
          <span className="text-muted-foreground">{lead.source}</span>
        </span>
      ),
    },
  ];
}

const VIEWS = [
  { value: '', label: 'All leads' },
  { value: 'true', label: 'Unassigned' },
] as const;

/** /admin/leads: every lead, or the ones no agent serves, with a way to assign them by hand. */
export function AdminLeadsPage() {
  const list = useListParams<string, 'unassigned' | 'agent_id'>({
    filters: ['unassigned', 'agent_id'],
    sorts: ['created_at'],
    defaults: { sort: 'created_at', order: 'desc' },
  });
  const unassigned = list.filters.unassigned === 'true';
  const agentId = list.filters.agent_id;
  const leads = useAdminLeads(
    listQuery({ ...list, filters: { unassigned: unassigned ? 'true' : '', agent_id: agentId } }),
  );
  const agentName = agentId ? leads.data?.items.find((lead) => lead.agent_id === agentId)?.agent_name : null;

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Leads"
        description="Every lead the network received, with how it was routed. Leads nobody serves wait under Unassigned."
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.adminLeadsImport.href()}>
              <FileUp aria-hidden="true" />
              Import a CSV file
            </Link>
          </Button>
        }
      />
      <fieldset className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
        <legend className="sr-only">Which leads</legend>
        {VIEWS.map((view) => {
          const pressed = (view.value === 'true') === unassigned;
          return (
            <Button
              key={view.label}
              size="sm"
              variant={pressed ? 'outline' : 'ghost'}
              aria-pressed={pressed}
              onClick={() =>
                list.setFilters({ unassigned: view.value || null, agent_id: view.value ? null : agentId })
              }
            >
              {view.label}
            </Button>
          );
        })}
      </fieldset>
      <ListToolbar>
        <SearchBox
          label="Search leads"
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Name, phone or address"
        />
        {agentId && !unassigned ? (
          <div className="flex items-center gap-2 self-end rounded-md border border-border bg-background px-3 py-2 text-sm">
            <span>
              Agent: <strong>{agentName ?? 'this agent'}</strong>
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              onClick={() => list.setFilter('agent_id', null)}
            >
              <X aria-hidden="true" />
              <span className="sr-only">Show every agent's leads</span>
            </Button>
          </div>
        ) : null}
      </ListToolbar>
      {leads.isError ? (
        <LoadError title="The leads could not be loaded" query={leads} />
      ) : (
        <DataTable
          label={unassigned ? 'Unassigned leads' : 'Leads'}
          columns={columns((lead) => list.setFilters({ agent_id: lead.agent_id, unassigned: null }))}
          rows={leads.data?.items}
          rowKey={(lead) => lead.id}
          {...tableSorting(list)}
          loading={leads.isPending}
          minWidth="56rem"
          empty={
            list.q || agentId ? (
              <NoMatches what="leads" onClear={() => list.setFilters({ q: null, agent_id: null })} />
            ) : unassigned ? (
              'No unassigned leads: every lead has an agent.'
            ) : (
              'No leads yet.'
            )
          }
        />
      )}
      {leads.data ? (
        <Pager
          skip={list.skip}
          limit={list.limit}
          total={leads.data.total}
          exact={leads.data.total_exact}
          shown={leads.data.items.length}
          onSkip={list.setSkip}
          noun="leads"
        />
      ) : null}
    </div>
  );
}
