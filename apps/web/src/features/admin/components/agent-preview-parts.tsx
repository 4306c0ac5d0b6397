// The parts of the read-only preview of an agent's portal: where they land, the navigation they
// see, and their latest leads (opened read-only). Nothing here changes data.
import {
  homeFor,
  isOnboardingComplete,
  ONBOARDING_SECTIONS,
  onboardingProgress,
  type PortalMe,
  resolveRoute,
  sectionStatus,
} from '@portal/shared';
import { useState } from 'react';
import { LeadReadOnlySheet } from '@/components/leads/lead-readonly-sheet';
import { LeadRow, LeadsListSkeleton } from '@/components/leads/leads-list';
import { navigationFor } from '@/lib/navigation';
import { buildGuardSession } from '@/lib/portal-visibility';
import { useAdminLeads } from '../api/leads';
import { SIGNUP_STATUS_LABELS } from './admin-format';
import { AgentOnboarding } from './agent-record-parts';
import { LoadError } from './load-error';

const PAGE_NAMES: Record<string, string> = {
  '/onboarding': 'Onboarding',
  '/leads': 'Leads',
  '/rating': 'Rate the service (required before anything else)',
  '/admin': 'Console',
};

/** The page the agent sees first after signing in, as the router's own rules decide it. */
export function landingFor(me: PortalMe): { path: string; name: string } {
  const session = buildGuardSession({ status: 'user', me });
  const home = homeFor(session);
  const decision = resolveRoute(home, session);
  const path = decision.action === 'redirect' ? decision.to : home;
  const signupStep = path.startsWith('/signup/') ? path.slice('/signup/'.length) : null;
  const name = signupStep
    ? `Signup wizard: ${SIGNUP_STATUS_LABELS[signupStep as keyof typeof SIGNUP_STATUS_LABELS] ?? signupStep}`
    : (PAGE_NAMES[path] ?? path);
  return { path, name };
}

/** A picture of the agent's menu: labels only, so nothing here takes the superuser anywhere. */
export function PreviewNavigation({ me }: { me: PortalMe }) {
  const items = navigationFor({ status: 'user', me });
  return (
    <ul aria-label="Their navigation" className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item.to}
          className="rounded-md border border-border bg-background px-3 py-1.5 text-sm font-medium"
        >
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export function PreviewOnboarding({ me }: { me: PortalMe }) {
  const agent = me.agent_profile;
  if (!agent) return <p className="text-muted-foreground">This account has no agent record.</p>;
  return (
    <AgentOnboarding
      onboarding={{
        sections: ONBOARDING_SECTIONS.map((section) => ({
          section: section.id,
          title: section.title,
          status: sectionStatus(section, agent),
        })),
        percent: onboardingProgress(agent),
        complete: isOnboardingComplete(agent),
      }}
    />
  );
}

const LATEST = 10;

export function PreviewLeads({ agentId }: { agentId: string }) {
  const leads = useAdminLeads({ agent_id: agentId, limit: LATEST, skip: 0 });
  const [openId, setOpenId] = useState<string | null>(null);
  if (leads.isPending) return <LeadsListSkeleton />;
  if (leads.isError) return <LoadError title="Their leads could not be loaded" query={leads} />;
  if (leads.data.items.length === 0) return <p className="text-muted-foreground">No leads yet.</p>;
  const open = leads.data.items.find((lead) => lead.id === openId) ?? null;
  return (
    <>
      <ul aria-label="Their latest leads" className="grid gap-2">
        {leads.data.items.map((lead) => (
          <LeadRow key={lead.id} lead={lead} tab="all" isNew={false} onOpen={(lead) => setOpenId(lead.id)} />
        ))}
      </ul>
      <LeadReadOnlySheet lead={open} owner={open?.agent_name ?? undefined} onClose={() => setOpenId(null)} />
    </>
  );
}
