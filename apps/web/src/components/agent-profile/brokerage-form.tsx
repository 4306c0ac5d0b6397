import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, BrokerageInfoSchema } from '@portal/shared';
import type * as React from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatPhone } from '@/lib/format-phone';
import { useStepSubmit } from '@/lib/use-step-submit';

type Contact = { name: string; phone: string; email: string };
interface BrokerageValues {
  brokerage: string;
  broker_of_record: Contact & { is_billing_contact: boolean; billing_contact: Contact };
}
export type BrokerageInfo = z.output<typeof BrokerageInfoSchema>;

const zod = zodResolver(BrokerageInfoSchema);

/** The billing contact's fields are on screen only when someone other than the broker pays. */
const resolver: Resolver<BrokerageValues, unknown, BrokerageInfo> = (values, context, options) => {
  const broker = values.broker_of_record;
  const input = {
    ...values,
    broker_of_record: {
      ...broker,
      billing_contact: broker.is_billing_contact ? null : broker.billing_contact,
    },
  };
  return zod(input, context, options as never) as ReturnType<
    Resolver<BrokerageValues, unknown, BrokerageInfo>
  >;
};

const contactDefaults = (contact: Contact | null | undefined): Contact => ({
  name: contact?.name ?? '',
  phone: formatPhone(contact?.phone),
  email: contact?.email ?? '',
});

type ContactErrors = Partial<Record<keyof Contact, { message?: string }>> | undefined;

/** A person's name, phone and e-mail: the broker's, and the billing contact's when someone else pays. */
function ContactFields({
  form,
  who,
  path,
  errors,
}: {
  form: UseFormReturn<BrokerageValues, unknown, BrokerageInfo>;
  who: string;
  path: 'broker_of_record' | 'broker_of_record.billing_contact';
  errors: ContactErrors;
}) {
  return (
    <>
      <Field label={`${who} name`} error={errors?.name?.message}>
        <Input autoComplete="off" {...form.register(`${path}.name`)} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={`${who} phone`} error={errors?.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="off" {...form.register(`${path}.phone`)} />
        </Field>
        <Field label={`${who} e-mail`} error={errors?.email?.message}>
          <Input type="email" inputMode="email" autoComplete="off" {...form.register(`${path}.email`)} />
        </Field>
      </div>
    </>
  );
}

interface BrokerageFormProps {
  agent: AgentRecord;
  /** Saves the checked answers; what it throws is shown above the buttons, and nothing typed is lost. */
  onSave: (values: BrokerageInfo) => Promise<void>;
  /** The form's buttons (a submit button saves), given whether a save is under way. */
  actions: (pending: boolean) => React.ReactNode;
}

/**
 * The brokerage's name and the broker of record, with who receives the bills: the signup step,
 * the onboarding step and the profile page each decide what saving means and which buttons show.
 */
export function BrokerageForm({ agent, onSave, actions }: BrokerageFormProps) {
  const submit = useStepSubmit();
  const broker = agent.broker_of_record;
  const form = useForm<BrokerageValues, unknown, BrokerageInfo>({
    resolver,
    defaultValues: {
      brokerage: agent.brokerage,
      broker_of_record: {
        ...contactDefaults(broker),
        is_billing_contact: broker?.is_billing_contact ?? true,
        billing_contact: contactDefaults(broker?.billing_contact),
      },
    },
  });
  const { errors } = form.formState;
  const brokerErrors = errors.broker_of_record;
  const billingErrors = brokerErrors?.billing_contact;
  const brokerPays = form.watch('broker_of_record.is_billing_contact');

  const onSubmit = form.handleSubmit(
    (values) => submit.run(() => onSave(values)),
    // The field messages say what to fix now; an earlier save's message no longer applies.
    () => submit.setError(null),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Brokerage information" className="grid gap-5">
      <Field label="Brokerage" error={errors.brokerage?.message}>
        <Input autoComplete="organization" {...form.register('brokerage')} />
      </Field>
      <fieldset className="grid gap-5">
        <legend className="mb-1 font-semibold">Broker of record</legend>
        <ContactFields form={form} who="Broker's" path="broker_of_record" errors={brokerErrors} />
        <Controller
          control={form.control}
          name="broker_of_record.is_billing_contact"
          render={({ field }) => (
            <ChoiceField
              legend="Who receives the bills?"
              choices={[
                { value: 'yes', label: 'The broker' },
                { value: 'no', label: 'Someone else' },
              ]}
              layout="row"
              value={field.value ? 'yes' : 'no'}
              onValueChange={(value) => field.onChange(value === 'yes')}
              onBlur={field.onBlur}
              error={brokerErrors?.is_billing_contact?.message ?? billingErrors?.message}
            />
          )}
        />
      </fieldset>
      {brokerPays ? null : (
        <fieldset className="grid gap-5">
          <legend className="mb-1 font-semibold">Billing contact</legend>
          <ContactFields
            form={form}
            who="Billing contact's"
            path="broker_of_record.billing_contact"
            errors={billingErrors}
          />
        </fieldset>
      )}
      <FormError message={submit.error} />
      {actions(submit.pending)}
    </form>
  );
}
