import { Plus } from 'lucide-react';
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
import { useAddRecipient } from '@/lib/recipients-api';
import { blankRecipient, RecipientForm } from './recipient-form';

export type RecipientKind = 'team' | 'primary';

const COPY: Record<RecipientKind, { title: string; description: string }> = {
  team: {
    title: 'Add team member',
    description: 'Someone on your team who receives your leads with you.',
  },
  primary: {
    title: 'Add primary agent',
    description:
      'Another agent who becomes the primary agent for your leads. You keep receiving them as well.',
  },
};

/** "Add team member" or "Add primary agent": the button and its dialog. */
export function RecipientAddDialog({
  kind,
  variant = 'default',
}: {
  kind: RecipientKind;
  variant?: 'default' | 'outline';
}) {
  const [open, setOpen] = useState(false);
  const add = useAddRecipient();
  const { title, description } = COPY[kind];
  return (
    <Dialog open={open} onOpenChange={(next) => (add.isPending ? undefined : setOpen(next))}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Plus aria-hidden="true" />
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <RecipientForm
          defaultValues={blankRecipient}
          submitLabel={title}
          pending={add.isPending}
          onSubmit={(values) =>
            add.mutate({ ...values, is_primary: kind === 'primary' }, { onSuccess: () => setOpen(false) })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
