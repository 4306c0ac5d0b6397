import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLogActivity } from '../api/log-activity';

export const NOTES_MAX = 5000;

const NoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note first')
    .max(NOTES_MAX, `The note is too long (at most ${NOTES_MAX.toLocaleString('en-US')} characters)`),
});
type NoteValues = z.infer<typeof NoteSchema>;

/**
 * The thread's composer: each note is added to the lead's activity with its author, for the
 * agent and the team to read. A failed save leaves the text as typed, to add again.
 * Ctrl+Enter (⌘+Enter) adds it from the keyboard.
 */
export function LeadNotesForm({ lead }: { lead: Lead }) {
  const add = useLogActivity();
  const form = useForm<NoteValues>({
    resolver: zodResolver(NoteSchema),
    mode: 'onSubmit',
    defaultValues: { body: '' },
  });
  const body = form.watch('body');

  const onSubmit = form.handleSubmit(({ body: value }) => {
    if (add.isPending) return;
    add.mutate(
      { leadId: lead.id, activity: { kind: 'note', body: value } },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          toast.success('Note added');
        },
      },
    );
  });

  return (
    <form noValidate aria-label="Add a note" onSubmit={onSubmit} className="grid gap-2">
      <Field
        label="Add a note"
        description={`${body.length.toLocaleString('en-US')} / ${NOTES_MAX.toLocaleString('en-US')} characters`}
        error={form.formState.errors.body?.message}
      >
        <Textarea
          rows={3}
          placeholder="What the seller said, when to call back…"
          {...form.register('body')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void onSubmit();
            }
          }}
        />
      </Field>
      {add.isError ? (
        <FormError
          message={`Your note was not added (${errorMessage(add.error).replace(/\.$/, '')}). It is still here, so you can add it again.`}
        />
      ) : null}
      <div>
        <Button type="submit" variant="secondary" disabled={body.trim() === ''} pending={add.isPending}>
          Add note
        </Button>
      </div>
    </form>
  );
}
