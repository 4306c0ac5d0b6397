// "New group": a name and the corporate user who owns it.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminGroupCreateSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCorporateUserChoices } from '../api/corporate-users';
import { type AdminGroupCreate, useCreateGroup } from '../api/groups';

const blank: AdminGroupCreate = { name: '', corporate_user_id: '' };

/** The fields; the corporate users are loaded when the dialog opens. */
function GroupFields({ form }: { form: UseFormReturn<AdminGroupCreate> }) {
  const owners = useCorporateUserChoices();
  const { errors } = form.formState;
  return (
    <>
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
    </>
  );
}

export function GroupCreateDialog() {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateGroup({ onFieldError: setServerError, onSuccess: () => setOpen(false) });
  const form = useForm<AdminGroupCreate>({
    resolver: zodResolver(AdminGroupCreateSchema),
    defaultValues: blank,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(blank);
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New group
        </Button>
      }
      title="New group"
      description="Add agents and managers on the group's page once it exists."
      label="New group"
      submitLabel="Create group"
      pending={create.isPending}
      error={serverError}
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
    >
      <GroupFields form={form} />
    </FormDialog>
  );
}
