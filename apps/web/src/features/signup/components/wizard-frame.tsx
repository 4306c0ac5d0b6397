import type { AgentRecord } from '@portal/shared';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { previousWizardPage, WIZARD_TITLES, type WizardPage } from '../utils/wizard-steps';
import { WizardProgress } from './wizard-progress';

/**
 * The frame of every wizard page: the progress beside (or, on a phone, above) the page, its
 * title as the page's one h1, a line on why the step matters, then the step itself. The step
 * receives the agent record, which the route guard guarantees for these pages.
 */
export function WizardFrame({
  page,
  intro,
  children,
}: {
  page: WizardPage;
  intro: React.ReactNode;
  children: (agent: AgentRecord, email: string) => React.ReactNode;
}) {
  const title = WIZARD_TITLES[page];
  useDocumentTitle(title);
  const me = useAuth().me;
  const agent = me?.agent_profile;
  if (!me || !agent) return <PageLoading label="Loading your sign-up..." />;

  return (
    // Keyed by page: two pages built from the same components (the sms and email tests) must
    // not share what was typed or sent on the other.
    <div
      key={page}
      className="mx-auto grid w-full max-w-5xl items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10"
    >
      <WizardProgress page={page} agent={agent} />
      <div className="grid min-w-0 gap-6">
        <header className="grid gap-2">
          <p className="text-sm font-medium text-primary-text">Signing up</p>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <div className="grid gap-2 text-muted-foreground">{intro}</div>
        </header>
        {children(agent, me.email)}
      </div>
    </div>
  );
}

/** Back to the previous page (nothing is lost: the pages show what was saved) and Continue. */
export function WizardActions({
  page,
  agent,
  pending,
  continueLabel = 'Continue',
  continueVariant = 'default',
  onContinue,
  disabled,
  children,
}: {
  page: WizardPage;
  agent: AgentRecord;
  /** The Continue button's work is under way: it shows progress and cannot be pressed again. */
  pending?: boolean;
  continueLabel?: string;
  /** `outline` while the page's own buttons are the way forward (answering a question). */
  continueVariant?: 'default' | 'outline';
  /** Without it, Continue submits the form around it. */
  onContinue?: () => void;
  /** Continue cannot be used yet (the page says why). */
  disabled?: boolean;
  /** Extra buttons between Back and Continue. */
  children?: React.ReactNode;
}) {
  const previous = previousWizardPage(page, agent.signup_status);
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
      {previous ? (
        <Link to={paths.signupStep.href(previous)} className={cn(buttonVariants({ variant: 'outline' }))}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Link>
      ) : (
        <span />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {children}
        <Button
          type={onContinue ? 'button' : 'submit'}
          onClick={onContinue}
          variant={continueVariant}
          pending={pending}
          disabled={disabled}
          className="sm:min-w-32"
        >
          {continueLabel}
          {pending ? null : <ArrowRight aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
