import { AGENT_STATUSES } from '@portal/shared';
import { AlertTriangle, Clock, Inbox, Ticket, UserPlus } from 'lucide-react';
import { paths } from '@/config/paths';
import { useAdminOverview } from '../api/overview';
import { AGENT_STATUS_LABELS } from '../components/admin-format';
import { FigureCard } from '../components/figure-card';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** /admin: the figures an operations team checks first, each a way into the list behind it. */
export function AdminOverviewPage() {
  const overview = useAdminOverview();
  const data = overview.data;
  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Overview"
        description="What needs attention today. Each figure opens the list behind it."
      />
      {overview.isError ? <LoadError title="The figures could not be loaded" query={overview} /> : null}
      <section aria-labelledby="overview-work" className="grid gap-3">
        <h2 id="overview-work" className="text-lg font-semibold">
          Waiting for someone
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <FigureCard
            label="Unassigned leads"
            value={data?.unassigned_leads}
            to={withQuery(paths.adminLeads.href(), { unassigned: 'true' })}
            hint="No agent serves their ZIP code: assign them by hand."
            icon={UserPlus}
            attention={(data?.unassigned_leads ?? 0) > 0}
          />
          <FigureCard
            label="Failed messages"
            value={data?.messages_failed}
            to={withQuery(paths.adminMessages.href(), { status: 'failed' })}
            hint="Texts, e-mails and calls that could not be delivered."
            icon={AlertTriangle}
            attention={(data?.messages_failed ?? 0) > 0}
          />
          <FigureCard
            label="Queued messages"
            value={data?.messages_queued}
            to={withQuery(paths.adminMessages.href(), { status: 'queued' })}
            hint="Waiting to be sent."
            icon={Clock}
          />
          <FigureCard
            label="Leads today"
            value={data?.leads_today}
            to={paths.adminLeads.href()}
            icon={Inbox}
          />
          <FigureCard
            label="Active access codes"
            value={data?.access_codes_active}
            to={paths.adminAccessCodes.href()}
            icon={Ticket}
          />
        </div>
      </section>
      <section aria-labelledby="overview-agents" className="grid gap-3">
        <h2 id="overview-agents" className="text-lg font-semibold">
          Agents by status
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {AGENT_STATUSES.map((status) => (
            <FigureCard
              key={status}
              label={AGENT_STATUS_LABELS[status]}
              value={data ? (data.agents[status] ?? 0) : undefined}
              to={withQuery(paths.adminAgents.href(), { status })}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
