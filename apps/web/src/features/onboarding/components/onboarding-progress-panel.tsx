import { type AgentRecord, isStepComplete, onboardingProgress } from '@portal/shared';
import { ArrowRight, CircleCheck, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { Progress } from '@/components/ui/progress';
import { type OnboardingPagePath, paths } from '@/config/paths';
import {
  ONBOARDING_ORDER,
  ONBOARDING_PAGE_COPY,
  ONBOARDING_PAGE_STEP,
  ONBOARDING_SECTIONS,
} from './onboarding-pages';

/** The first counted step after `page` (then from the start) that is not done yet, if any. */
export function nextOpenStep(page: OnboardingPagePath, agent: AgentRecord): OnboardingPagePath | null {
  const index = ONBOARDING_ORDER.indexOf(page);
  const order = [...ONBOARDING_ORDER.slice(index + 1), ...ONBOARDING_ORDER.slice(0, Math.max(index, 0))];
  return (
    order.find((candidate) => {
      const step = ONBOARDING_PAGE_STEP[candidate];
      return step !== undefined && !isStepComplete(step, agent);
    }) ?? null
  );
}

/**
 * Beside an onboarding step on wide screens (issue #18: content using the width): how far the
 * whole onboarding is, each section's count of steps done, and where to go next. The figures
 * are the shared rules' (`onboardingProgress`, `isStepComplete`), as on the overview.
 */
export function OnboardingProgressPanel({ page, agent }: { page: OnboardingPagePath; agent: AgentRecord }) {
  const progress = onboardingProgress(agent);
  const next = nextOpenStep(page, agent);
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
      ) : (
        <p className="border-t border-border pt-4 text-muted-foreground">Every step is done.</p>
      )}
    </aside>
  );
}
