import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, PersonalInfoSchema } from '@portal/shared';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatPhone } from '@/lib/format-phone';
import { MOBILE_DEVICES } from '@/lib/mobile-devices';
import { useStepSubmit } from '@/lib/use-step-submit';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

/** First and last name, the mobile phone leads reach, and the kind of phone it is. */
export function PersonalInfoForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('personalInfo', agent);
  const submit = useStepSubmit();
  const form = useForm<z.input<typeof PersonalInfoSchema>, unknown, z.output<typeof PersonalInfoSchema>>({
    resolver: zodResolver(PersonalInfoSchema),
    defaultValues: {
      agent_first_name: agent.agent_first_name,
      agent_last_name: agent.agent_last_name,
      agent_phone: formatPhone(agent.agent_phone),
      mobile_device: agent.mobile_device === 'pending' ? undefined : agent.mobile_device,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => submit.run(() => save(values)));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your name and phone" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" error={errors.agent_first_name?.message}>
          <Input autoComplete="given-name" {...form.register('agent_first_name')} />
        </Field>
        <Field label="Last name" error={errors.agent_last_name?.message}>
          <Input autoComplete="family-name" {...form.register('agent_last_name')} />
        </Field>
      </div>
      <Field
        label="Mobile phone"
        error={errors.agent_phone?.message}
        description="The number seller leads will call and text. US numbers need no country code."
      >
        <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('agent_phone')} />
      </Field>
      <Controller
        control={form.control}
        name="mobile_device"
        render={({ field }) => (
          <ChoiceField
            legend="Which kind of mobile phone do you use?"
            description="So our instructions for saving contacts and receiving texts match your phone."
            choices={MOBILE_DEVICES}
            layout="row"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.mobile_device?.message}
          />
        )}
      />
      <FormError message={submit.error} />
      <WizardActions page="personalInfo" agent={agent} pending={submit.pending} />
    </form>
  );
}
