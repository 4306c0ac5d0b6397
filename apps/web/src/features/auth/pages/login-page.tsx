import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const { notice } = useAuth();

  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      {notice ? (
        <Alert variant="info">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Sign in
          </CardTitle>
          <CardDescription>Sign in to see your leads and finish your onboarding.</CardDescription>
        </CardHeader>
        <LoginForm />
      </Card>
    </div>
  );
}
