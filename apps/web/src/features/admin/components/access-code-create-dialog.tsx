// "New access code": the form in a dialog. A refusal (the code exists, a bad expiry) stays in
// the dialog with everything typed; success closes it and the list shows the new code.
import { Plus } from 'lucide-react';
import { useState } from 'react';
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
import { useCreateAccessCode } from '../api/access-codes';
import { AccessCodeForm, blankAccessCode } from './access-code-form';

export function AccessCodeCreateDialog() {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateAccessCode({
    onFieldError: setServerError,
    onSuccess: () => setOpen(false),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (next) setServerError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New access code
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New access code</DialogTitle>
          <DialogDescription>Agents enter it on the first step of signing up.</DialogDescription>
        </DialogHeader>
        <AccessCodeForm
          mode="create"
          label="New access code"
          defaultValues={blankAccessCode}
          serverError={serverError}
          onSubmit={(input) => {
            setServerError(null);
            create.mutate(input);
          }}
          actions={
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={create.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" pending={create.isPending}>
                Create code
              </Button>
            </DialogFooter>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
