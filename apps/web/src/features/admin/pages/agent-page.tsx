import { Eye } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatPhone } from '@/lib/format-phone';
import { useAdminAgent } from '../api/agents';
import { AGENT_STATUS_LABELS, AGENT_STATUS_TONE, SIGNUP_STATUS_LABELS } from '../components/admin-format';
import { AdminSection } from '../components/admin-section';
import { AgentBilling } from '../components/agent-billing';
import { AgentCapacityForm } from '../components/agent-capacity-form';
import { AgentOfficeForm } from '../components/agent-office-form';
import {
  AgentAgreements,
  AgentAuditHistory,
  AgentIdentity,
  AgentLatestLeads,
  AgentOnboarding,
  AgentRecipients,
} from '../components/agent-record-parts';
import { AgentSignupResetDialog } from '../components/agent-signup-reset-dialog';
import { AgentStatusChangeDialog } from '../components/agent-status-change-dialog';
import { AgentVisibility } from '../components/agent-visibility';
import { CellText } from '../components/data-table';
import { LoadError, Skeleton } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { StatusBadge } from '../components/status-badge';

function AgentPageSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only">Loading the agent…</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

const AGENT_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'office', label: 'Office settings' },
  { value: 'agreements', label: 'Agreements' },
  { value: 'billing', label: 'Billing' },
  { value: 'recipients', label: 'Lead recipients' },
  { value: 'leads', label: 'Leads' },
  { value: 'history', label: 'History' },
] as const;
type AgentTab = (typeof AGENT_TABS)[number]['value'];

/**
 * /admin/agents/:agentId: a header with who the agent is, their status, key facts and the
 * actions, then the record in tabs, each at its own address (?tab=office...; Overview has none).
 */
export function AdminAgentPage() {
  const { agentId = '' } = useParams();
  const query = useAdminAgent(agentId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AgentTab = AGENT_TABS.find((t) => t.value === asked)?.value ?? 'overview';

  if (query.isPending) return <AgentPageSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="grid gap-4">
        <AdminPageHeader title={missing ? 'Agent not found' : 'Agent'} />
        {missing ? (
          <p>
            No agent has this address. <Link to={paths.adminAgents.href()}>Search the agents</Link>.
          </p>
        ) : (
          <LoadError title="The agent could not be loaded" query={query} />
        )}
      </div>
    );
  }

  const detail = query.data;
  const { agent } = detail;
  const name = agent.agent || agent.agent_email || 'This agent';
  const { counts } = detail.leads;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to={paths.adminAgents.href()}>← All agents</Link>
      </p>
      <header className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
        <AdminPageHeader
          title={name}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <StatusBadge tone={AGENT_STATUS_TONE[agent.agent_status]}>
                {AGENT_STATUS_LABELS[agent.agent_status]}
              </StatusBadge>
              <span>Signup step: {SIGNUP_STATUS_LABELS[agent.signup_status]}</span>
            </span>
          }
          actions={
            <>
              <AgentStatusChangeDialog detail={detail} name={name} />
              <AgentSignupResetDialog detail={detail} name={name} />
              <Button variant="outline" asChild>
                <Link to={paths.adminAgentPreview.href(agent.id)}>
                  <Eye aria-hidden="true" />
                  Preview what the agent sees
                </Link>
              </Button>
            </>
          }
        />
        <dl aria-label="Key facts" className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-4">
          {(
            [
              [
                'E-mail',
                agent.agent_email ? (
                  <CellText key="email" text={agent.agent_email} className="max-w-full" />
                ) : (
                  '—'
                ),
              ],
              ['Phone', agent.agent_phone ? formatPhone(agent.agent_phone) : '—'],
              ['Brokerage', agent.brokerage || '—'],
              [
                'Leads',
                `${formatCount(counts.active)} active · ${formatCount(counts.archived)} archived · ${formatCount(counts.closed)} closed`,
              ],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="grid min-w-0 gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0">{value}</dd>
            </div>
          ))}
        </dl>
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'overview' ? {} : { tab: value })}>
        {/* One line of tabs: it scrolls sideways on a phone; arrow keys move between them. */}
        <TabsList
          aria-label="Agent record"
          className="-mx-4 w-auto justify-start rounded-none px-4 sm:mx-0 sm:w-fit sm:rounded-lg sm:px-1"
        >
          {AGENT_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="grid gap-6 lg:grid-cols-2">
          <AdminSection title="Identity and contact" className="h-full">
            <AgentIdentity detail={detail} />
          </AdminSection>
          <AdminSection title="Onboarding" className="h-full">
            <AgentOnboarding onboarding={detail.onboarding} />
          </AdminSection>
        </TabsContent>
        <TabsContent value="office" className="grid gap-6">
          <AdminSection
            title="Portal visibility"
            description="Which pages the agent sees. Default follows the office's setting; a change is saved at once."
          >
            <AgentVisibility agent={agent} />
          </AdminSection>
          <AdminSection
            title="Leads and capacity"
            description="Pause and caps as routing reads them. The agent pauses and sets a lower cap of their own."
          >
            <AgentCapacityForm agent={agent} />
          </AdminSection>
          <AdminSection
            title="Office fields"
            description="What the office keeps about the agent; the agent cannot change these."
          >
            <AgentOfficeForm agent={agent} />
          </AdminSection>
        </TabsContent>
        <TabsContent value="agreements">
          <AdminSection title="Agreements">
            <AgentAgreements detail={detail} />
          </AdminSection>
        </TabsContent>
        <TabsContent value="billing">
          <AgentBilling agentId={agent.id} name={name} fileStem={agent.agent_uri || agent.id} />
        </TabsContent>
        <TabsContent value="recipients">
          <AdminSection title="Lead recipients" description="Who receives the agent's leads, and how.">
            <AgentRecipients recipients={detail.recipients} />
          </AdminSection>
        </TabsContent>
        <TabsContent value="leads">
          <AdminSection title="Latest leads">
            <AgentLatestLeads detail={detail} />
          </AdminSection>
        </TabsContent>
        <TabsContent value="history">
          <AdminSection
            title="Audit history"
            description="The latest 50 changes made to this agent, status changes with their reasons."
          >
            <AgentAuditHistory entries={detail.audit} />
          </AdminSection>
        </TabsContent>
      </Tabs>
    </div>
  );
}
