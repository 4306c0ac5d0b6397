import { Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAdminAgent } from '../api/agents';
import { AGENT_STATUS_LABELS, AGENT_STATUS_TONE, SIGNUP_STATUS_LABELS } from '../components/admin-format';
import { AdminSection } from '../components/admin-section';
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

/** /admin/agents/:agentId: the agent's whole record, what the office changes, and its history. */
export function AdminAgentPage() {
  const { agentId = '' } = useParams();
  const query = useAdminAgent(agentId);

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
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to={paths.adminAgents.href()}>← All agents</Link>
      </p>
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
          <Button variant="outline" asChild>
            <Link to={paths.adminAgentPreview.href(agent.id)}>
              <Eye aria-hidden="true" />
              Preview what the agent sees
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection title="Identity and contact" className="h-full">
          <AgentIdentity detail={detail} />
        </AdminSection>
        <div className="grid content-start gap-6">
          <AdminSection
            title="Status"
            description="Every change needs a reason; it is kept in the audit history below."
          >
            <p>
              The agent is <strong>{AGENT_STATUS_LABELS[agent.agent_status].toLowerCase()}</strong> and at the
              signup step <strong>{SIGNUP_STATUS_LABELS[agent.signup_status]}</strong>.
            </p>
            <div className="flex flex-wrap gap-2">
              <AgentStatusChangeDialog detail={detail} name={name} />
              <AgentSignupResetDialog detail={detail} name={name} />
            </div>
          </AdminSection>
          <AdminSection title="Onboarding">
            <AgentOnboarding onboarding={detail.onboarding} />
          </AdminSection>
        </div>
      </div>
      <AdminSection
        title="Portal visibility"
        description="Which pages the agent sees. Default follows the office's setting; a change is saved at once."
      >
        <AgentVisibility agent={agent} />
      </AdminSection>
      <AdminSection
        title="Office fields"
        description="What the office keeps about the agent; the agent cannot change these."
      >
        <AgentOfficeForm agent={agent} />
      </AdminSection>
      <AdminSection title="Agreements">
        <AgentAgreements detail={detail} />
      </AdminSection>
      <AdminSection title="Lead recipients" description="Who receives the agent's leads, and how.">
        <AgentRecipients recipients={detail.recipients} />
      </AdminSection>
      <AdminSection title="Latest leads">
        <AgentLatestLeads detail={detail} />
      </AdminSection>
      <AdminSection title="Audit history" description="The latest 50 changes made to this agent.">
        <AgentAuditHistory entries={detail.audit} />
      </AdminSection>
    </div>
  );
}
