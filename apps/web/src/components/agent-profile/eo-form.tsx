import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentRecord } from '@portal/shared';
import { FileText } from 'lucide-react';
import type * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FileUpload } from '@/components/upload/file-upload';
import { useStepSubmit } from '@/lib/use-step-submit';
import { yesNoAnswer } from '@/lib/yes-no';

/** With "yes", the expiry date is asked; the certificate itself is checked by the shared step rule. */
const EoFormSchema = z
  .object({
    has_eo_certificate: yesNoAnswer('Say whether you have E&O insurance'),
    policy_exp_date: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.has_eo_certificate === 'yes' && !/^\d{4}-\d{2}-\d{2}$/.test(values.policy_exp_date)) {
      ctx.addIssue({ code: 'custom', path: ['policy_exp_date'], message: 'Enter the policy expiry date' });
    }
  });

/** What the E&O form saves: the answer, with the expiry date when the answer is yes. */
export type EoInsuranceAnswer =
  | { has_eo_certificate: 'yes'; policy_exp_date: string }
  | { has_eo_certificate: 'no' };

/**
 * Errors and omissions insurance: yes with the certificate and its expiry date, or no. The
 * signup step and the onboarding step each decide what saving means and which buttons show.
 */
export function EoForm({
  agent,
  onSave,
  actions,
}: {
  agent: AgentRecord;
  /** Saves the checked answer; what it throws is shown above the buttons, and nothing typed is lost. */
  onSave: (answer: EoInsuranceAnswer) => Promise<void>;
  /** The form's buttons (a submit button saves), given whether a save is under way. */
  actions: (pending: boolean) => React.ReactNode;
}) {
  const submit = useStepSubmit();
  const form = useForm<z.input<typeof EoFormSchema>, unknown, z.output<typeof EoFormSchema>>({
    resolver: zodResolver(EoFormSchema),
    defaultValues: {
      // "no" is the record's default: an agent who has not answered starts with no choice made.
      has_eo_certificate:
        agent.eo_certificate || agent.policy_exp_date || agent.signup_status !== 'eoInsurance'
          ? agent.has_eo_certificate
          : undefined,
      policy_exp_date: agent.policy_exp_date ?? '',
    },
  });
  const { errors } = form.formState;
  const hasInsurance = form.watch('has_eo_certificate') === 'yes';

  const onSubmit = form.handleSubmit(
    ({ has_eo_certificate, policy_exp_date }) =>
      submit.run(() =>
        onSave(
          has_eo_certificate === 'yes' ? { has_eo_certificate, policy_exp_date } : { has_eo_certificate },
        ),
      ),
    // The field messages say what to fix now; an earlier save's message no longer applies.
    () => submit.setError(null),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="E&O insurance" className="grid gap-6">
      <Controller
        control={form.control}
        name="has_eo_certificate"
        render={({ field }) => (
          <ChoiceField
            legend="Do you carry errors and omissions (E&O) insurance?"
            choices={[
              { value: 'yes', label: 'Yes', description: 'Upload the certificate and give its expiry date.' },
              { value: 'no', label: 'No', description: 'You can add a certificate later.' },
            ]}
            layout="row"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.has_eo_certificate?.message}
          />
        )}
      />
      {hasInsurance ? (
        <div className="grid gap-5 rounded-lg border border-border p-4">
          <div className="grid gap-2">
            <p className="text-sm font-medium">Your E&O certificate</p>
            {agent.eo_certificate ? (
              <p className="flex items-center gap-2 text-sm">
                <FileText aria-hidden="true" className="size-4 text-secondary" />
                <a href={agent.eo_certificate} target="_blank" rel="noopener noreferrer">
                  View the certificate you uploaded
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">No certificate uploaded yet.</p>
            )}
            <FileUpload
              kind="eo_certificate"
              label={agent.eo_certificate ? 'Replace the certificate' : 'Upload the certificate'}
            />
          </div>
          <Field label="Policy expiry date" error={errors.policy_exp_date?.message} className="max-w-xs">
            <Input type="date" {...form.register('policy_exp_date')} />
          </Field>
        </div>
      ) : null}
      <FormError message={submit.error} />
      {actions(submit.pending)}
    </form>
  );
}
