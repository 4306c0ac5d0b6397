// Editing one access code: description, limits and who it binds new agents to.
import type { AdminAccessCode } from '@portal/shared';
import { Pencil } from 'lucide-react';
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
import { toast } from '@/lib/toast';
import { useUpdateAccessCode } from '../api/access-codes';
import { AccessCodeForm, accessCodeValues } from './access-code-form';

export function AccessCodeEditDialog({ code }: { code: AdminAccessCode }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateAccessCode({ onFieldError: setServerError });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (update.isPending) return;
        setOpen(next);
        if (next) setServerError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit <span className="sr-only">{code.code}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            Edit <span className="font-mono">{code.code}</span>
          </DialogTitle>
          <DialogDescription>Changes apply to sign-ups from now on.</DialogDescription>
        </DialogHeader>
        <AccessCodeForm
          mode="edit"
          label={`Edit ${code.code}`}
          defaultValues={accessCodeValues(code)}
          serverError={serverError}
          onSubmit={(patch) => {
            setServerError(null);
            if (Object.keys(patch).length === 0) {
              toast.info('Nothing was changed.');
              setOpen(false);
              return;
            }
            update.mutate({ code: code.code, patch }, { onSuccess: () => setOpen(false) });
          }}
          actions={
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={update.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" pending={update.isPending}>
                Save changes
              </Button>
            </DialogFooter>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
