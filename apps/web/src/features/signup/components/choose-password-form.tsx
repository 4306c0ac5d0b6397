import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR, PasswordSchema } from '@portal/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth';
import { register } from '../api/register';
import { clearSignupDraft, type SignupDraft } from '../utils/signup-draft';

const ChoosePasswordSchema = z
  .object({ password: PasswordSchema, confirm_password: z.string() })
  .refine((values) => values.password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });

/** Creates the account; once signed in, the route guard opens the first signup step. */
export function ChoosePasswordForm({ draft }: { draft: SignupDraft }) {
  const signIn = useSignIn();
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
      const session = await register({ ...draft, password: values.password });
      clearSignupDraft();
      await signIn(session);
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
          <AlertDescription>
            <p>{formError}</p>
            {formError === ERROR.registrationFailed ? (
              <p className="mt-2">
                If you already have an account with this e-mail address,{' '}
                <Link to={paths.login.href()}>sign in</Link> or{' '}
                <Link to={paths.recovery.href()}>reset your password</Link>. Otherwise check the access code
                with the office.
              </p>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting}>
        Create my account
      </Button>
    </form>
  );
}
