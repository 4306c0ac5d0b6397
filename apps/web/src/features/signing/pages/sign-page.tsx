import type { SignResult } from '@portal/shared';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '@/components/agreements/agreement-format';
import { SignerList } from '@/components/agreements/signer-list';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { signingPdfUrl, useSigningSession } from '../api/get-signing-session';
import { useSubmitSignature } from '../api/submit-signature';
import { AgreementText } from '../components/agreement-text';
import { SignDone } from '../components/sign-done';
import { SignForm } from '../components/sign-form';
import { isSigningProblem, SigningProblem } from '../components/signing-problem';

/** A refusal that ends the visit (404, 409, 410), from loading the link or from signing. */
function blockingProblem(...errors: unknown[]) {
  for (const error of errors) {
    if (isApiError(error) && isSigningProblem(error.status)) return error;
  }
  return null;
}

/** An e-mail address that, where it has to wrap, wraps before its @ first. */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/**
 * /sign/:token, public: the signer opens the link they were e-mailed (or the agent's "Sign now"),
 * reads the agreement, signs by typing or drawing, consents, and signs.
 */
export function SignPage() {
  const { token = '' } = useParams();
  const session = useSigningSession(token);
  const submit = useSubmitSignature(token);
  const [result, setResult] = useState<SignResult | null>(null);
  useDocumentTitle(session.data ? `Sign: ${session.data.document.title}` : 'Sign an agreement');

  if (result && session.data) {
    return <SignDone title={session.data.document.title} kind={session.data.document.kind} result={result} />;
  }
  const problem = blockingProblem(session.error, submit.error);
  if (problem) return <SigningProblem status={problem.status} detail={problem.detail} />;
  if (session.isPending) return <PageLoading label="Opening the agreement..." />;
  if (session.isError) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        <AlertTitle>The agreement could not be opened</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(session.error)}</p>
          <div>
            <Button
              variant="outline"
              size="sm"
              pending={session.isFetching}
              onClick={() => void session.refetch()}
            >
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }

  const { document, signer, signers, link_expires_at } = session.data;
  return (
    // One column that never grows past the screen: a long word (an e-mail address, in a font
    // wider than ours) wraps inside it instead of widening the page on a phone.
    <div className="mx-auto grid max-w-3xl min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-2">
        <p className="text-sm font-medium text-primary-text">Agreement to sign</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{document.title}</h1>
        <p className="text-muted-foreground wrap-anywhere">
          Prepared on {formatDate(document.created_date)}. You sign as the <strong>{signer.role}</strong>:{' '}
          {signer.name} (<EmailAddress address={signer.email} />
          ).
        </p>
        <p className="text-sm text-muted-foreground">
          This link can be used until {formatDateTime(link_expires_at)}.
        </p>
        <p>
          <a
            href={signingPdfUrl(token)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5"
          >
            Open the PDF
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      </header>

      <section aria-labelledby="signing-order" className="grid gap-2">
        <h2 id="signing-order" className="text-lg font-semibold">
          Who signs, in this order
        </h2>
        <SignerList
          label="Who signs, in this order"
          signers={signers.map((entry) => ({
            role: entry.role,
            name: entry.name,
            note: entry.role === signer.role ? 'You' : undefined,
            signed: entry.is_signature_completed,
            signedAt: entry.signed_at,
          }))}
        />
      </section>

      <AgreementText sections={document.sections} label={`${document.title}, full text`} />

      <Card className="gap-4 p-4 sm:p-6">
        <CardTitle>Your signature</CardTitle>
        <CardContent>
          <SignForm
            signerName={signer.name}
            pending={submit.isPending}
            serverError={submit.error ? errorMessage(submit.error) : null}
            onSign={(request) => submit.mutate(request, { onSuccess: setResult })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
