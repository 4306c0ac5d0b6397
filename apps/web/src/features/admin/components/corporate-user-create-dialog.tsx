// "New corporate user": name and e-mail, then the one-time sign-in link the server e-mailed them.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCorporateUserCreateSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  type AdminCorporateUserCreate,
  type AdminCorporateUserCreated,
  useCreateCorporateUser,
} from '../api/corporate-users';
import { SignInLink } from './sign-in-link';

const blank: AdminCorporateUserCreate = { name: '', email: '' };

export function CorporateUserCreateDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<AdminCorporateUserCreated | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCorporateUser({ onFieldError: setServerError, onSuccess: setCreated });
  const form = useForm<AdminCorporateUserCreate>({
    resolver: zodResolver(AdminCorporateUserCreateSchema),
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
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
      done={
        created && {
          title: `${created.user.name ?? created.user.email} can sign in`,
          description: 'Send them the link yourself too if you like.',
          body: <SignInLink email={created.user.email} link={created.link} expiresAt={created.expires_at} />,
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
    </FormDialog>
  );
}
