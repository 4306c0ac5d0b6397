import type { Recipient, RecipientCreate } from '@portal/shared';
import { Pencil } from 'lucide-react';
import { createContext, useCallback, useContext, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { recipientName, useUpdateRecipient } from '@/lib/recipients-api';
import { RecipientForm, recipientFormValues } from './recipient-form';

/** The Edit button of one recipient and its dialog. */
/**
 * Which recipient is being edited, and what was typed so far, kept above the list's layout: the
 * list switches between a table and cards as its width changes, which rebuilds every row, and an
 * open dialog must survive that with its text.
 */
export interface EditState {
  editing: string | null;
  setEditing: (id: string | null) => void;
  drafts: Map<string, RecipientCreate>;
}
export const RecipientEditContext = createContext<EditState | null>(null);

export function RecipientEditDialog({ recipient }: { recipient: Recipient }) {
  const shared = useContext(RecipientEditContext);
  const [localOpen, setLocalOpen] = useState(false);
  const open = shared ? shared.editing === recipient._id : localOpen;
  const setOpen = (next: boolean) => {
    if (!shared) return setLocalOpen(next);
    if (!next) shared.drafts.delete(recipient._id);
    shared.setEditing(next ? recipient._id : null);
  };
  const keepDraft = useCallback(
    (values: RecipientCreate) => shared?.drafts.set(recipient._id, values),
    [shared, recipient._id],
  );
  const update = useUpdateRecipient();
  const name = recipientName(recipient);
  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : setOpen(next))}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit <span className="sr-only">{name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit {name}</DialogTitle>
          <DialogDescription>
            {recipient.is_agent
              ? 'You always receive your leads; choose how they reach you.'
              : 'Their name, phone, e-mail and how each lead reaches them.'}
          </DialogDescription>
        </DialogHeader>
        <RecipientForm
          defaultValues={shared?.drafts.get(recipient._id) ?? recipientFormValues(recipient)}
          onValuesChange={keepDraft}
          submitLabel="Save changes"
          pending={update.isPending}
          onSubmit={({ first_name, last_name, phone_number, email, send_sms, send_email, phone_call }) =>
            update.mutate(
              {
                recipient,
                patch: { first_name, last_name, phone_number, email, send_sms, send_email, phone_call },
              },
              { onSuccess: () => setOpen(false) },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
