import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { login, loginErrorMessage } from '../api/login';
import { requestMagicLink } from '../api/request-magic-link';
import { type LoginErrors, type LoginField, loginFieldError, validateLogin } from './login-validation';

export const MAGIC_LINK_SENT =
  'If an account exists for that address, a sign-in link is on its way. It works once, for 10 minutes.';

/**
 * E-mail + password sign-in, and a one-time sign-in link by e-mail. What was typed stays in
 * the form when the server refuses it.
 */
export function LoginForm() {
  const signIn = useSignIn();
  const hydrated = useHydrated();
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // As before with react-hook-form: checked on submit, then again on every change.
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [magic, setMagic] = useState<
    { state: 'idle' | 'sending' | 'sent' } | { state: 'error'; message: string }
  >({
    state: 'idle',
  });
  const inFlight = useRef(false);

  // The fields are not controlled: on the prerendered page someone may type (or a password
  // manager fill them) before the script has run, and React adopting the page must not clear
  // that. Once adopted, what is in the fields becomes the state.
  useEffect(() => {
    const typed = {
      username: inputs.current.username?.value ?? '',
      password: inputs.current.password?.value ?? '',
    };
    if (typed.username || typed.password) setValues(typed);
  }, []);

  const register = (field: LoginField) => ({
    name: field,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (submitted) setErrors((current) => ({ ...current, [field]: loginFieldError(field, value) }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setSubmitted(true);
    const checked = validateLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      inputs.current[checked.errors.username ? 'username' : 'password']?.focus();
      return;
    }
    setErrors({});
    inFlight.current = true;
    setSubmitting(true);
    setFormError(null);
    try {
      const response = await login(checked.values);
      await signIn(response);
    } catch (error) {
      setFormError(loginErrorMessage(error));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const magicInFlight = useRef(false);
  const sendMagicLink = async () => {
    // One request per click, even while the e-mail rule is still loading (a second link would
    // make the first one useless).
    if (magic.state === 'sending' || magicInFlight.current) return;
    magicInFlight.current = true;
    try {
      await sendMagicLinkOnce();
    } finally {
      magicInFlight.current = false;
    }
  };
  const sendMagicLinkOnce = async () => {
    const failed = 'We could not send a sign-in link. Please try again.';
    // The shared e-mail rule comes with zod: loaded on the first use, not with the page.
    let EmailSchema: typeof import('../email-schema')['EmailSchema'];
    try {
      ({ EmailSchema } = await import('../email-schema'));
    } catch {
      setMagic({ state: 'error', message: failed });
      return;
    }
    const parsed = EmailSchema.safeParse(values.username);
    if (!parsed.success) {
      setErrors((current) => ({
        ...current,
        username: parsed.error.issues[0]?.message ?? 'Please enter a valid email address',
      }));
      inputs.current.username?.focus();
      return;
    }
    setErrors((current) => ({ ...current, username: undefined }));
    setMagic({ state: 'sending' });
    try {
      await requestMagicLink({ email: parsed.data });
      setMagic({ state: 'sent' });
    } catch (error) {
      setMagic({
        state: 'error',
        message: errorMessage(error, failed),
      });
    }
  };

  return (
    <div className="grid gap-6">
      <form
        noValidate
        method="post"
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-5"
        aria-label="Sign in"
      >
        <Field label="Email" error={errors.username}>
          <Input type="email" autoComplete="username" inputMode="email" {...register('username')} />
        </Field>
        <Field label="Password" error={errors.password}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <div className="flex justify-end text-sm">
          <Link to={paths.recovery.href()}>Forgot your password?</Link>
        </div>
        {formError ? (
          <Alert variant="destructive">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" pending={isSubmitting} disabled={!hydrated}>
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
          disabled={!hydrated}
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
