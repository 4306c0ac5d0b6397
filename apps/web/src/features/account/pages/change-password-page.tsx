import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordChangeSchema } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { EmailSettings } from '@/components/preferences/email-settings';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { changePassword } from '../api/change-password';

const ChangePasswordFormSchema = PasswordChangeSchema.extend({ confirm_password: z.string() }).refine(
  (values) => values.new_password === values.confirm_password,
  { path: ['confirm_password'], message: 'Passwords do not match' },
);
type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/**
 * /account/password, from the account menu: the current password, then a new one twice. The
 * server ends every other session and e-mails the owner; this one stays signed in. What was
 * typed stays when the server refuses it. Below, the scheduled e-mails the user receives (the
 * one place an office changes its own settings).
 */
export function ChangePasswordPage() {
  useDocumentTitle('Change password');
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [outcome, setOutcome] = useState<{ done: true } | { done: false; message: string } | null>(null);

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    setOutcome(null);
    try {
      await changePassword({ current_password, new_password });
      form.reset();
      setOutcome({ done: true });
    } catch (error) {
      setOutcome({
        done: false,
        message: errorMessage(error, 'Your password could not be changed. Please try again.'),
      });
    }
  });

  return (
    <div className="grid max-w-lg gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Change password</h1>
        <p className="text-muted-foreground">
          Changing your password signs you out on every other device. You stay signed in here, and we e-mail
          you to confirm the change.
        </p>
      </div>
      {outcome?.done ? (
        <Alert variant="success" role="status">
          <AlertTitle>Your password has been changed</AlertTitle>
          <AlertDescription>
            Other devices were signed out. <Link to={paths.home.href()}>Back to the portal</Link>
          </AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Change password">
        <Field label="Current password" error={errors.current_password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('current_password')} />
        </Field>
        <Field
          label="New password"
          description="At least 8 characters; a very common password is refused."
          error={errors.new_password?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register('new_password')} />
        </Field>
        <Field label="Confirm new password" error={errors.confirm_password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirm_password')} />
        </Field>
        {outcome && !outcome.done ? (
          <Alert variant="destructive">
            <AlertTitle>Your password was not changed</AlertTitle>
            <AlertDescription>{outcome.message}</AlertDescription>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" pending={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
      <EmailSettings />
    </div>
  );
}
