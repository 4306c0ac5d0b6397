import { zodResolver } from '@hookform/resolvers/zod';
import { EmailRequestSchema } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { RecoveryLang } from '@/config/paths';
import { requestPasswordReset } from '../api/request-password-reset';
import { emailError, RECOVERY_COPY, serverError } from './recovery-copy';

export function RecoveryRequestForm({ lang }: { lang: RecoveryLang }) {
  const copy = RECOVERY_COPY[lang];
  const form = useForm({ resolver: zodResolver(EmailRequestSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const [result, setResult] = useState<
    { sent: true } | { sent: false; text: string; detail?: string } | null
  >(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await requestPasswordReset({ email: values.email, lang });
      setResult({ sent: true });
    } catch (error) {
      setResult({ sent: false, ...serverError(copy, lang, error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={copy.requestTitle}>
      <Field label={copy.emailLabel} error={emailError(copy, errors.email)}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      {result?.sent ? (
        <Alert variant="success">
          <AlertDescription>{copy.requestSent}</AlertDescription>
        </Alert>
      ) : null}
      {result && !result.sent ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{result.text}</p>
            {result.detail ? <p lang="en">{result.detail}</p> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting}>
        {copy.requestSubmit}
      </Button>
    </form>
  );
}
