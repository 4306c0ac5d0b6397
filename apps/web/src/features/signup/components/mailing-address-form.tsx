import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, MailingAddressSchema, US_STATES } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useStepSubmit } from '@/lib/use-step-submit';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

/** The street, city, state and ZIP code where printed material and documents are sent. */
export function MailingAddressForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('mailingAddress', agent);
  const submit = useStepSubmit();
  const form = useForm({
    resolver: zodResolver(MailingAddressSchema),
    defaultValues: agent.mailing_address ?? { street: '', city: '', state: '', zip: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => submit.run(() => save({ mailing_address: values })));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Mailing address" className="grid gap-5">
      <Field label="Street address" error={errors.street?.message}>
        <Input autoComplete="street-address" {...form.register('street')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_9rem]">
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...form.register('city')} />
        </Field>
        <Field label="State" error={errors.state?.message}>
          <NativeSelect autoComplete="address-level1" {...form.register('state')}>
            <option value="">Select your state</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="ZIP code" error={errors.zip?.message}>
          <Input autoComplete="postal-code" inputMode="numeric" maxLength={5} {...form.register('zip')} />
        </Field>
      </div>
      <FormError message={submit.error} />
      <WizardActions page="mailingAddress" agent={agent} pending={submit.pending} />
    </form>
  );
}
