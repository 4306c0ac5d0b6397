import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, LoginFormSchema } from '@portal/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth';
import { login, loginErrorMessage } from '../api/login';
import { requestMagicLink } from '../api/request-magic-link';

export const MAGIC_LINK_SENT =
  'If an account exists for that address, a sign-in link is on its way. It works once, for 10 minutes.';

/**
 * E-mail + password sign-in, and a one-time sign-in link by e-mail. What was typed stays in
 * the form when the server refuses it.
 */
export function LoginForm() {
  const signIn = useSignIn();
  const form = useForm({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [magic, setMagic] = useState<
    { state: 'idle' | 'sending' | 'sent' } | { state: 'error'; message: string }
  >({
    state: 'idle',
  });
  const inFlight = useRef(false);

  const onSubmit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFormError(null);
    try {
      const response = await login(values);
      await signIn(response);
    } catch (error) {
      setFormError(loginErrorMessage(error));
    } finally {
      inFlight.current = false;
    }
  });

  const sendMagicLink = async () => {
    if (magic.state === 'sending') return;
    const parsed = EmailSchema.safeParse(form.getValues('username'));
    if (!parsed.success) {
      form.setError('username', {
        type: 'manual',
        message: parsed.error.issues[0]?.message ?? 'Please enter a valid email address',
      });
      form.setFocus('username');
      return;
    }
    form.clearErrors('username');
    setMagic({ state: 'sending' });
    try {
      await requestMagicLink({ email: parsed.data });
      setMagic({ state: 'sent' });
    } catch (error) {
      setMagic({
        state: 'error',
        message: errorMessage(error, 'We could not send a sign-in link. Please try again.'),
      });
    }
  };

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign in">
        <Field label="Email" error={errors.username?.message}>
          <Input type="email" autoComplete="username" inputMode="email" {...form.register('username')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className="flex justify-end text-sm">
          <Link to={paths.recovery.href()}>Forgot your password?</Link>
        </div>
        {formError ? (
          <Alert variant="destructive">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>

      <div className="grid gap-3 border-t border-border pt-6">
        <p className="text-sm text-muted-foreground">
          No password at hand? We can e-mail you a link that signs you in once.
        </p>
        <Button
          type="button"
          variant="outline"
          pending={magic.state === 'sending'}
          onClick={() => void sendMagicLink()}
        >
          Email me a sign-in link
        </Button>
        {magic.state === 'sent' ? (
          <Alert variant="success">
            <AlertDescription>{MAGIC_LINK_SENT}</AlertDescription>
          </Alert>
        ) : null}
        {magic.state === 'error' ? (
          <Alert variant="destructive">
            <AlertDescription>{magic.message}</AlertDescription>
          </Alert>
        ) : null}
      </div>

      <p className="text-sm">
        New to the programme? <Link to={paths.signup.href()}>Join with an access code</Link>
      </p>
    </div>
  );
}
