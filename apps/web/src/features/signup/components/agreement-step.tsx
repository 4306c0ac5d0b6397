import { type AgentRecord, SIGNING_DOCUMENT_STEPS, SIGNING_DOCUMENT_TITLES } from '@portal/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { AgreementPanel } from '@/components/agreements/agreement-panel';
import { FormError } from '@/components/form-error';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useStepSubmit } from '@/lib/use-step-submit';
import { cn } from '@/lib/utils';
import { currentWizardPage, WIZARD_TITLES } from '../utils/wizard-steps';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

const KIND = { serviceAgreement: 'service', masterAgreement: 'master' } as const;

/**
 * The agreement steps of the wizard: the agreement's panel (prepare, sign, the broker's turn,
 * the signed PDF), then Continue once it is signed by everyone (the server sets the step; the
 * shared rule and the server both refuse to move on before).
 */
export function AgreementStep({ page, agent }: { page: keyof typeof KIND; agent: AgentRecord }) {
  const kind = KIND[page];
  const save = useSaveStep(page, agent);
  const submit = useStepSubmit();
  const completed = agent.onboarding_steps[SIGNING_DOCUMENT_STEPS[kind]] === true;
  // An agent whose sign-up does not wait on this agreement has a step to get on with.
  const current = currentWizardPage(agent);
  const elsewhere = current && current !== page ? current : null;
  return (
    <div className="grid gap-6">
      <AgreementPanel kind={kind} agent={agent} brokerHref={paths.signupStep.href('brokerageInfo')} />
      {completed ? null : (
        <p className="text-sm text-muted-foreground">
          You can continue once the {SIGNING_DOCUMENT_TITLES[kind].toLowerCase()} is signed
          {kind === 'master' ? ' by you and your broker' : ''}.
        </p>
      )}
      {elsewhere && !completed ? (
        <p>
          <Link
            to={paths.signupStep.href(elsewhere)}
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'h-auto min-h-10 whitespace-normal text-left',
            )}
          >
            Go to your next step: {WIZARD_TITLES[elsewhere]}
            <ArrowRight aria-hidden="true" />
          </Link>
        </p>
      ) : null}
      <FormError message={submit.error} />
      <WizardActions
        page={page}
        agent={agent}
        pending={submit.pending}
        disabled={!completed}
        onContinue={() => void submit.run(() => save({}))}
      />
    </div>
  );
}
