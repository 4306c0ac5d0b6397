import { HAND_BACK_REASON_MAX, handBackReasonProblem } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useHandBackLead } from '../api/lead-offers';

const WORDS = {
  pass: {
    title: 'Pass on this offer?',
    description:
      'The lead goes to the next eligible agent and you will not see it again. Passed offers count against your offers accepted.',
    submit: 'Pass',
    label: 'Why are you passing?',
    hint: 'For example: outside the area I cover this month.',
  },
  release: {
    title: 'Release this lead?',
    description:
      'The lead goes back to routing and to the next eligible agent; you will no longer see it. Do this only when you cannot serve the seller.',
    submit: 'Release the lead',
    label: 'Why are you releasing it?',
    hint: 'For example: the seller needs a Spanish-speaking agent.',
  },
} as const;

/**
 * Pass (an open offer) or release (an accepted lead), with the reason the server asks for. On
 * success the toast says where the lead went and the sheet closes: the lead is no longer ours.
 */
export function LeadHandBackDialog({
  leadId,
  kind,
  open,
  onOpenChange,
  onDone,
}: {
  leadId: string;
  kind: 'pass' | 'release';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const words = WORDS[kind];
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const handBack = useHandBackLead();
  const [error, setError] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset({ reason: '' });
    setError(null);
  }, [open, reset]);
  const onSubmit = form.handleSubmit(({ reason }) => {
    setError(null);
    handBack.mutate(
      { id: leadId, kind, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          onOpenChange(false);
          toast.success(kind === 'pass' ? 'Offer passed' : 'Lead released', { description: answer.detail });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={words.title}
      description={words.description}
      label={words.title}
      submitLabel={words.submit}
      destructive
      pending={handBack.isPending}
      error={error}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field label={words.label} description={words.hint} error={form.formState.errors.reason?.message}>
        <Textarea
          rows={3}
          maxLength={HAND_BACK_REASON_MAX}
          {...form.register('reason', { validate: (reason) => handBackReasonProblem(reason, kind) ?? true })}
        />
      </Field>
    </FormDialog>
  );
}
