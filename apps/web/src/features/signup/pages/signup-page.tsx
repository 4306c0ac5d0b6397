import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignupForm } from '../components/signup-form';

export function SignupPage() {
  useDocumentTitle('Join with an access code');
  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Join with an access code
          </CardTitle>
          <CardDescription>
            Enter your e-mail address and the access code you were given. Next you will choose a password.
          </CardDescription>
        </CardHeader>
        <SignupForm />
      </Card>
      <p className="text-sm">
        Already have an account? <Link to={paths.login.href()}>Sign in</Link>
      </p>
    </div>
  );
}
