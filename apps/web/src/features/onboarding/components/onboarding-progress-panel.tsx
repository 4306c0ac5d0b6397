import { type AgentRecord, isStepComplete, onboardingProgress } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CircleCheck, CircleDashed, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/components/agreements/agreement-format';
import { Progress } from '@/components/ui/progress';
import { type OnboardingPagePath, paths } from '@/config/paths';
import { agentDocument, agreementQueryOptions } from '@/lib/agreements-api';
import {
  ONBOARDING_ORDER,
  ONBOARDING_PAGE_COPY,
  ONBOARDING_PAGE_STEP,
  ONBOARDING_SECTIONS,
} from './onboarding-pages';

const MASTER_PAGE: OnboardingPagePath = 'agreements/master_referral_agreement';

/**
 * The master agreement's request when the agent has signed it and the broker has not: nothing
 * is left for the agent to do there but wait.
 */
function brokerToSign(agent: AgentRecord): string | null {
  if (isStepComplete('master_referral_agreement', agent)) return null;
  const record = agentDocument(agent, 'master');
  return record?.status === 'pending' && record.agent_status === 'signed' && record.broker_status !== 'signed'
    ? record.id
    : null;
}

/** The counted steps not done yet: a step waiting for the broker is one of them. */
const openSteps = (agent: AgentRecord) =>
  ONBOARDING_ORDER.filter((page) => {
    const step = ONBOARDING_PAGE_STEP[page];
    return step !== undefined && !isStepComplete(step, agent);
  });

/**
 * The first counted step after `page` (then from the start) that is not done yet and that the
 * agent can act on (not the master agreement while it waits for the broker), if any.
 */
export function nextOpenStep(page: OnboardingPagePath, agent: AgentRecord): OnboardingPagePath | null {
  const index = ONBOARDING_ORDER.indexOf(page);
  const order = [...ONBOARDING_ORDER.slice(index + 1), ...ONBOARDING_ORDER.slice(0, Math.max(index, 0))];
  const open = openSteps(agent);
  const waiting = brokerToSign(agent) !== null;
  return (
    order.find((candidate) => open.includes(candidate) && !(waiting && candidate === MASTER_PAGE)) ?? null
  );
}

/**
 * The master agreement waiting for the broker: who has it and since when (the agent's
 * signature), from the agreement's status (the agreement page asks for the same); the broker
 * of record from the profile until that status is known.
 */
function WaitingForBroker({
  requestId,
  agent,
  onPage,
}: {
  requestId: string;
  agent: AgentRecord;
  onPage: boolean;
}) {
  const status = useQuery(agreementQueryOptions(requestId)).data;
  const signers = status?.documents[0]?.signers ?? [];
  const broker = signers.find((signer) => signer.role === 'Broker');
  const since = signers.find((signer) => signer.role !== 'Broker')?.signed_at ?? null;
  const name = broker?.name || agent.broker_of_record?.name?.trim() || '';
  const email = broker?.email || agent.broker_of_record?.email?.trim() || '';
  const who = name ? `${name}${email ? ` (${email})` : ''}` : 'your broker of record';
  const rest = since ? `has been with ${who} since ${formatDate(since)}.` : `is with ${who} to sign.`;
  return (
    <div className="grid gap-1 border-t border-border pt-4">
      <p className="flex items-center gap-2 font-medium">
        <Clock aria-hidden="true" className="size-4 shrink-0 text-secondary" />
        Waiting for your broker's signature
      </p>
      {onPage ? (
        <p className="break-words text-muted-foreground">The master referral agreement {rest}</p>
      ) : (
        <p className="break-words text-muted-foreground">
          The <Link to={paths.onboardingPage.href(MASTER_PAGE)}>master referral agreement</Link> {rest}
        </p>
      )}
    </div>
  );
}

/**
 * Beside an onboarding step on wide screens (the content uses the width): how far the
 * whole onboarding is, each section's count of steps done, and what is left: the next step,
 * the broker's signature the master agreement waits for, or this page as the last step. It
 * says every step is done only when every step is. The figures are the shared rules'
 * (`onboardingProgress`, `isStepComplete`), as on the overview.
 */
export function OnboardingProgressPanel({ page, agent }: { page: OnboardingPagePath; agent: AgentRecord }) {
  const progress = onboardingProgress(agent);
  const next = nextOpenStep(page, agent);
  const waitingRequest = brokerToSign(agent);
  const open = openSteps(agent);
  return (
    <aside
      aria-labelledby="onboarding-progress-title"
      className="grid content-start gap-4 rounded-xl border border-border bg-card p-5 text-sm shadow-sm"
    >
      <div className="grid gap-2">
        <h2 id="onboarding-progress-title" className="font-semibold">
          Your onboarding
        </h2>
        <Progress value={progress} aria-label="Onboarding progress" />
        <p className="text-muted-foreground tabular-nums">{progress}% of the steps done</p>
      </div>
      <ul className="grid gap-2">
        {ONBOARDING_SECTIONS.map((section) => {
          const counted = section.pages.filter((candidate) => ONBOARDING_PAGE_STEP[candidate] !== undefined);
          const done = counted.filter((candidate) => isStepComplete(ONBOARDING_PAGE_STEP[candidate]!, agent));
          const complete = done.length === counted.length;
          const Icon = complete ? CircleCheck : CircleDashed;
          return (
            <li key={section.title} className="flex items-center gap-2">
              <Icon
                aria-hidden="true"
                className={complete ? 'size-4 text-primary' : 'size-4 text-muted-foreground'}
              />
              <span className="flex-1">{section.title}</span>
              <span className="text-muted-foreground tabular-nums">
                {done.length} of {counted.length}
                <span className="sr-only"> steps done</span>
              </span>
            </li>
          );
        })}
      </ul>
      {next ? (
        <div className="grid gap-1 border-t border-border pt-4">
          <p className="text-muted-foreground">Next step</p>
          <Link to={paths.onboardingPage.href(next)} className="inline-flex items-center gap-1 font-medium">
            {ONBOARDING_PAGE_COPY[next].title}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      ) : null}
      {waitingRequest ? (
        <WaitingForBroker requestId={waitingRequest} agent={agent} onPage={page === MASTER_PAGE} />
      ) : null}
      {open.length === 0 ? (
        <p className="border-t border-border pt-4 text-muted-foreground">Every step is done.</p>
      ) : !next && !waitingRequest ? (
        <p className="border-t border-border pt-4 text-muted-foreground">This is the last step left.</p>
      ) : null}
    </aside>
  );
}
