// Renaming something (a corporate user, a group): one field checked with the shared schema, the
// server's refusal kept in the dialog with what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A hook: the function that saves the new name of `id`, handing a refusal to `onFieldError`. */
export type UseSave = (
  id: string,
  onFieldError: (detail: string) => void,
) => (name: string) => Promise<unknown>;

export function RenameDialog({
  id,
  current,
  title,
  description,
  label,
  schema,
  useSave,
  buttonLabel = 'Rename',
  size = 'sm',
}: {
  /** What is renamed (passed to `useSave`). */
  id: string;
  current: string;
  title: string;
  description?: string;
  /** The field's label ("Group name"). */
  label: string;
  /** The shared schema of the name. */
  schema: z.ZodType<string, string>;
  /** Saves the name: resolves once saved (the dialog closes); a refusal shows in the dialog. */
  useSave: UseSave;
  buttonLabel?: string;
  size?: 'sm' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSave(id, setServerError);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: schema })),
    defaultValues: { name: current },
  });
  const start = (next: boolean) => {
    if (next) {
      form.reset({ name: current });
      setServerError(null);
    }
    setOpen(next);
  };
  const onSubmit = form.handleSubmit(async ({ name }) => {
    setServerError(null);
    if (name === current) {
      setOpen(false);
      return;
    }
    try {
      await save(name);
      setOpen(false);
    } catch {
      // Shown by onFieldError or a toast; the dialog stays open with the name typed.
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={start}
      trigger={
        <Button variant="outline" size={size}>
          <Pencil aria-hidden="true" />
          {buttonLabel} <span className="sr-only">{current}</span>
        </Button>
      }
      title={title}
      description={description}
      label={title}
      submitLabel="Save"
      pending={form.formState.isSubmitting}
      error={serverError}
      onSubmit={onSubmit}
    >
      <Field label={label} error={form.formState.errors.name?.message}>
        <Input autoComplete="off" aria-required="true" {...form.register('name')} />
      </Field>
    </FormDialog>
  );
}
