// The agent's own referral fee rate. Empty means none of their own: the office's, the access
// code's or the network's applies (the ledger says which, and at what rate).
import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentLedger } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useUpdateAgent } from '../api/agents';
import { adminKeys } from './admin-api';
import { referralFeeText } from './billing-form';
import { formatPercent, percentAsText, RATE_SOURCE_LABELS } from './billing-format';

const rateForm = z.object({
  referral_fee_percent: referralFeeText,
});
type RateValues = z.input<typeof rateForm>;
type RateOutput = z.output<typeof rateForm>;

export function AgentRateForm({ ledger }: { ledger: AgentLedger }) {
  const own = ledger.rate_source === 'agent' ? ledger.rate_percent : null;
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<RateValues, unknown, RateOutput>({
    resolver: zodResolver(rateForm),
    defaultValues: { referral_fee_percent: percentAsText(own) },
  });
  const update = useUpdateAgent(ledger.agent_id, {
    success: 'Referral fee saved',
    onFieldError: setRefused,
    invalidate: [adminKeys.area('billing')],
  });
  const onSubmit = form.handleSubmit(async ({ referral_fee_percent }) => {
    setRefused(null);
    if (referral_fee_percent === own) {
      toast.info('Nothing to save: the rate is as it was.');
      return;
    }
    try {
      await update.mutateAsync({ referral_fee_percent });
    } catch {
      // The reason is shown above the button (or in a toast); what was typed stays.
    }
  });
  const inherited =
    ledger.rate_source === 'agent'
      ? "Empty: the office's, the access code's or the network's rate applies instead."
      : `Empty: ${RATE_SOURCE_LABELS[ledger.rate_source]} applies, now ${formatPercent(ledger.rate_percent)}.`;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Agent's referral fee" className="grid gap-4">
      <Field
        label="Referral fee (%)"
        description={`${inherited} Invoices already issued keep their rate.`}
        error={form.formState.errors.referral_fee_percent?.message}
        className="max-w-sm"
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('referral_fee_percent')} />
      </Field>
      <FormError message={refused} />
      <div>
        <Button type="submit" pending={update.isPending}>
          Save referral fee
        </Button>
      </div>
    </form>
  );
}
