import { zodResolver } from '@hookform/resolvers/zod';
import type { ActivityOutcome, Lead, LeadActivityInput } from '@portal/shared';
import type * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { leadName } from '@/components/leads/lead-format';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLogActivity } from '../api/log-activity';
import { ACTIVITY_KIND_LABELS, outcomeLabel } from './lead-timeline';

const KINDS = ['call', 'text', 'email', 'meeting'] as const;
const OUTCOMES: Record<'call' | 'text', readonly ActivityOutcome[]> = {
  call: ['no_answer', 'left_message', 'spoke', 'wrong_number'],
  text: ['no_answer', 'spoke', 'wrong_number'],
};
const BODY_MAX = 5000;

const LogActivitySchema = z.object({
  kind: z.enum([...KINDS, '']).refine((kind) => kind.length > 0, 'Choose what you did'),
  outcome: z.enum(['no_answer', 'left_message', 'spoke', 'wrong_number', '']),
  body: z.string().trim().max(BODY_MAX, `The note is too long (at most ${BODY_MAX} characters)`),
});
type LogActivityValues = z.infer<typeof LogActivitySchema>;
const EMPTY: LogActivityValues = { kind: '', outcome: '', body: '' };

function activityOf(values: LogActivityValues): LeadActivityInput {
  const kind = values.kind as (typeof KINDS)[number];
  const outcome = (kind === 'call' || kind === 'text') && values.outcome ? values.outcome : undefined;
  return { kind, ...(outcome ? { outcome } : {}), ...(values.body ? { body: values.body } : {}) };
}

/** A call, text, e-mail or meeting done outside the portal (from another phone, in person). */
export function LeadLogActivityDialog({
  lead,
  open,
  onOpenChange,
  trigger,
}: {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: React.ReactNode;
}) {
  const log = useLogActivity();
  const form = useForm<LogActivityValues>({
    resolver: zodResolver(LogActivitySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const withOutcome = kind === 'call' || kind === 'text';

  const setOpen = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      log.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    log.mutate(
      { leadId: lead.id, activity: activityOf(values) },
      {
        onSuccess: () => {
          toast.success(`${ACTIVITY_KIND_LABELS[values.kind as (typeof KINDS)[number]]} logged`);
          setOpen(false);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title="Log activity"
      description={`Something you did about ${leadName(lead)} outside the portal.`}
      label="Log activity"
      submitLabel="Log activity"
      pending={log.isPending}
      error={log.isError ? `It was not logged: ${errorMessage(log.error)}` : null}
      onSubmit={onSubmit}
      scroll
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <ChoiceField
            legend="What did you do?"
            layout="tiles"
            name={field.name}
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              form.setValue('outcome', '');
            }}
            onBlur={field.onBlur}
            error={errors.kind?.message}
            choices={KINDS.map((value) => ({ value, label: ACTIVITY_KIND_LABELS[value] }))}
          />
        )}
      />
      {withOutcome ? (
        <Controller
          control={form.control}
          name="outcome"
          render={({ field }) => (
            <ChoiceField
              legend="How did it go? (optional)"
              layout="grid"
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              choices={OUTCOMES[kind].map((value) => ({ value, label: outcomeLabel(kind, value) }))}
            />
          )}
        />
      ) : null}
      <Field label="Note (optional)" error={errors.body?.message}>
        <Textarea rows={3} maxLength={BODY_MAX} {...form.register('body')} />
      </Field>
    </FormDialog>
  );
}
