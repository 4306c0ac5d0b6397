// "New access code": the form in a dialog. A refusal (the code exists, a bad expiry) stays in
// the dialog with everything typed; success closes it and the list shows the new code.
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { useCreateAccessCode } from '../api/access-codes';
import { AccessCodeFields, blankAccessCode, useAccessCodeForm } from './access-code-form';

export function AccessCodeCreateDialog() {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateAccessCode({
    onFieldError: setServerError,
    onSuccess: () => setOpen(false),
  });
  const form = useAccessCodeForm('create');
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(blankAccessCode);
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New access code
        </Button>
      }
      scroll
      title="New access code"
      description="Agents enter it on the first step of signing up."
      label="New access code"
      submitLabel="Create code"
      pending={create.isPending}
      error={serverError}
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
    >
      <AccessCodeFields mode="create" form={form} />
    </FormDialog>
  );
}
