import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingTriangles } from '@/components/ui/loading-triangles';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { corporateLogin } from '../api/corporate-login';

/**
 * /login/corporate/:token, without layout: the one-time link the office sends a corporate user.
 * Trades it for a session and opens the office dashboard on /leads. A link works once, so it is
 * sent once, also under StrictMode.
 */
export function CorporateLoginPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const sentFor = useRef<string | null>(null);
  useDocumentTitle(failure ? 'Sign-in link did not work' : 'Signing you in');

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    setFailure(null);
    void (async () => {
      try {
        await signIn(await corporateLogin(token));
        navigate(paths.leads.href(), { replace: true });
      } catch (error) {
        setFailure(errorMessage(error, 'We could not sign you in with this link. Please try again.'));
      }
    })();
  }, [token, navigate, signIn]);

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-md">
        {failure ? (
          <>
            <CardHeader>
              <CardTitle as="h1" className="text-2xl">
                This sign-in link did not work
              </CardTitle>
              <CardDescription>
                Office sign-in links work once and for 24 hours. Ask the portal's support team for a new link,
                or sign in with your e-mail and password (set one with "Forgot password").
              </CardDescription>
            </CardHeader>
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
            <Button asChild>
              <Link to={paths.login.href()}>Go to the sign-in page</Link>
            </Button>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h1" className="text-2xl">
                Signing you in
              </CardTitle>
            </CardHeader>
            <div className="flex flex-col items-center gap-4 py-4">
              <LoadingTriangles size={32} />
              <p role="status">Checking your sign-in link…</p>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
