import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead } from '@portal/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sectionTitle } from '@/components/leads/lead-section';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useUpdateLead } from '../api/update-lead';

export const NOTES_MAX = 5000;

const NotesSchema = z.object({
  notes: z.string().max(NOTES_MAX, `Notes are too long (at most ${NOTES_MAX} characters)`),
});
type NotesValues = z.infer<typeof NotesSchema>;

/** The lead's notes. A failed save leaves the text as typed, to try again. */
export function LeadNotesForm({ lead, disabled }: { lead: Lead; disabled?: boolean }) {
  const save = useUpdateLead();
  const form = useForm<NotesValues>({
    resolver: zodResolver(NotesSchema),
    mode: 'onChange',
    defaultValues: { notes: lead.notes },
  });
  const { isDirty } = form.formState;

  // Someone else (a team member, the office) may change the notes while the panel is open.
  useEffect(() => {
    if (!isDirty) form.reset({ notes: lead.notes });
  }, [lead.notes, isDirty, form]);

  const notes = form.watch('notes');
  const onSubmit = form.handleSubmit(({ notes: value }) => {
    save.mutate(
      { id: lead.id, patch: { notes: value } },
      { onSuccess: (updated) => form.reset({ notes: updated.notes }) },
    );
  });

  return (
    <form noValidate aria-label="Notes" onSubmit={onSubmit} className="grid gap-3">
      <Field
        label={<span className={sectionTitle}>Notes</span>}
        description={`${notes.length.toLocaleString('en-US')} / ${NOTES_MAX.toLocaleString('en-US')} characters`}
        error={form.formState.errors.notes?.message}
      >
        <Textarea
          rows={5}
          placeholder="What the seller said, when to call back…"
          {...form.register('notes')}
        />
      </Field>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Your notes were not saved ({errorMessage(save.error).replace(/\.$/, '')}). They are still here, so
          you can save them again.
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" disabled={!isDirty || disabled} pending={save.isPending}>
          Save notes
        </Button>
      </div>
    </form>
  );
}
