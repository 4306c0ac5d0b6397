// A corporate user's referral fee: the rate of the office's agents who have none of their own
// (an access code's rate comes before it). Empty: none, the network's rate applies.
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminCorporateUser } from '@portal/shared';
import { Percent } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useUpdateCorporateUser } from '../api/corporate-users';
import { adminKeys } from './admin-api';
import { referralFeeText } from './billing-form';
import { percentAsText } from './billing-format';

const feeForm = z.object({
  referral_fee_percent: referralFeeText,
});
type FeeValues = z.input<typeof feeForm>;
type FeeOutput = z.output<typeof feeForm>;

export function CorporateUserFeeDialog({ user }: { user: AdminCorporateUser }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateCorporateUser({
    onFieldError: setServerError,
    invalidate: [adminKeys.area('billing')],
  });
  const form = useForm<FeeValues, unknown, FeeOutput>({
    resolver: zodResolver(feeForm),
    defaultValues: { referral_fee_percent: percentAsText(user.referral_fee_percent) },
  });
  const name = user.name ?? user.email;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset({ referral_fee_percent: percentAsText(user.referral_fee_percent) });
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <Percent aria-hidden="true" />
          Referral fee <span className="sr-only">of {name}</span>
        </Button>
      }
      title={`Referral fee of ${name}`}
      description="For the office's agents who have no rate of their own or from their access code. Invoices already issued keep their rate."
      label={`Referral fee of ${name}`}
      submitLabel="Save"
      pending={update.isPending}
      error={serverError}
      onSubmit={form.handleSubmit(({ referral_fee_percent }) => {
        setServerError(null);
        if (referral_fee_percent === user.referral_fee_percent) {
          toast.info('Nothing was changed.');
          setOpen(false);
          return;
        }
        update.mutate({ id: user.id, patch: { referral_fee_percent } }, { onSuccess: () => setOpen(false) });
      })}
    >
      <Field
        label="Referral fee (%)"
        description="Empty: none; the network's rate applies."
        error={form.formState.errors.referral_fee_percent?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('referral_fee_percent')} />
      </Field>
    </FormDialog>
  );
}
