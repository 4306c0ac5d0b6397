// "Record payment" on an invoice: a payment, a credit or a refund, the amount typed in dollars
// (the balance unless changed), the day, how it was paid. A refusal (more than the balance...)
// stays in the dialog with everything typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { formatCents, type Invoice, type PaymentInput, PaymentInputSchema } from '@portal/shared';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useRecordPayment } from '../api/invoices';
import { centsAsText, dollarsAsCents, methodChoice, todayInput } from './billing-form';
import { MoneyEntryFields } from './money-entry-fields';

const KINDS = {
  payment: { label: 'Payment', hint: 'Money the agent paid: the balance goes down.' },
  credit: { label: 'Credit', hint: 'A reduction the network grants: the balance goes down, no money moves.' },
  refund: { label: 'Refund', hint: 'Money paid back to the agent: the balance goes up by as much.' },
} as const;

const paymentForm = z
  .object({
    kind: z.enum(['payment', 'credit', 'refund']),
    amount: dollarsAsCents('The amount'),
    paid_on: PaymentInputSchema.shape.paid_on,
    method: methodChoice,
    reference: PaymentInputSchema.shape.reference,
    notes: PaymentInputSchema.shape.notes,
  })
  .transform(({ amount, ...rest }): PaymentInput => ({ ...rest, amount_cents: amount }));

type PaymentValues = z.input<typeof paymentForm>;

/** An invoice paid in full takes only a refund: the dialog opens on it, for what was paid. */
const paidInFull = (invoice: Invoice) => invoice.status === 'paid';

const startValues = (invoice: Invoice): PaymentValues => ({
  kind: paidInFull(invoice) ? 'refund' : 'payment',
  amount: centsAsText(paidInFull(invoice) ? invoice.paid_cents : invoice.balance_cents),
  paid_on: todayInput(),
  method: '',
  reference: '',
  notes: '',
});

export function InvoicePaymentDialog({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const record = useRecordPayment(invoice, { onFieldError: setServerError });
  const form = useForm<PaymentValues, unknown, PaymentInput>({
    resolver: zodResolver(paymentForm),
    defaultValues: startValues(invoice),
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(startValues(invoice));
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <HandCoins aria-hidden="true" />
          {paidInFull(invoice) ? 'Record refund' : 'Record payment'}{' '}
          <span className="sr-only">on {invoice.number}</span>
        </Button>
      }
      scroll
      title={`${paidInFull(invoice) ? 'Record a refund' : 'Record a payment'} on ${invoice.number}`}
      description={`${invoice.agent_name}: ${formatCents(invoice.balance_cents)} owed of ${formatCents(invoice.amount_cents)}.`}
      label={`${paidInFull(invoice) ? 'Record a refund' : 'Record a payment'} on ${invoice.number}`}
      submitLabel="Record"
      pending={record.isPending}
      error={serverError}
      onSubmit={form.handleSubmit((input) => {
        setServerError(null);
        record.mutate(input, { onSuccess: () => setOpen(false) });
      })}
    >
      <Field label="Kind" description={KINDS[kind].hint} error={errors.kind?.message}>
        <NativeSelect {...form.register('kind')}>
          {Object.entries(KINDS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <MoneyEntryFields register={(name) => form.register(name)} errors={errors} />
    </FormDialog>
  );
}
