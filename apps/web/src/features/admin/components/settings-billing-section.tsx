// The "Referral fees" part of the settings: the network's rate (for agents with none of their
// own, their office's or their access code's), how many days an invoice gives to pay, and how to
// pay as the invoices print it.
import type { Settings } from '@portal/shared';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { AdminSection } from './admin-section';

export function SettingsBillingSection({ form }: { form: UseFormReturn<Settings> }) {
  const errors = form.formState.errors.billing;
  return (
    <AdminSection
      title="Referral fees"
      description="What closings are invoiced at, and what the invoices ask of the agents."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Network referral fee (%)"
          description="The share of the gross commission, for agents with no rate of their own, their office's or their access code's."
          error={errors?.referral_fee_percent?.message}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            {...form.register('billing.referral_fee_percent', { valueAsNumber: true })}
          />
        </Field>
        <Field
          label="Days to pay"
          description="An invoice is due this many days after it is issued (1 to 120)."
          error={errors?.invoice_due_days?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={120}
            step={1}
            {...form.register('billing.invoice_due_days', { valueAsNumber: true })}
          />
        </Field>
      </div>
      <Field
        label="How to pay"
        description="Printed on every invoice and shown on the agents' Billing page."
        error={errors?.how_to_pay?.message}
      >
        <Textarea rows={3} maxLength={1000} {...form.register('billing.how_to_pay')} />
      </Field>
      {/* A refusal of the server that names no one field. */}
      {errors?.message ? <p className="text-sm font-medium text-destructive">{errors.message}</p> : null}
    </AdminSection>
  );
}
