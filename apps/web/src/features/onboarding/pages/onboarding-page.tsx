import {
  type AgentRecord,
  isStepComplete,
  onboardingProgress,
  ONBOARDING_SECTIONS as SECTION_RULES,
  type SectionStatus,
  sectionStatus,
} from '@portal/shared';
import { Link } from 'react-router';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  ONBOARDING_PAGE_COPY,
  ONBOARDING_PAGE_STEP,
  ONBOARDING_SECTIONS,
} from '../components/onboarding-pages';
import { NoAgentProfile } from '../components/step-notes';
import { SectionStatusBadge, StepStatusBadge } from '../components/step-status';

type Section = (typeof ONBOARDING_SECTIONS)[number];

/** The shared rules decide a section's status; Agreements, not one of them, counts its own steps. */
function statusOf(section: Section, agent: AgentRecord): { status: SectionStatus; counted: string[] } {
  const rule = SECTION_RULES.find((candidate) => candidate.title === section.title);
  if (rule) return { status: sectionStatus(rule, agent), counted: [...rule.steps] };
  const steps = section.pages.flatMap((page) => ONBOARDING_PAGE_STEP[page] ?? []);
  const done = steps.filter((step) => isStepComplete(step, agent)).length;
  const status = done === steps.length ? 'completed' : done > 0 ? 'in_progress' : 'not_started';
  return { status, counted: steps };
}

function SectionCard({ section, agent }: { section: Section; agent: AgentRecord }) {
  const { status, counted } = statusOf(section, agent);
  return (
    <Card className="gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{section.title}</CardTitle>
        <p className="text-sm">
          <span className="sr-only">Section status:</span> <SectionStatusBadge status={status} />
        </p>
      </div>
      <ul aria-label={`${section.title} steps`} className="grid gap-2">
        {section.pages.map((page) => {
          const step = ONBOARDING_PAGE_STEP[page];
          const counts = step !== undefined && counted.includes(step);
          return (
            <li key={page} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <Link to={paths.onboardingPage.href(page)}>{ONBOARDING_PAGE_COPY[page].title}</Link>
              {counts ? (
                <StepStatusBadge done={isStepComplete(step, agent)} className="ml-auto" />
              ) : (
                <span className="ml-auto text-xs text-muted-foreground">Guidance</span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const agent = useAuth().me?.agent_profile ?? null;
  const progress = agent ? onboardingProgress(agent) : 0;
  return (
    <div className="grid max-w-4xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Onboarding</h1>
        <p className="text-muted-foreground">
          Everything we need from you before your advertising goes live.
        </p>
      </div>
      {agent?.agent_status === 'active' ? (
        <Card className="gap-2 border-primary/40 bg-primary-soft">
          <CardTitle>Your account is active</CardTitle>
          <CardContent>
            <p>
              Seller leads in your service area now reach you and the people on your routing list.{' '}
              <Link to={paths.leads.href()}>Go to your leads</Link>. You can still change anything below.
            </p>
          </CardContent>
        </Card>
      ) : null}
      {agent ? (
        <>
          <Card className="gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <CardTitle>Your progress</CardTitle>
              <p className="text-sm font-medium tabular-nums">{progress}% of the steps done</p>
            </div>
            <Progress value={progress} aria-label="Onboarding progress" />
          </Card>
          <div className="grid gap-4 sm:grid-cols-2">
            {ONBOARDING_SECTIONS.map((section) => (
              <SectionCard key={section.title} section={section} agent={agent} />
            ))}
          </div>
        </>
      ) : (
        <NoAgentProfile />
      )}
      <Card className="bg-secondary-soft">
        <CardTitle>How onboarding works</CardTitle>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5">
            <li>
              Some steps complete themselves from what you enter: Headshots and Branding once your files are
              in, Broker of record once your broker's details and billing contact are saved, E&amp;O insurance
              once your certificate and expiry date are in (or you say you have none), Lead routing once
              someone besides you receives your leads.
            </li>
            <li>
              The others you confirm with the Continue button at the bottom of their page, after giving what
              the page asks for (your team, your service area, your licences, the scripts).
            </li>
            <li>
              When every section is completed and both agreements are signed, your account becomes active and
              leads in your service area start reaching you. You sign both agreements here in the portal: the
              service agreement yourself, the master referral agreement with your broker of record, who gets a
              link by e-mail to co-sign it.
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
