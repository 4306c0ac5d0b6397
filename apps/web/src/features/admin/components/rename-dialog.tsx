// Renaming something (a corporate user, a group): one field checked with the shared schema, the
// server's refusal kept in the dialog with what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          <Pencil aria-hidden="true" />
          {buttonLabel} <span className="sr-only">{current}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <RenameForm
          id={id}
          current={current}
          label={label}
          schema={schema}
          useSave={useSave}
          onSaved={() => setOpen(false)}
          formLabel={title}
        />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({
  id,
  current,
  label,
  formLabel,
  schema,
  useSave,
  onSaved,
}: {
  id: string;
  current: string;
  label: string;
  formLabel: string;
  schema: z.ZodType<string, string>;
  useSave: UseSave;
  onSaved: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSave(id, setServerError);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: schema })),
    defaultValues: { name: current },
  });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    setServerError(null);
    if (name === current) {
      onSaved();
      return;
    }
    try {
      await save(name);
      onSaved();
    } catch {
      // Shown by onFieldError or a toast; the dialog stays open with the name typed.
    }
  });
  return (
    <form noValidate aria-label={formLabel} onSubmit={onSubmit} className="grid gap-4">
      <Field label={label} error={form.formState.errors.name?.message}>
        <Input autoComplete="off" aria-required="true" {...form.register('name')} />
      </Field>
      <FormError message={serverError} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" pending={form.formState.isSubmitting}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
