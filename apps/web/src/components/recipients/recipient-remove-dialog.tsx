import type { Recipient } from '@portal/shared';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { recipientName, useRemoveRecipient } from '@/lib/recipients-api';

/**
 * The Remove button of one recipient and its confirmation: "Remove <name>? They will stop
 * receiving leads." with Cancel and Remove.
 */
export function RecipientRemoveDialog({
  recipient,
  onRemoved,
}: {
  recipient: Recipient;
  /** The row is gone once removed: where focus goes next. */
  onRemoved: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveRecipient();
  const removed = useRef(false);
  const name = recipientName(recipient);
  return (
    <Dialog open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Remove <span className="sr-only">{name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          event.preventDefault();
          onRemoved();
        }}
      >
        <DialogHeader>
          <DialogTitle>Remove {name}?</DialogTitle>
          <DialogDescription>They will stop receiving leads.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            pending={remove.isPending}
            onClick={() =>
              // The row, and this dialog with it, may be gone before a per-call callback runs.
              remove
                .mutateAsync(recipient)
                .then(() => {
                  removed.current = true;
                  setOpen(false);
                })
                .catch(() => undefined)
            }
          >
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
