import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentRecord } from '@portal/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import {
  browserTimezone,
  isTimezoneChoice,
  TIMEZONE_CHOICES,
  TIMEZONE_NAMES,
  type TimezoneChoice,
} from '@/lib/time-zones';
import { useStepSubmit } from '@/lib/use-step-submit';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

const TimezoneFormSchema = z.object({
  timezone: z.enum(TIMEZONE_CHOICES as [TimezoneChoice, ...TimezoneChoice[]], {
    message: 'Choose your time zone',
  }),
});

const localTime = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date());

/** One of the six US zones; the browser's own zone is chosen already when it is one of them. */
export function TimezoneForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('timezone', agent);
  const submit = useStepSubmit();
  const form = useForm<z.input<typeof TimezoneFormSchema>, unknown, z.output<typeof TimezoneFormSchema>>({
    resolver: zodResolver(TimezoneFormSchema),
    defaultValues: { timezone: isTimezoneChoice(agent.timezone) ? agent.timezone : browserTimezone() },
  });
  const { errors } = form.formState;
  const choices = TIMEZONE_CHOICES.map((zone) => ({
    value: zone,
    label: TIMEZONE_NAMES[zone],
    description: `Now ${localTime(zone)}`,
  }));

  const onSubmit = form.handleSubmit((values) => submit.run(() => save(values)));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Time zone" className="grid gap-5">
      <Controller
        control={form.control}
        name="timezone"
        render={({ field }) => (
          <ChoiceField
            legend="Your time zone"
            choices={choices}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.timezone?.message}
            layout="grid"
          />
        )}
      />
      <FormError message={submit.error} />
      <WizardActions page="timezone" agent={agent} pending={submit.pending} />
    </form>
  );
}
