import type { SigningDocumentKind, SignResult } from '@portal/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/components/agreements/agreement-format';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

const AGREEMENT_PAGES = {
  service: { onboarding: 'agreements/service_agreement', signup: 'serviceAgreement' },
  master: { onboarding: 'agreements/master_referral_agreement', signup: 'masterAgreement' },
} as const satisfies Record<SigningDocumentKind, { onboarding: string; signup: string }>;

/** After signing: what happened, who signs next, and the way back for an agent signed in. */
export function SignDone({
  title,
  kind,
  result,
}: {
  title: string;
  kind: SigningDocumentKind;
  result: SignResult;
}) {
  useDocumentTitle(`You signed the ${title}`);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const agent = useAuth().me?.agent_profile ?? null;
  const back = agent
    ? agent.signup_status === 'complete'
      ? paths.onboardingPage.href(AGREEMENT_PAGES[kind].onboarding)
      : paths.signupStep.href(AGREEMENT_PAGES[kind].signup)
    : null;
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 py-10 text-center">
      <CircleCheck className="size-12 text-primary" aria-hidden="true" />
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
        You signed the {title}
      </h1>
      <p className="text-muted-foreground">Signed on {formatDateTime(result.signed_at)}.</p>
      {result.next_signer ? (
        <p className="text-lg">
          {result.next_signer.name} ({result.next_signer.role}) signs next; we have e-mailed them.
        </p>
      ) : result.completed ? (
        <>
          <p className="text-lg">Everyone has signed: the agreement is complete.</p>
          <p className="text-muted-foreground">
            Every signer receives the signed copy, with its audit page, by e-mail.
          </p>
        </>
      ) : null}
      {back ? (
        <Link to={back} className={buttonVariants()}>
          Back to your agreement
        </Link>
      ) : null}
    </div>
  );
}
