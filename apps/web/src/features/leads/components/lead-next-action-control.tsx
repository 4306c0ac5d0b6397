import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead } from '@portal/shared';
import { AlarmClock, CalendarClock, Pencil, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { sectionTitle } from '@/components/leads/lead-section';
import { RelativeTime, useNow } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useUpdateLead } from '../api/update-lead';

export const NEXT_ACTION_MAX = 200;

/** A date-time input's value ("2026-11-21T09:00") for an instant, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The browser's local time at `hour`:00, `days` after `now`'s day. */
const atHour = (now: Date, days: number, hour: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, 0, 0, 0);

/**
 * The next action's quick choices, in the browser's time zone: in an hour (to the minute),
 * tomorrow at 9:00, and next week (the coming Monday, a week on when today is Monday) at 9:00.
 */
export function quickChoices(now: Date): { label: string; value: string }[] {
  const inAnHour = new Date(now.getTime() + 60 * 60_000);
  inAnHour.setSeconds(0, 0);
  const toMonday = (8 - now.getDay()) % 7 || 7;
  return [
    { label: 'In an hour', value: toLocalInput(inAnHour) },
    { label: 'Tomorrow 9:00', value: toLocalInput(atHour(now, 1, 9)) },
    { label: 'Next week (Monday 9:00)', value: toLocalInput(atHour(now, toMonday, 9)) },
  ];
}

const NextActionSchema = z.object({
  next_action: z
    .string()
    .trim()
    .max(NEXT_ACTION_MAX, `The next action is too long (at most ${NEXT_ACTION_MAX} characters)`),
  when: z
    .string()
    .min(1, 'Choose when: a quick choice, or a date and time')
    .refine((value) => !Number.isNaN(new Date(value).getTime()), 'Enter the date and time in full'),
});
type NextActionValues = z.infer<typeof NextActionSchema>;

/**
 * What to do next about the lead and when: the queue puts the lead in front of the agent then.
 * Overdue says so in words as well as in red.
 */
export function LeadNextActionControl({ lead }: { lead: Lead }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const clear = useUpdateLead();
  const set = lead.next_action_at !== null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className={sectionTitle}>
        Next action
      </h3>
      {set && !editing ? (
        <div className="grid gap-2">
          <NextActionSummary lead={lead} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" className="h-10" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Change
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-10"
              pending={clear.isPending}
              onClick={() => clear.mutate({ id: lead.id, patch: { next_action_at: null, next_action: '' } })}
            >
              {clear.isPending ? null : <X aria-hidden="true" />}
              Clear next action
            </Button>
          </div>
          {clear.isError ? (
            <FormError message={`The next action was not cleared: ${errorMessage(clear.error)}`} />
          ) : null}
        </div>
      ) : (
        <NextActionForm lead={lead} onDone={set || editing ? () => setEditing(false) : undefined} />
      )}
    </section>
  );
}

function NextActionSummary({ lead }: { lead: Lead }) {
  const now = useNow();
  const at = lead.next_action_at!;
  const overdue = new Date(at).getTime() < now;
  return (
    <div className="grid gap-0.5">
      <p className="font-medium break-words">{lead.next_action || 'Follow up'}</p>
      <p
        className={cn(
          'flex items-center gap-1.5 text-sm',
          overdue ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        {overdue ? (
          <AlarmClock aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        )}
        <span>
          {overdue ? 'Overdue: was due ' : 'Due '}
          <RelativeTime value={at} />
        </span>
      </p>
    </div>
  );
}

function NextActionForm({ lead, onDone }: { lead: Lead; onDone?: () => void }) {
  const save = useUpdateLead();
  const form = useForm<NextActionValues>({
    resolver: zodResolver(NextActionSchema),
    mode: 'onTouched',
    defaultValues: {
      next_action: lead.next_action,
      when: lead.next_action_at ? toLocalInput(new Date(lead.next_action_at)) : '',
    },
  });
  const { errors } = form.formState;
  const [words, when] = form.watch(['next_action', 'when']);
  const choices = quickChoices(new Date());

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      {
        id: lead.id,
        patch: { next_action: values.next_action, next_action_at: new Date(values.when).toISOString() },
      },
      { onSuccess: () => onDone?.() },
    );
  });

  return (
    <form noValidate aria-label="Next action" onSubmit={onSubmit} className="grid gap-3">
      {lead.next_action_at === null ? (
        <p className="text-sm text-muted-foreground">
          No next action. Set one and the lead comes up in your queue when it is due.
        </p>
      ) : null}
      <Field
        label="What to do"
        description={`${words.length} / ${NEXT_ACTION_MAX} characters`}
        error={errors.next_action?.message}
      >
        <Input placeholder="Call back about the price" autoComplete="off" {...form.register('next_action')} />
      </Field>
      <div className="grid gap-2">
        <fieldset aria-label="When, quick choices" className="min-w-0 flex flex-wrap gap-2">
          {choices.map((choice) => (
            <Button
              key={choice.label}
              type="button"
              variant="outline"
              size="sm"
              className="h-10 aria-pressed:border-secondary aria-pressed:bg-secondary-soft aria-pressed:text-secondary-hover"
              aria-pressed={when === choice.value}
              onClick={() => form.setValue('when', choice.value, { shouldValidate: true, shouldDirty: true })}
            >
              {choice.label}
            </Button>
          ))}
        </fieldset>
        <Field label="When" error={errors.when?.message}>
          <Input type="datetime-local" {...form.register('when')} />
        </Field>
      </div>
      {save.isError ? (
        <FormError
          message={`The next action was not saved: ${errorMessage(save.error)} What you entered is still here, to save again.`}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" pending={save.isPending}>
          Save next action
        </Button>
        {onDone ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
