// Editing one access code: description, limits and who it binds new agents to.
import type { AdminAccessCode } from '@portal/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useUpdateAccessCode } from '../api/access-codes';
import { AccessCodeFields, accessCodeValues, changedOnly, useAccessCodeForm } from './access-code-form';

export function AccessCodeEditDialog({ code }: { code: AdminAccessCode }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateAccessCode({ onFieldError: setServerError });
  const form = useAccessCodeForm('edit');
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(accessCodeValues(code));
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit <span className="sr-only">{code.code}</span>
        </Button>
      }
      scroll
      title={
        <>
          Edit <span className="font-mono">{code.code}</span>
        </>
      }
      description="Changes apply to sign-ups from now on."
      label={`Edit ${code.code}`}
      submitLabel="Save changes"
      pending={update.isPending}
      error={serverError}
      onSubmit={form.handleSubmit((output) => {
        setServerError(null);
        // Only the fields the person changed: an edit never rewrites what it did not touch.
        const patch = changedOnly(output, form.formState.dirtyFields);
        if (Object.keys(patch).length === 0) {
          toast.info('Nothing was changed.');
          setOpen(false);
          return;
        }
        update.mutate({ code: code.code, patch }, { onSuccess: () => setOpen(false) });
      })}
    >
      <AccessCodeFields mode="edit" form={form} />
    </FormDialog>
  );
}
