import { ERROR } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmRegistration } from '../api/register';

/**
 * /signup/confirm/:token, the link from the registration e-mail: creates the account, signs in
 * and opens the first signup step. The link works once, so it is sent once, also under StrictMode.
 */
export function ConfirmRegistrationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const sentFor = useRef<string | null>(null);
  useDocumentTitle(failure ? 'Your account was not created' : 'Creating your account');

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    void (async () => {
      try {
        await signIn(await confirmRegistration(token));
        navigate(paths.home.href(), { replace: true });
      } catch (error) {
        setFailure(errorMessage(error, 'We could not create your account. Please try again.'));
      }
    })();
  }, [token, navigate, signIn]);

  if (!failure) {
    return (
      <div className="grid gap-4">
        <h1 className="sr-only">Creating your account</h1>
        <PageLoading label="Creating your account…" />
      </div>
    );
  }

  const exists = failure === ERROR.accountExists;
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Your account was not created
        </CardTitle>
        <CardDescription>
          {exists
            ? 'This e-mail address has an account already.'
            : 'Registration links work once, for one hour, and only the newest one sent to an address.'}
        </CardDescription>
      </CardHeader>
      <Alert variant="destructive">
        <AlertDescription>{failure}</AlertDescription>
      </Alert>
      {exists ? (
        <div className="grid gap-2">
          <Button asChild>
            <Link to={paths.login.href()}>Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.recovery.href()}>Reset your password</Link>
          </Button>
        </div>
      ) : (
        <Button asChild>
          <Link to={paths.signup.href()}>Start again with your access code</Link>
        </Button>
      )}
    </Card>
  );
}
