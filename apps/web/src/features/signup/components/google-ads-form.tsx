import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, displayTimeZone } from '@portal/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { dayInZone } from '@/lib/time-zones';
import { useStepSubmit } from '@/lib/use-step-submit';
import { storedYesNo, yesNoAnswer } from '@/lib/yes-no';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

/** The go-live date is asked with "yes", and cannot be a day already gone (in the agent's zone). */
const googleAdsFormSchema = (today: string) =>
  z
    .object({ ads: yesNoAnswer('Answer the Google Ads question'), google_ads_date: z.string() })
    .superRefine((values, ctx) => {
      if (values.ads !== 'yes') return;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.google_ads_date)) {
        ctx.addIssue({ code: 'custom', path: ['google_ads_date'], message: 'Choose the day your ads start' });
      } else if (values.google_ads_date < today) {
        ctx.addIssue({ code: 'custom', path: ['google_ads_date'], message: 'Choose today or a later day' });
      }
    });

/** Whether the agent is ready for Google Ads, and the day they go live (the countdown's day). */
export function GoogleAdsForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('googleAds', agent);
  const submit = useStepSubmit();
  const today = dayInZone(new Date(), displayTimeZone(agent.timezone));
  const schema = googleAdsFormSchema(today);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { ads: storedYesNo(agent.google.ads), google_ads_date: agent.google_ads_date ?? '' },
  });
  const { errors } = form.formState;
  const ads = form.watch('ads');

  const onSubmit = form.handleSubmit(({ ads: answer, google_ads_date }) =>
    submit.run(() =>
      save({ google: { ads: answer }, google_ads_date: answer === 'yes' ? google_ads_date : null }),
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Google Ads" className="grid gap-6">
      <Controller
        control={form.control}
        name="ads"
        render={({ field }) => (
          <ChoiceField
            legend="Are you ready for your Google Ads to start?"
            choices={[
              {
                value: 'yes',
                label: 'Yes, choose a start date',
                description: 'Your ads start on the day you choose; seller leads follow soon after.',
              },
              {
                value: 'no',
                label: 'Not yet',
                description: 'The office will agree a start date with you on your onboarding call.',
              },
            ]}
            layout="row"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.ads?.message}
          />
        )}
      />
      {ads === 'yes' ? (
        <Field
          label="Ads start date"
          error={errors.google_ads_date?.message}
          description="Your go-live day. Allow time for the onboarding steps: most agents choose a day one to two weeks away."
          className="max-w-xs"
        >
          <Input type="date" min={today} {...form.register('google_ads_date')} />
        </Field>
      ) : null}
      <FormError message={submit.error} />
      <WizardActions page="googleAds" agent={agent} pending={submit.pending} />
    </form>
  );
}
