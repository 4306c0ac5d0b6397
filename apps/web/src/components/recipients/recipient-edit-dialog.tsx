import type { Recipient } from '@portal/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
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
export function RecipientEditDialog({ recipient }: { recipient: Recipient }) {
  const [open, setOpen] = useState(false);
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
          defaultValues={recipientFormValues(recipient)}
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
