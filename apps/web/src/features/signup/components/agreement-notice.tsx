import type { AgentRecord } from '@portal/shared';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { currentWizardPage, previousWizardPage, WIZARD_TITLES } from '../utils/wizard-steps';

const AGREEMENTS = {
  serviceAgreement: {
    what: 'the service agreement for the advertising we run for you, which you sign as the Advertiser',
  },
  masterAgreement: {
    what: 'the master referral agreement, which you sign as the Agent and your broker of record then signs as the Broker',
  },
} as const;

/**
 * The agreement steps. They are signed by e-signature, which the portal cannot do yet, so the
 * page says so and what happens instead; nothing here pretends to sign.
 */
export function AgreementNotice({ page, agent }: { page: keyof typeof AGREEMENTS; agent: AgentRecord }) {
  const previous = previousWizardPage(page, agent.signup_status);
  // An agent whose sign-up does not wait on this agreement has a step to get on with.
  const current = currentWizardPage(agent);
  const next = current && current !== page ? current : null;
  return (
    <div className="grid gap-6">
      <Card>
        <CardTitle>What this step is</CardTitle>
        <CardContent>
          <p>This step is {AGREEMENTS[page].what}.</p>
        </CardContent>
      </Card>
      <Alert variant="info">
        <AlertTitle>E-signature is not available in the portal yet</AlertTitle>
        <AlertDescription>
          <p>
            Agreements are signed with the portal's e-signature feature, which is not available yet. You do
            not need to do anything here now: the office will contact you to sign it.
          </p>
          <p>
            {next
              ? 'Meanwhile, carry on with your sign-up.'
              : 'Your sign-up waits for this agreement. You can log out and come back later; nothing you have done so far is lost.'}
          </p>
        </AlertDescription>
      </Alert>
      {previous || next ? (
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:justify-between">
          {previous ? (
            <Link to={paths.signupStep.href(previous)} className={buttonVariants({ variant: 'outline' })}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={paths.signupStep.href(next)}
              className={cn(buttonVariants(), 'h-auto min-h-10 whitespace-normal text-left')}
            >
              Go to your next step: {WIZARD_TITLES[next]}
              <ArrowRight aria-hidden="true" />
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
