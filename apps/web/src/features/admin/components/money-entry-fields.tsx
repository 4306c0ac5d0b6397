// The fields a payment and an account entry share: amount in dollars, the day, how the money
// moved, a reference and notes.
import type { PaymentMethod } from '@portal/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { PAYMENT_METHOD_OPTIONS } from './billing-format';

export interface MoneyEntryValues {
  /** Dollars as typed ("1,234.56"). */
  amount: string;
  /** YYYY-MM-DD. */
  paid_on: string;
  method: PaymentMethod | '';
  reference: string;
  notes: string;
}

export function MoneyEntryFields({
  register,
  errors,
}: {
  /** The form's `register` for these names: `(name) => form.register(name)`. */
  register: (name: keyof MoneyEntryValues) => UseFormRegisterReturn;
  errors: Partial<Record<keyof MoneyEntryValues, { message?: string }>>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount (US dollars)" error={errors.amount?.message}>
          <Input inputMode="decimal" autoComplete="off" aria-required="true" {...register('amount')} />
        </Field>
        <Field label="Date" error={errors.paid_on?.message}>
          <Input type="date" aria-required="true" {...register('paid_on')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Method" error={errors.method?.message}>
          <NativeSelect {...register('method')}>
            <option value="">Not recorded</option>
            {PAYMENT_METHOD_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          label="Reference"
          description="A check number or transfer id."
          error={errors.reference?.message}
        >
          <Input autoComplete="off" maxLength={100} {...register('reference')} />
        </Field>
      </div>
      <Field label="Notes" error={errors.notes?.message}>
        <Textarea rows={2} maxLength={500} {...register('notes')} />
      </Field>
    </>
  );
}
