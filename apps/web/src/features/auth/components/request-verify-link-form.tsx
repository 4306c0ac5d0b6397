import { zodResolver } from '@hookform/resolvers/zod';
import { EmailRequestSchema } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { requestVerifyToken } from '../api/request-verify-token';

export const VERIFY_LINK_SENT =
  'If an account exists for that address and it is not verified yet, a new verification link is on its way. It works once, for one hour.';

/** Asks for a new e-mail verification link (POST /auth/request-verify-token). */
export function RequestVerifyLinkForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const form = useForm({ resolver: zodResolver(EmailRequestSchema), defaultValues: { email: defaultEmail } });
  const { errors, isSubmitting } = form.formState;
  const [result, setResult] = useState<{ sent: true } | { sent: false; message: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await requestVerifyToken(values);
      setResult({ sent: true });
    } catch (error) {
      setResult({
        sent: false,
        message: errorMessage(error, 'We could not send a new link. Please try again.'),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Request a new verification link">
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      {result?.sent ? (
        <Alert variant="success">
          <AlertDescription>{VERIFY_LINK_SENT}</AlertDescription>
        </Alert>
      ) : null}
      {result && !result.sent ? (
        <Alert variant="destructive">
          <AlertDescription>{result.message}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting}>
        Send a new verification link
      </Button>
    </form>
  );
}
