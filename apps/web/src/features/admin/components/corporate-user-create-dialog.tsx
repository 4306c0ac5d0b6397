// "New corporate user": name, e-mail and the office's referral fee, then the one-time sign-in link
// the server e-mailed them.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCorporateUserCreateSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { type AdminCorporateUserCreated, useCreateCorporateUser } from '../api/corporate-users';
import { referralFeeText } from './billing-form';
import { SignInLink } from './sign-in-link';

const createForm = AdminCorporateUserCreateSchema.extend({
  referral_fee_percent: referralFeeText,
});
type CreateValues = z.input<typeof createForm>;
type CreateOutput = z.output<typeof createForm>;

const blank: CreateValues = { name: '', email: '', referral_fee_percent: '' };

export function CorporateUserCreateDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<AdminCorporateUserCreated | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCorporateUser({ onFieldError: setServerError, onSuccess: setCreated });
  const form = useForm<CreateValues, unknown, CreateOutput>({
    resolver: zodResolver(createForm),
    defaultValues: blank,
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setCreated(null);
          form.reset(blank);
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New corporate user
        </Button>
      }
      scroll
      title="New corporate user"
      description="An office that follows its agents' leads. They get a one-time sign-in link by e-mail."
      label="New corporate user"
      submitLabel="Create and send link"
      pending={create.isPending}
      error={serverError}
      onSubmit={form.handleSubmit(({ referral_fee_percent, ...user }) => {
        setServerError(null);
        create.mutate(referral_fee_percent === null ? user : { ...user, referral_fee_percent });
      })}
      done={
        created && {
          title: `${created.user.name ?? created.user.email} can sign in`,
          description: 'Send them the link yourself too if you like.',
          body: (
            <>
              <SignInLink email={created.user.email} link={created.link} expiresAt={created.expires_at} />
            </>
          ),
          closeLabel: 'Done',
        }
      }
    >
      <Field
        label="Name"
        description="The office or company, as agents know it."
        error={errors.name?.message}
      >
        <Input autoComplete="off" aria-required="true" {...form.register('name')} />
      </Field>
      <Field label="E-mail" description="Where the sign-in link is sent." error={errors.email?.message}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          aria-required="true"
          {...form.register('email')}
        />
      </Field>
      <Field
        label="Referral fee (%)"
        description="For the office's agents who have no rate of their own. Empty: none; the network's rate applies."
        error={errors.referral_fee_percent?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('referral_fee_percent')} />
      </Field>
    </FormDialog>
  );
}
