import { isStepComplete, stepMarkProblem } from '@portal/shared';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '@/components/form-error';
import { Button, buttonVariants } from '@/components/ui/button';
import { type OnboardingPagePath, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { markStepError, useMarkStepDone } from '../api/mark-step-done';
import {
  ONBOARDING_ORDER,
  ONBOARDING_PAGE_COPY,
  ONBOARDING_PAGE_STEP,
  ONBOARDING_SECTIONS,
} from './onboarding-pages';
import { OnboardingProgressPanel } from './onboarding-progress-panel';
import { StepStatusBadge } from './step-status';

/** Where Continue leads from `page`: the next onboarding page, or the overview after the last. */
export function nextOnboardingHref(page: OnboardingPagePath): string {
  const index = ONBOARDING_ORDER.indexOf(page);
  const next = index >= 0 && index < ONBOARDING_ORDER.length - 1 ? ONBOARDING_ORDER[index + 1] : undefined;
  return next ? paths.onboardingPage.href(next) : paths.onboarding.href();
}

/**
 * Back to the previous onboarding page and on to the next (the overview at either end). On a page
 * whose step the agent confirms, Continue marks the step done first, once `beforeConfirm` (the
 * page's own check, which explains itself when it says no) allows it. Inside a page's form,
 * `submit` makes Continue that form's submit button: the form saves, then moves on itself.
 */
export function OnboardingPager({
  page,
  confirmStep,
  beforeConfirm,
  submit,
  quiet = false,
}: {
  page: OnboardingPagePath;
  confirmStep?: string;
  beforeConfirm?: () => boolean | Promise<boolean>;
  /** The step is not done yet: Continue steps back so the page's own action leads. */
  quiet?: boolean;
  submit?: { pending: boolean };
}) {
  const navigate = useNavigate();
  const markDone = useMarkStepDone();
  const agent = useAuth().me?.agent_profile ?? null;
  // Why the step could not be marked: next to the button, never a toast over it. What the rule
  // asks for first goes once it is done (a video uploaded); a failed save stays until the next try.
  const [failure, setFailure] = useState<{ rule: boolean; message: string } | null>(null);
  const error =
    failure?.rule && confirmStep && agent ? stepMarkProblem(confirmStep, agent) : (failure?.message ?? null);
  const index = ONBOARDING_ORDER.indexOf(page);
  const previous = index > 0 ? ONBOARDING_ORDER[index - 1] : undefined;
  const next = index >= 0 && index < ONBOARDING_ORDER.length - 1 ? ONBOARDING_ORDER[index + 1] : undefined;
  const link = cn(
    buttonVariants({ variant: 'outline' }),
    'h-auto min-h-10 max-w-full min-w-0 whitespace-normal text-left',
  );
  return (
    <div className="grid gap-4 border-t border-border pt-6">
      {confirmStep && !submit ? <FormError message={error} /> : null}
      <nav aria-label="Onboarding steps" className="flex flex-wrap justify-between gap-3">
        <Link to={previous ? paths.onboardingPage.href(previous) : paths.onboarding.href()} className={link}>
          <ArrowLeft aria-hidden="true" />
          {previous ? `Back to ${ONBOARDING_PAGE_COPY[previous].title}` : 'Back to the overview'}
        </Link>
        {submit ? (
          <Button
            type="submit"
            className="h-auto min-h-10 max-w-full min-w-0 whitespace-normal text-left"
            pending={submit.pending}
          >
            {next ? `Save and continue to ${ONBOARDING_PAGE_COPY[next].title}` : 'Save and continue'}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : confirmStep ? (
          <Button
            className="h-auto min-h-10 max-w-full min-w-0 whitespace-normal text-left"
            pending={markDone.isPending}
            onClick={async () => {
              setFailure(null);
              if (beforeConfirm && !(await beforeConfirm())) return;
              // What the shared rule asks for first (a video before the videos step), said at once.
              const problem = agent ? stepMarkProblem(confirmStep, agent) : null;
              if (problem) {
                setFailure({ rule: true, message: problem });
                return;
              }
              markDone.mutate(confirmStep, {
                onSuccess: () => navigate(next ? paths.onboardingPage.href(next) : paths.onboarding.href()),
                onError: (caught) => setFailure({ rule: false, message: markStepError(caught) }),
              });
            }}
          >
            {next
              ? `Mark done and continue to ${ONBOARDING_PAGE_COPY[next].title}`
              : 'Mark done and continue'}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : (
          <Link
            to={next ? paths.onboardingPage.href(next) : paths.onboarding.href()}
            className={cn(
              buttonVariants({ variant: quiet ? 'outline' : 'default' }),
              // It turns primary when the step completes: at once, never half-faded (contrast).
              'h-auto min-h-10 max-w-full min-w-0 whitespace-normal text-left transition-none',
            )}
          >
            {next ? `Continue to ${ONBOARDING_PAGE_COPY[next].title}` : 'Continue to the overview'}
            <ArrowRight aria-hidden="true" />
          </Link>
        )}
      </nav>
    </div>
  );
}

/**
 * The frame of an onboarding page: where it sits, its title and the step's status from the
 * shared rules, the page's own content, then Back and Continue.
 */
export function OnboardingStepLayout({
  page,
  intro,
  children,
  confirmStep,
  beforeConfirm,
  pager = true,
}: {
  page: OnboardingPagePath;
  intro: React.ReactNode;
  children: React.ReactNode;
  /** A step the agent confirms: Continue marks it done. */
  confirmStep?: string;
  /** Runs before the step is marked done; false stops Continue. */
  beforeConfirm?: () => boolean | Promise<boolean>;
  /** False when the page's form shows Back and Continue itself (OnboardingPager with `submit`). */
  pager?: boolean;
}) {
  const { title } = ONBOARDING_PAGE_COPY[page];
  useDocumentTitle(title);
  const agent = useAuth().me?.agent_profile ?? null;
  const section = ONBOARDING_SECTIONS.find((candidate) => candidate.pages.includes(page));
  const step = ONBOARDING_PAGE_STEP[page];
  return (
    // From xl, the step's progress and the next step sit beside the page.
    <div className="grid min-w-0 gap-8 xl:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="grid max-w-4xl min-w-0 content-start gap-6">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to={paths.onboarding.href()}>Onboarding</Link>
          {section ? <span className="text-muted-foreground"> / {section.title}</span> : null}
        </nav>
        <header className="grid gap-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {step && agent ? (
              <p className="flex items-center gap-2 text-sm">
                <span className="sr-only">Step status:</span>
                <StepStatusBadge done={isStepComplete(step, agent)} />
              </p>
            ) : null}
          </div>
          <div className="text-muted-foreground">{intro}</div>
        </header>
        {children}
        {pager ? (
          <OnboardingPager
            page={page}
            confirmStep={confirmStep}
            beforeConfirm={beforeConfirm}
            quiet={Boolean(step && agent && !isStepComplete(step, agent))}
          />
        ) : null}
      </div>
      {agent ? (
        <div className="hidden xl:block">
          <div className="sticky top-6">
            <OnboardingProgressPanel page={page} agent={agent} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
