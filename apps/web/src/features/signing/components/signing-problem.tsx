import { CircleAlert } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLES: Record<number, string> = {
  404: 'This signing link is not valid',
  409: 'It is not your turn to sign yet',
  410: 'This signing link can no longer be used',
};

/** The statuses that end the visit: the link is wrong, spent or expired, or it is too early. */
export const isSigningProblem = (status: number) => status in TITLES;

/** Why the link cannot be signed now, in the server's words, and what to do about it. */
export function SigningProblem({ status, detail }: { status: number; detail: string }) {
  const title = TITLES[status] ?? 'This agreement cannot be signed';
  useDocumentTitle(title);
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 py-10 text-center">
      <CircleAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-lg">{detail}</p>
      <p className="text-muted-foreground">
        {status === 409
          ? 'Open this link again once it is your turn; we e-mail you when it is.'
          : 'If you still need to sign, ask the person who sent you the link for a new one.'}
      </p>
    </div>
  );
}
