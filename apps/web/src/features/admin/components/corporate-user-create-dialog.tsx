// "New corporate user": name and e-mail, then the one-time sign-in link the server e-mailed them.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCorporateUserCreateSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  type AdminCorporateUserCreate,
  type AdminCorporateUserCreated,
  useCreateCorporateUser,
} from '../api/corporate-users';
import { SignInLink } from './sign-in-link';

function CreateForm({ onCreated }: { onCreated: (created: AdminCorporateUserCreated) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCorporateUser({ onFieldError: setServerError, onSuccess: onCreated });
  const form = useForm<AdminCorporateUserCreate>({
    resolver: zodResolver(AdminCorporateUserCreateSchema),
    defaultValues: { name: '', email: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label="New corporate user"
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
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
      <FormError message={serverError} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={create.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" pending={create.isPending}>
          Create and send link
        </Button>
      </DialogFooter>
    </form>
  );
}

export function CorporateUserCreateDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<AdminCorporateUserCreated | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setCreated(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New corporate user
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>{created.user.name ?? created.user.email} can sign in</DialogTitle>
              <DialogDescription>Send them the link yourself too if you like.</DialogDescription>
            </DialogHeader>
            <SignInLink email={created.user.email} link={created.link} expiresAt={created.expires_at} />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button">Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>New corporate user</DialogTitle>
              <DialogDescription>
                An office that follows its agents' leads. They get a one-time sign-in link by e-mail.
              </DialogDescription>
            </DialogHeader>
            <CreateForm onCreated={setCreated} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
