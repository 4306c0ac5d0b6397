// "New client": a name, then the key, shown this once with a copy button.
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminApiKeyCreateSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
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
import { type AdminApiKeyCreated, useCreateApiKey } from '../api/api-keys';
import { CopyField } from './copy-field';

function CreateForm({ onCreated }: { onCreated: (created: AdminApiKeyCreated) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateApiKey({ onFieldError: setServerError, onSuccess: onCreated });
  const form = useForm<{ name: string }>({
    resolver: zodResolver(AdminApiKeyCreateSchema),
    defaultValues: { name: '' },
  });
  return (
    <form
      noValidate
      aria-label="New client"
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        create.mutate(input);
      })}
    >
      <Field
        label="Client name"
        description="Who sends the leads, e.g. “Zillow feed”."
        error={form.formState.errors.name?.message}
      >
        <Input autoComplete="off" aria-required="true" {...form.register('name')} />
      </Field>
      <FormError message={serverError} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={create.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" pending={create.isPending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}

export function ApiKeyCreateDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<AdminApiKeyCreated | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The key is forgotten once the dialog closes: it is never shown again.
        if (!next) setCreated(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New client
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        // A click beside the dialog must not lose a key that cannot be shown again.
        onInteractOutside={(event) => {
          if (created) event.preventDefault();
        }}
        // Nor Escape: the key goes away only with "I have copied the key".
        onEscapeKeyDown={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>The key of {created.api_key.name}</DialogTitle>
              <DialogDescription>
                The client sends it with each lead. Give it to them over a safe channel.
              </DialogDescription>
            </DialogHeader>
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
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button">I have copied the key</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>New client</DialogTitle>
              <DialogDescription>A key for a system that sends leads to the portal.</DialogDescription>
            </DialogHeader>
            <CreateForm onCreated={setCreated} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
