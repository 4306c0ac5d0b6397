// "New group": a name and the corporate user who owns it.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminGroupCreateSchema } from '@portal/shared';
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
import { NativeSelect } from '@/components/ui/native-select';
import { useCorporateUserChoices } from '../api/corporate-users';
import { type AdminGroupCreate, useCreateGroup } from '../api/groups';

function CreateForm({ onCreated }: { onCreated: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateGroup({ onFieldError: setServerError, onSuccess: onCreated });
  const owners = useCorporateUserChoices();
  const form = useForm<AdminGroupCreate>({
    resolver: zodResolver(AdminGroupCreateSchema),
    defaultValues: { name: '', corporate_user_id: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label="New group"
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
    >
      <Field label="Group name" error={errors.name?.message}>
        <Input autoComplete="off" aria-required="true" {...form.register('name')} />
      </Field>
      <Field
        label="Owner"
        description={
          owners.isError
            ? 'The corporate users could not be loaded. Close this and try again.'
            : 'The corporate user whose office the group belongs to.'
        }
        error={errors.corporate_user_id?.message}
      >
        <NativeSelect
          aria-required="true"
          disabled={owners.isPending}
          {...form.register('corporate_user_id')}
        >
          <option value="">{owners.isPending ? 'Loading…' : 'Choose a corporate user'}</option>
          {owners.data?.items.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name ? `${user.name} (${user.email})` : user.email}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <FormError message={serverError} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={create.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" pending={create.isPending}>
          Create group
        </Button>
      </DialogFooter>
    </form>
  );
}

export function GroupCreateDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New group
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New group</DialogTitle>
          <DialogDescription>Add agents and managers on the group's page once it exists.</DialogDescription>
        </DialogHeader>
        <CreateForm onCreated={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
