import type { SignupRequestSchema } from '@portal/shared';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { checkAccessCode } from '../api/check-access-code';
import { readSignupDraft, saveSignupDraft } from '../utils/signup-draft';

type SignupValues = z.input<typeof SignupRequestSchema>;
type SignupRequest = z.output<typeof SignupRequestSchema>;

let validation: Promise<Resolver<SignupValues, unknown, SignupRequest>> | null = null;

/**
 * The form's checks (zod and the shared schema) load when the form is first used, not with the
 * page: evaluating them is the longest task of adopting the prerendered page. A load that failed
 * is tried again on the next use.
 */
function loadValidation() {
  validation ??= import('./signup-validation').then(
    (module) => module.signupResolver,
    (error: unknown) => {
      validation = null;
      throw error;
    },
  );
  return validation;
}

const resolver: Resolver<SignupValues, unknown, SignupRequest> = async (values, context, options) =>
  (await loadValidation())(values, context, options);

/** First step of joining: e-mail and access code, checked by the server. */
export function SignupForm() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const form = useForm({
    resolver,
    // Coming back from choose-password keeps what was typed.
    defaultValues: readSignupDraft() ?? { email: '', access_code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const checked = await checkAccessCode(values);
      saveSignupDraft({ email: checked.email, access_code: checked.access_code });
      navigate(paths.signupChoosePassword.href());
    } catch (error) {
      setFormError(errorMessage(error, 'We could not check your access code. Please try again.'));
    }
  });

  return (
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      // Someone filling the form in is about to send it: its checks load meanwhile.
      onFocus={() => void loadValidation().catch(() => {})}
      className="grid gap-5"
      aria-label="Join with an access code"
    >
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </Field>
      <Field
        label="Access code"
        error={errors.access_code?.message}
        description="The code you received from the office or your brokerage."
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.register('access_code')}
        />
      </Field>
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting} disabled={!hydrated}>
        Continue
      </Button>
    </form>
  );
}
