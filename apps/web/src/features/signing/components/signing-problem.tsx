import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLES: Record<number, string> = {
  404: 'This signing link is not valid',
  409: 'It is not your turn to sign yet',
  410: 'This signing link can no longer be used',
};

/** What to do next; a spent link (410) usually means its signer has already signed. */
const HINTS: Record<number, string> = {
  409: 'Open this link again once it is your turn; we e-mail you when it is.',
  410: 'If you have not signed yet, ask the person who sent you the link for a new one.',
};

/** The statuses that end the visit: the link is wrong, spent or expired, or it is too early. */
export const isSigningProblem = (status: number) => status in TITLES;

/**
 * Why the link cannot be signed now, in the server's words, and what to do about it. An agent
 * signed in to the portal (an old "Sign now" link, the back button) is offered the way back.
 */
export function SigningProblem({ status, detail }: { status: number; detail: string }) {
  const title = TITLES[status] ?? 'This agreement cannot be signed';
  useDocumentTitle(title);
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 py-10 text-center">
      <CircleAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-lg">{detail}</p>
      <p className="text-muted-foreground">
        {HINTS[status] ?? 'If you still need to sign, ask the person who sent you the link for a new one.'}
      </p>
      {agent ? (
        // The portal's guard sends an agent still in signup on to their wizard step.
        <Link to={paths.onboarding.href()} className={buttonVariants({ variant: 'outline' })}>
          Back to the portal
        </Link>
      ) : null}
    </div>
  );
}
