import { zodResolver } from '@hookform/resolvers/zod';
import { AgentProfilePatchSchema, type AgentRecord } from '@portal/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useStepSubmit } from '@/lib/use-step-submit';
import { storedYesNo, yesNoAnswer } from '@/lib/yes-no';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

const { google_business_profile_name, gbp_link } = AgentProfilePatchSchema.shape;

const LsaFormSchema = z.object({
  lsa: yesNoAnswer('Answer the Local Services Ads question'),
  google_business_profile_name: google_business_profile_name.unwrap(),
  gbp_link: gbp_link.unwrap(),
});

/** Whether the agent wants Local Services Ads, and their Google Business Profile if they have one. */
export function LsaForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('lsa', agent);
  const submit = useStepSubmit();
  const form = useForm<z.input<typeof LsaFormSchema>, unknown, z.output<typeof LsaFormSchema>>({
    resolver: zodResolver(LsaFormSchema),
    defaultValues: {
      lsa: storedYesNo(agent.google.lsa),
      google_business_profile_name: agent.google_business_profile_name,
      gbp_link: agent.gbp_link,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ lsa, ...profile }) =>
    submit.run(() => save({ google: { lsa }, ...profile })),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Google Local Services Ads" className="grid gap-6">
      <Controller
        control={form.control}
        name="lsa"
        render={({ field }) => (
          <ChoiceField
            legend="Shall we run Google Local Services Ads for you?"
            choices={[
              {
                value: 'yes',
                label: 'Yes, include Local Services Ads',
                description:
                  'Google checks your licence and background, then shows you with the Google Guaranteed badge.',
              },
              {
                value: 'no',
                label: 'No, not for now',
                description: 'Your advertising runs without them; you can ask the office to add them later.',
              },
            ]}
            layout="row"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.lsa?.message}
          />
        )}
      />
      <fieldset className="grid gap-5">
        <legend className="mb-1 font-semibold">Your Google Business Profile (if you have one)</legend>
        <Field label="Business profile name" error={errors.google_business_profile_name?.message}>
          <Input autoComplete="organization" {...form.register('google_business_profile_name')} />
        </Field>
        <Field
          label="Business profile link"
          error={errors.gbp_link?.message}
          description="The address of your profile, starting with https:// (open your profile on Google and copy it)."
        >
          <Input type="url" inputMode="url" placeholder="https://" {...form.register('gbp_link')} />
        </Field>
      </fieldset>
      <FormError message={submit.error} />
      <WizardActions page="lsa" agent={agent} pending={submit.pending} />
    </form>
  );
}
