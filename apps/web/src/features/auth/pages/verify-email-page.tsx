import { ERROR } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { verifyEmailQueryOptions } from '../api/verify-email';
import { RequestVerifyLinkForm } from '../components/request-verify-link-form';

/** /verify-email/:token: verifies once on arrival and says how it went. */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const auth = useAuth();
  const signedIn = auth.status === 'user';
  // Sent once it is known who is signed in: the server tells only the link's owner it was used.
  const verification = useQuery({
    ...verifyEmailQueryOptions(token, signedIn),
    enabled: auth.initialised && auth.status !== 'loading',
  });
  const { reloadMe } = auth;
  useDocumentTitle(verification.isError ? ERROR.verificationFailed : 'Verify your e-mail address');

  useEffect(() => {
    if (verification.isSuccess && signedIn) reloadMe();
  }, [verification.isSuccess, signedIn, reloadMe]);

  if (verification.isPending) {
    return (
      <div className="grid gap-4">
        <h1 className="sr-only">Verify your e-mail address</h1>
        <PageLoading label="Verifying your e-mail address…" />
      </div>
    );
  }

  // The server says this was the signed-in user's own link, used before: that is no failure.
  // Any other refusal (a malformed link, someone else's, an expired one) is "Verification failed".
  if (verification.isError && isApiError(verification.error) && verification.error.status === 409) {
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            E-mail address already verified
          </CardTitle>
          <CardDescription>
            {auth.me?.email
              ? `This link was used before: your address ${auth.me.email} is verified.`
              : 'This link was used before: your address is verified.'}
          </CardDescription>
        </CardHeader>
        <Button asChild>
          <Link to={paths.home.href()}>Continue to your dashboard</Link>
        </Button>
      </Card>
    );
  }

  if (verification.isError) {
    const reason = errorMessage(verification.error, ERROR.tokenInvalid);
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {ERROR.verificationFailed}
          </CardTitle>
          <CardDescription>
            Verification links work once, for one hour. You can ask for a new one below.
          </CardDescription>
        </CardHeader>
        {/* The heading already says "Verification failed": the alert adds only a different reason. */}
        {reason !== ERROR.verificationFailed ? (
          <Alert variant="destructive">
            <AlertDescription>{reason}</AlertDescription>
          </Alert>
        ) : null}
        <RequestVerifyLinkForm defaultEmail={auth.me?.email ?? ''} />
      </Card>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          E-mail address verified
        </CardTitle>
      </CardHeader>
      <Alert variant="success">
        <AlertDescription>Your e-mail address is verified.</AlertDescription>
      </Alert>
      <Button asChild>
        {signedIn ? (
          <Link to={paths.home.href()}>Continue to your dashboard</Link>
        ) : (
          <Link to={paths.login.href()}>Sign in</Link>
        )}
      </Button>
    </Card>
  );
}
