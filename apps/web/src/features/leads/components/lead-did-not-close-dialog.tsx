import { zodResolver } from '@hookform/resolvers/zod';
import { type Lead, type LeadStage, STAGE_LABELS } from '@portal/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { leadName } from '@/components/leads/lead-format';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

export const DID_NOT_CLOSE_MAX = 500;

/**
 * A lead under contract that moves anywhere but closed or lost (back to an earlier stage, or on
 * hold) needs the reason the sale did not go through: the server refuses the move without it.
 */
export const needsDidNotCloseReason = (from: LeadStage, to: LeadStage) =>
  from === 'contract' && to !== 'contract' && to !== 'closed' && to !== 'lost';

export const didNotCloseReason = z
  .string()
  .trim()
  .max(DID_NOT_CLOSE_MAX, `The reason is too long (at most ${DID_NOT_CLOSE_MAX} characters)`);

const schema = z.object({
  reason: didNotCloseReason.min(1, 'Say why it did not close'),
});
type Values = z.infer<typeof schema>;

/**
 * Asks why a lead under contract did not close before it moves back to `to`. Nothing is sent
 * until Move; Cancel leaves the lead where it was. A refusal keeps what was typed and shows the
 * server's words. The caller saves (`onMove`) and closes it (`to` null) once the move is saved.
 */
export function LeadDidNotCloseDialog({
  lead,
  to,
  pending,
  error,
  onMove,
  onCancel,
}: {
  lead: Lead;
  /** The stage the lead is moving to; null while the dialog is closed. */
  to: LeadStage | null;
  pending: boolean;
  /** Why the move was refused (the server's `detail`). */
  error: string | null;
  onMove: (reason: string) => void;
  onCancel: () => void;
}) {
  const open = to !== null;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const { reset } = form;
  // Each opening starts blank; a refusal keeps the dialog open, and what was typed with it.
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);
  const { errors } = form.formState;
  // The dialog has no trigger for Radix to give the focus back to: it goes back to what had it
  // when the dialog opened (the stage button), unless the caller has put it somewhere already.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const back = opener.current;
      setTimeout(() => {
        // Lost: on the page, or on a container around the opener (the sheet's, once this closes).
        const active = document.activeElement;
        if (back?.isConnected && (!active || (active !== back && active.contains(back)))) back.focus();
      });
    };
  }, [open]);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title="It did not close: why?"
      description={
        to
          ? `${leadName(lead)} was under contract. Say why the sale did not go through before it moves back to ${STAGE_LABELS[to]}; the timeline keeps the reason. If the seller will not sell with you, archive the lead as lost instead.`
          : undefined
      }
      label="Move the lead back"
      submitLabel="Move"
      pending={pending}
      error={error ? `The lead was not moved: ${error}` : null}
      onSubmit={form.handleSubmit(({ reason }) => onMove(reason))}
    >
      <Field
        label="Why it did not close"
        description={`At most ${DID_NOT_CLOSE_MAX} characters.`}
        error={errors.reason?.message}
      >
        <Textarea rows={3} required maxLength={DID_NOT_CLOSE_MAX} {...form.register('reason')} />
      </Field>
    </FormDialog>
  );
}
