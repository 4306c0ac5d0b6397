import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { register } from '../api/register';
import { ChoosePasswordForm } from '../components/choose-password-form';
import { readSignupDraft, type SignupDraft } from '../utils/signup-draft';

export function ChoosePasswordPage() {
  // Read once: the draft is removed from storage as soon as the link is on its way.
  const [draft] = useState(readSignupDraft);
  const [sentWith, setSentWith] = useState<string | null>(null);
  useDocumentTitle(sentWith ? 'Check your e-mail' : 'Choose your password');
  if (!draft) return <Navigate to={paths.signup.href()} replace />;
  if (sentWith !== null) return <CheckYourEmail draft={draft} password={sentWith} />;

  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Choose your password
          </CardTitle>
          <CardDescription>
            You are creating the account for <strong className="text-foreground">{draft.email}</strong>.
          </CardDescription>
        </CardHeader>
        <ChoosePasswordForm draft={draft} onSent={setSentWith} />
      </Card>
      <p className="text-sm">
        Not the right address or code? <Link to={paths.signup.href()}>Go back</Link>
      </p>
    </div>
  );
}

/** After registering: the account is created from the e-mailed link; it can be sent again. */
function CheckYourEmail({ draft, password }: { draft: SignupDraft; password: string }) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });

  const sendAgain = async () => {
    setState({ kind: 'sending' });
    try {
      await register({ ...draft, password });
      setState({ kind: 'sent' });
    } catch (error) {
      setState({
        kind: 'failed',
        message: errorMessage(error, 'The link could not be sent. Please try again.'),
      });
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <Card>
        <CardHeader>
          <MailCheck aria-hidden="true" className="size-8 text-primary" />
          <CardTitle as="h1" className="text-2xl">
            Check your e-mail
          </CardTitle>
          <CardDescription>
            We have sent a link to <strong className="text-foreground">{draft.email}</strong>. Open it to
            create your account and continue your signup. It works once, for one hour.
          </CardDescription>
        </CardHeader>
        <p className="text-sm text-muted-foreground">
          Nothing yet? It can take a minute; look in your spam or promotions folder too. If this address
          already has an account, the e-mail says so and how to sign in instead.
        </p>
        <div role="status" aria-live="polite" className="text-sm">
          {state.kind === 'sent' ? 'We have sent a new link. Only the newest link works.' : null}
        </div>
        {state.kind === 'failed' ? (
          <Alert variant="destructive">
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
        ) : null}
        <Button variant="outline" pending={state.kind === 'sending'} onClick={sendAgain}>
          Send the link again
        </Button>
      </Card>
      <p className="text-sm">
        Wrong address? <Link to={paths.signup.href()}>Start again</Link>
      </p>
    </div>
  );
}
