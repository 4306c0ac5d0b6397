import type * as React from 'react';
import { LeadRoutingStatus } from '@/components/recipients/lead-routing-status';
import { RecipientManager } from '@/components/recipients/recipient-manager';
import { RoutingSummary } from '@/components/recipients/routing-summary';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CrmEmailForm } from '../components/crm-email-form';
import { SubagentsForm } from '../components/subagents-form';

/** The pages under /routing; RoutingSection has the h1 and shows them only to agents allowed. */

function PageHeader({ title, intro }: { title: string; intro: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="grid gap-2">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      <p className="max-w-3xl text-muted-foreground">{intro}</p>
    </div>
  );
}

export function RoutingRecipientsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Recipients"
        intro="Everyone who receives your leads and how each lead reaches them: by text message, e-mail and/or a phone call. You are always on the list; the primary agent is the one a lead is assigned to first."
      />
      <LeadRoutingStatus />
      {/* The table uses the width (it needs 900 px: beside a panel it would turn into cards). */}
      <RecipientManager title="Who receives your leads" titleLevel={3} />
      <RoutingSummary />
    </div>
  );
}

export function RoutingTeamMembersPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Team members"
        intro="The people on your team who receive your leads with you, and the sub-agents who work under you."
      />
      {/* Two columns from xl: the list adapts to its column (cards when narrow). */}
      <div className="grid gap-8 xl:grid-cols-2 xl:items-start">
        <RecipientManager scope="team" title="Team members who receive leads" titleLevel={3} />
        <section aria-labelledby="subagents-heading" className="grid min-w-0 gap-3">
          <div className="grid gap-1">
            <h3 id="subagents-heading" className="text-xl font-semibold tracking-tight">
              Sub-agents
            </h3>
            <p className="max-w-3xl text-sm text-muted-foreground">
              Agents who work under you, each with the tracking phone number their calls come in on. They do
              not receive leads from here; add them as team members for that.
            </p>
          </div>
          {agent ? <SubagentsForm agent={agent} /> : null}
        </section>
      </div>
    </div>
  );
}

export function RoutingCrmPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="CRM"
        intro="Send a copy of each new lead to your CRM, so it lands in your usual pipeline."
      />
      {agent ? <CrmEmailForm agent={agent} /> : null}
    </div>
  );
}
