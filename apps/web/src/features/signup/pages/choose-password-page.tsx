import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChoosePasswordForm } from '../components/choose-password-form';
import { readSignupDraft } from '../utils/signup-draft';

export function ChoosePasswordPage() {
  useDocumentTitle('Choose your password');
  // Read once: the draft is removed from storage as soon as the account exists.
  const [draft] = useState(readSignupDraft);
  if (!draft) return <Navigate to={paths.signup.href()} replace />;

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
        <ChoosePasswordForm draft={draft} />
      </Card>
      <p className="text-sm">
        Not the right address or code? <Link to={paths.signup.href()}>Go back</Link>
      </p>
    </div>
  );
}
