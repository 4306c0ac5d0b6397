import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths, type RecoveryLang } from '@/config/paths';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { passwordError, RECOVERY_COPY, serverError } from './recovery-copy';

const NewPasswordFormSchema = z
  .object({ new_password: PasswordSchema, confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });

export function RecoveryConfirmForm({ token, lang }: { token: string; lang: RecoveryLang }) {
  const copy = RECOVERY_COPY[lang];
  const langPrefix = lang === 'en' ? undefined : lang;
  const form = useForm({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [result, setResult] = useState<
    { done: true } | { done: false; text: string; detail?: string } | null
  >(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await confirmPasswordReset({ token, new_password: values.new_password });
      setResult({ done: true });
    } catch (error) {
      setResult({ done: false, ...serverError(copy, lang, error) });
    }
  });

  if (result?.done) {
    return (
      <div className="grid gap-4">
        <Alert variant="success">
          <AlertDescription>{copy.confirmDone}</AlertDescription>
        </Alert>
        <Button asChild>
          <Link to={paths.login.href()}>{copy.signInWithNewPassword}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={copy.confirmTitle}>
      <Field label={copy.newPasswordLabel} error={passwordError(copy, errors.new_password)}>
        <PasswordInput
          autoComplete="new-password"
          showLabel={copy.showPassword}
          hideLabel={copy.hidePassword}
          {...form.register('new_password')}
        />
      </Field>
      <Field label={copy.confirmPasswordLabel} error={passwordError(copy, errors.confirm_password)}>
        <PasswordInput
          autoComplete="new-password"
          showLabel={copy.showPassword}
          hideLabel={copy.hidePassword}
          {...form.register('confirm_password')}
        />
      </Field>
      {result && !result.done ? (
        <Alert variant="destructive">
          <AlertTitle>{copy.confirmFailedTitle}</AlertTitle>
          <AlertDescription>
            <p>{result.text}</p>
            {result.detail ? <p lang="en">{result.detail}</p> : null}
            <p>
              <Link to={paths.recovery.href(langPrefix)}>{copy.requestNewLink}</Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting}>
        {copy.confirmSubmit}
      </Button>
    </form>
  );
}
