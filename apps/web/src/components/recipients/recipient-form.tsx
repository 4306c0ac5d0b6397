import { zodResolver } from '@hookform/resolvers/zod';
import { type Recipient, type RecipientCreate, RecipientCreateSchema } from '@portal/shared';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { formatPhone } from '@/lib/format-phone';

export type RecipientFormOutput = z.output<typeof RecipientCreateSchema>;

const CHANNELS = [
  { name: 'send_sms', label: 'Text message (SMS)' },
  { name: 'send_email', label: 'E-mail' },
  { name: 'phone_call', label: 'Phone call' },
] as const;

/** A new person is told of leads by text and e-mail unless the agent says otherwise. */
export const blankRecipient: RecipientCreate = {
  first_name: '',
  last_name: '',
  phone_number: '',
  email: '',
  send_sms: true,
  send_email: true,
  phone_call: false,
};

export const recipientFormValues = (recipient: Recipient): RecipientCreate => ({
  first_name: recipient.first_name,
  last_name: recipient.last_name,
  phone_number: formatPhone(recipient.phone_number),
  email: recipient.email,
  send_sms: recipient.send_sms,
  send_email: recipient.send_email,
  phone_call: recipient.phone_call,
});

/**
 * Name, phone, e-mail and how each lead reaches the person, checked with the shared
 * RecipientCreateSchema: a first name is required, phone and e-mail must be real ones, and a
 * channel needs its phone or e-mail.
 */
export function RecipientForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  onValuesChange,
}: {
  defaultValues: RecipientCreate;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: RecipientFormOutput) => void;
  /** Every change, as typed: lets a dialog keep a draft when its layout is rebuilt. */
  onValuesChange?: (values: RecipientCreate) => void;
}) {
  const form = useForm<RecipientCreate, unknown, RecipientFormOutput>({
    resolver: zodResolver(RecipientCreateSchema),
    defaultValues,
  });
  React.useEffect(() => {
    if (!onValuesChange) return;
    const subscription = form.watch((values) => onValuesChange(values as RecipientCreate));
    return () => subscription.unsubscribe();
  }, [form, onValuesChange]);
  const { errors } = form.formState;
  const channelsId = React.useId();

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message}>
          <Input autoComplete="off" aria-required="true" {...form.register('first_name')} />
        </Field>
        <Field label="Last name" error={errors.last_name?.message}>
          <Input autoComplete="off" {...form.register('last_name')} />
        </Field>
      </div>
      <Field
        label="Mobile phone"
        description="For text messages and calls."
        error={errors.phone_number?.message}
      >
        <Input type="tel" inputMode="tel" autoComplete="off" {...form.register('phone_number')} />
      </Field>
      <Field label="E-mail address" error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <fieldset className="grid gap-3" aria-describedby={`${channelsId}-hint`}>
        <legend className="mb-1 text-sm font-medium">How each lead reaches them</legend>
        <p id={`${channelsId}-hint`} className="text-sm text-muted-foreground">
          Texts and calls need a mobile phone; e-mails need an e-mail address.
        </p>
        {CHANNELS.map((channel) => (
          <Controller
            key={channel.name}
            control={form.control}
            name={channel.name}
            rules={{ deps: ['phone_number', 'email'] }}
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Switch
                  id={`${channelsId}-${channel.name}`}
                  ref={field.ref}
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
                <label htmlFor={`${channelsId}-${channel.name}`} className="text-sm">
                  {channel.label}
                </label>
              </div>
            )}
          />
        ))}
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
