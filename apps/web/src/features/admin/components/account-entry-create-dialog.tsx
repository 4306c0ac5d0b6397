// "Record deposit or refund" on an agent's account: money that moved without an invoice (a
// deposit paid up front, money paid back), the amount typed in dollars and sent in cents.
import { zodResolver } from '@hookform/resolvers/zod';
import { type AccountEntryInput, AccountEntryInputSchema } from '@portal/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useRecordAccountEntry } from '../api/ledger';
import { dollarsAsCents, methodChoice, todayInput } from './billing-form';
import { MoneyEntryFields } from './money-entry-fields';

const KINDS = {
  deposit: { label: 'Deposit', hint: 'Money the agent paid up front, held on their account.' },
  refund: { label: 'Refund', hint: 'Money paid back to the agent, such as a deposit returned.' },
} as const;

const entryForm = z
  .object({
    kind: AccountEntryInputSchema.shape.kind,
    amount: dollarsAsCents('The amount'),
    paid_on: AccountEntryInputSchema.shape.paid_on,
    method: methodChoice,
    reference: AccountEntryInputSchema.shape.reference,
    notes: AccountEntryInputSchema.shape.notes,
  })
  .transform(({ amount, ...rest }): AccountEntryInput => ({ ...rest, amount_cents: amount }));

type EntryValues = z.input<typeof entryForm>;

const startValues = (): EntryValues => ({
  kind: 'deposit',
  amount: '',
  paid_on: todayInput(),
  method: '',
  reference: '',
  notes: '',
});

export function AccountEntryCreateDialog({ agentId, name }: { agentId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const record = useRecordAccountEntry(agentId, { onFieldError: setServerError });
  const form = useForm<EntryValues, unknown, AccountEntryInput>({
    resolver: zodResolver(entryForm),
    defaultValues: startValues(),
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(startValues());
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="outline">
          <Plus aria-hidden="true" />
          Record deposit or refund
        </Button>
      }
      scroll
      title="Record a deposit or refund"
      description={`On ${name}'s account, apart from any invoice. The ledger keeps it for good.`}
      label="Record a deposit or refund"
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
