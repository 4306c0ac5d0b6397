import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR, PasswordSchema } from '@portal/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { register } from '../api/register';
import { clearSignupDraft, type SignupDraft } from '../utils/signup-draft';

const ChoosePasswordSchema = z
  .object({ password: PasswordSchema, confirm_password: z.string() })
  .refine((values) => values.password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });

/**
 * Asks for the account: the server e-mails the link that creates it, and `onSent` gets the
 * password so the page can send the link again without asking for it twice.
 */
export function ChoosePasswordForm({
  draft,
  onSent,
}: {
  draft: SignupDraft;
  onSent: (password: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(ChoosePasswordSchema),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const onSubmit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFormError(null);
    try {
      await register({ ...draft, password: values.password });
      clearSignupDraft();
      onSent(values.password);
    } catch (error) {
      setFormError(errorMessage(error, ERROR.registrationFailed));
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Choose your password">
      <Field
        label="Password"
        error={errors.password?.message}
        description="At least 8 characters. A long phrase you do not use anywhere else is best."
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirm_password?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirm_password')} />
      </Field>
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting}>
        Create my account
      </Button>
    </form>
  );
}
