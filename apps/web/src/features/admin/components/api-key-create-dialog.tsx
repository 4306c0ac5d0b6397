// "New client": a name, then the key, shown this once with a copy button.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminApiKeyCreateSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { type AdminApiKeyCreated, useCreateApiKey } from '../api/api-keys';
import { CopyField } from './copy-field';

export function ApiKeyCreateDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<AdminApiKeyCreated | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateApiKey({ onFieldError: setServerError, onSuccess: setCreated });
  const form = useForm<{ name: string }>({
    resolver: zodResolver(AdminApiKeyCreateSchema),
    defaultValues: { name: '' },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset({ name: '' });
          setServerError(null);
        }
        setOpen(next);
        // The key is forgotten once the dialog closes: it is never shown again.
        if (!next) setCreated(null);
      }}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New client
        </Button>
      }
      scroll
      title="New client"
      description="A key for a system that sends leads to the portal."
      label="New client"
      submitLabel="Create key"
      pending={create.isPending}
      error={serverError}
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
      done={
        created && {
          title: `The key of ${created.api_key.name}`,
          description: 'The client sends it with each lead. Give it to them over a safe channel.',
          body: (
            <>
              <Alert variant="destructive" role="status">
                <AlertTitle>Copy the key now: it will not be shown again.</AlertTitle>
                <AlertDescription>
                  <p>
                    We keep only its first characters ({created.api_key.prefix}). If it is lost, create a new
                    client and revoke this one.
                  </p>
                </AlertDescription>
              </Alert>
              <CopyField label="API key" value={created.key} />
            </>
          ),
          closeLabel: 'I have copied the key',
          // A click beside the dialog or Escape must not lose a key that cannot be shown again.
          keepOpen: true,
        }
      }
    >
      <Field
        label="Client name"
        description="Who sends the leads, e.g. “Zillow feed”."
        error={form.formState.errors.name?.message}
      >
        <Input autoComplete="off" aria-required="true" {...form.register('name')} />
      </Field>
    </FormDialog>
  );
}
