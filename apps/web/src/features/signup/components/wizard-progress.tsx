import { type AgentRecord, signupProgress } from '@portal/shared';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import {
  currentWizardPage,
  WIZARD_TITLES,
  type WizardPage,
  type WizardPageState,
  wizardPageState,
  wizardPagesFor,
} from '../utils/wizard-steps';

const STATE_WORDS: Record<WizardPageState, string> = {
  done: 'done',
  current: 'to do now',
  upcoming: 'not yet',
};

function StepMarker({ state, number }: { state: WizardPageState; number: number }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
        state === 'done' && 'border-primary bg-primary text-primary-foreground',
        state === 'current' &&
          'border-secondary bg-secondary-soft text-secondary-hover ring-2 ring-secondary/30',
        state === 'upcoming' && 'border-border bg-background text-muted-foreground',
      )}
    >
      {state === 'done' ? <Check className="size-3.5" strokeWidth={3} /> : number}
    </span>
  );
}

/**
 * Where the agent is in the wizard: "Step N of M" for the page shown, the share of the wizard
 * done, and every step marked done, to do now or not yet. Steps reached so far are links, so
 * the agent can go back to any of them. On a phone the list folds away behind a button.
 */
export function WizardProgress({ page, agent }: { page: WizardPage; agent: AgentRecord }) {
  const pages = wizardPagesFor(agent.signup_status);
  const index = pages.indexOf(page);
  // The same pages as the ticks below: personalInfo is reached once the address is saved.
  const percent = signupProgress(agent.signup_status, {
    addressSaved: currentWizardPage(agent) === 'personalInfo',
  });
  const [open, setOpen] = useState(false);
  const listId = useId();
  const labelId = useId();

  return (
    <nav
      aria-label="Sign-up steps"
      className="grid content-start gap-3 rounded-xl border border-border bg-card p-4 lg:sticky lg:top-6"
    >
      <div className="grid gap-2">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm tabular-nums">
          {index >= 0 ? (
            <span className="font-semibold">
              Step {index + 1} of {pages.length}
            </span>
          ) : null}
          <span id={labelId} className="text-muted-foreground">
            {percent}% of sign-up done
          </span>
        </p>
        <Progress value={percent} aria-labelledby={labelId} />
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center justify-between gap-2 rounded-md py-1 text-sm font-medium text-primary-text outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:hidden"
      >
        {open ? 'Hide the steps' : 'Show all steps'}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ol id={listId} className={cn('gap-1', open ? 'grid' : 'hidden', 'lg:grid')}>
        {pages.map((candidate, position) => {
          const state = wizardPageState(candidate, agent);
          const viewing = candidate === page;
          const title = WIZARD_TITLES[candidate];
          const content = (
            <>
              <StepMarker state={state} number={position + 1} />
              <span className="min-w-0">
                {title} <span className="sr-only">({STATE_WORDS[state]})</span>
              </span>
            </>
          );
          const row = cn(
            'flex items-center gap-3 rounded-md px-2 py-1.5 text-sm no-underline',
            viewing && 'bg-muted font-semibold',
          );
          return (
            <li key={candidate} data-state={state}>
              {state === 'upcoming' ? (
                <span className={cn(row, 'text-muted-foreground')}>{content}</span>
              ) : (
                <Link
                  to={paths.signupStep.href(candidate)}
                  aria-current={viewing ? 'step' : undefined}
                  className={cn(row, 'text-foreground hover:bg-muted')}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
