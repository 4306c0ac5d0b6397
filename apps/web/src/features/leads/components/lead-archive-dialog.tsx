import { zodResolver } from '@hookform/resolvers/zod';
import {
  HOLD_MAX_MONTHS,
  HOLD_MIN_MONTHS,
  holdBounds,
  type Lead,
  type LeadPatch,
  LOST_REASON_LABELS,
  LOST_REASONS,
  type LostReason,
  STAGE_LABELS,
} from '@portal/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { formatDay, leadName } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useUpdateLead } from '../api/update-lead';
import { today } from './lead-close-dialog';
import { DID_NOT_CLOSE_MAX, didNotCloseReason } from './lead-did-not-close-dialog';

/** The day `months` after `from` (YYYY-MM-DD), the 31st falling back to the month's last day. */
export function addMonths(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, last));
  return date.toISOString().slice(0, 10);
}

const HOLD_CHOICES = [1, 3, 6] as const;
/** A quick choice that matches the date shows it, in the secondary (informational) blue. */
const PRESSED =
  'h-10 aria-pressed:border-secondary aria-pressed:bg-secondary-soft aria-pressed:text-secondary-hover';
const REASON_TEXT_MAX = 500;

/** `underContract`: a hold for a lead under contract also says why it did not close. */
const archiveSchema = (day: string, underContract: boolean) => {
  const { min, max } = holdBounds(day);
  return z
    .object({
      outcome: z.enum(['lost', 'on_hold', '']),
      lost_reason: z.enum([...LOST_REASONS, '']),
      lost_reason_text: z
        .string()
        .trim()
        .max(REASON_TEXT_MAX, `The reason is too long (at most ${REASON_TEXT_MAX} characters)`),
      hold_until: z.string(),
      did_not_close_reason: didNotCloseReason,
    })
    .superRefine((values, ctx) => {
      if (values.outcome === '') {
        ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'Choose lost or on hold' });
      }
      if (values.outcome === 'lost') {
        if (values.lost_reason === '') {
          ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: 'Choose why the lead was lost' });
        } else if (values.lost_reason === 'other' && !values.lost_reason_text) {
          ctx.addIssue({ code: 'custom', path: ['lost_reason_text'], message: 'Say why the lead was lost' });
        }
      }
      if (values.outcome === 'on_hold') {
        if (!values.hold_until) {
          ctx.addIssue({
            code: 'custom',
            path: ['hold_until'],
            message: 'Choose the date the lead comes back',
          });
        } else if (values.hold_until < min || values.hold_until > max) {
          ctx.addIssue({
            code: 'custom',
            path: ['hold_until'],
            message: `Choose a date between ${formatDay(min)} and ${formatDay(max)} (${HOLD_MIN_MONTHS} to ${HOLD_MAX_MONTHS} months from today)`,
          });
        }
        if (underContract && !values.did_not_close_reason) {
          ctx.addIssue({
            code: 'custom',
            path: ['did_not_close_reason'],
            message: 'Say why it did not close',
          });
        }
      }
    });
};
type ArchiveValues = z.infer<ReturnType<typeof archiveSchema>>;

const EMPTY: ArchiveValues = {
  outcome: '',
  lost_reason: '',
  lost_reason_text: '',
  hold_until: '',
  did_not_close_reason: '',
};

function patchOf(values: ArchiveValues, underContract: boolean): LeadPatch {
  if (values.outcome === 'on_hold') {
    const hold: LeadPatch = { stage: 'on_hold', hold_until: values.hold_until };
    return underContract ? { ...hold, did_not_close_reason: values.did_not_close_reason } : hold;
  }
  const reason = values.lost_reason as LostReason;
  return reason === 'other'
    ? { stage: 'lost', lost_reason: reason, lost_reason_text: values.lost_reason_text }
    : { stage: 'lost', lost_reason: reason };
}

/**
 * Archiving says what became of the lead: lost, with a reason (and words for "other"), or on
 * hold until a day 1 to 6 months ahead, when it comes back to the queue as being pursued. A lead
 * under contract put on hold also says why it did not close ("Contract fell through" is among
 * the lost reasons).
 */
export function LeadArchiveDialog({
  lead,
  open,
  onOpenChange,
}: {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const archive = useUpdateLead();
  const day = today();
  const { min, max } = holdBounds(day);
  const underContract = lead.stage === 'contract';
  const form = useForm<ArchiveValues>({
    resolver: zodResolver(archiveSchema(day, underContract)),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [outcome, reason, holdUntil] = form.watch(['outcome', 'lost_reason', 'hold_until']);

  // Each opening starts from a blank form; a refused save keeps what was chosen, to try again.
  const setOpen = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      archive.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    archive.mutate(
      { id: lead.id, patch: patchOf(values, underContract), from: lead.status },
      { onSuccess: () => setOpen(false) },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Archive this lead"
      description={`Say what became of ${leadName(lead)}: it leaves your queue, and the office sees why.`}
      label="Archive lead"
      submitLabel={outcome === 'on_hold' ? 'Put on hold' : 'Archive'}
      pending={archive.isPending}
      error={archive.isError ? `The lead was not archived: ${errorMessage(archive.error)}` : null}
      onSubmit={onSubmit}
      scroll
    >
      <Controller
        control={form.control}
        name="outcome"
        render={({ field }) => (
          <ChoiceField
            legend="What happened?"
            layout="grid"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.outcome?.message}
            choices={[
              { value: 'lost', label: 'Lost', description: 'They will not sell with you: say why.' },
              {
                value: 'on_hold',
                label: 'On hold',
                description: `Not now: it comes back as ${STAGE_LABELS.pursuing} on the date you choose.`,
              },
            ]}
          />
        )}
      />
      {outcome === 'lost' ? (
        <>
          <Controller
            control={form.control}
            name="lost_reason"
            render={({ field }) => (
              <ChoiceField
                legend="Why was it lost?"
                layout="grid"
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.lost_reason?.message}
                choices={LOST_REASONS.map((value) => ({ value, label: LOST_REASON_LABELS[value] }))}
              />
            )}
          />
          {reason === 'other' ? (
            <Field label="The reason" error={errors.lost_reason_text?.message}>
              <Textarea rows={3} maxLength={REASON_TEXT_MAX} {...form.register('lost_reason_text')} />
            </Field>
          ) : null}
        </>
      ) : null}
      {outcome === 'on_hold' ? (
        <div className="grid gap-2">
          <fieldset aria-label="Hold for" className="min-w-0 flex flex-wrap gap-2">
            {HOLD_CHOICES.map((months) => {
              const date = addMonths(day, months);
              return (
                <Button
                  key={months}
                  type="button"
                  variant="outline"
                  size="sm"
                  className={PRESSED}
                  aria-pressed={holdUntil === date}
                  onClick={() =>
                    form.setValue('hold_until', date, { shouldValidate: true, shouldDirty: true })
                  }
                >
                  {months} month{months === 1 ? '' : 's'}
                </Button>
              );
            })}
          </fieldset>
          <Field
            label="Comes back on"
            description={`Between ${formatDay(min)} and ${formatDay(max)}.`}
            error={errors.hold_until?.message}
          >
            <Input type="date" min={min} max={max} {...form.register('hold_until')} />
          </Field>
          {underContract ? (
            <Field
              label="It did not close: why?"
              description={`The lead was under contract. At most ${DID_NOT_CLOSE_MAX} characters.`}
              error={errors.did_not_close_reason?.message}
            >
              <Textarea
                rows={3}
                required
                maxLength={DID_NOT_CLOSE_MAX}
                {...form.register('did_not_close_reason')}
              />
            </Field>
          ) : null}
        </div>
      ) : null}
    </FormDialog>
  );
}
