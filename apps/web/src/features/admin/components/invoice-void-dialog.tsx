// "Void" an invoice: with a reason, after saying that it cannot be undone and that what is left
// owing is cancelled (payments already recorded stay in the ledger).
import { formatCents, type Invoice, VoidInputSchema } from '@portal/shared';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useVoidInvoice } from '../api/invoices';
import { ConfirmDialog } from './confirm-dialog';

export function InvoiceVoidDialog({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const voiding = useVoidInvoice(invoice, { onFieldError: setServerError });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReason('');
          setProblem(null);
          setServerError(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <Ban aria-hidden="true" />
          Void <span className="sr-only">{invoice.number}</span>
        </Button>
      }
      title={`Void ${invoice.number}?`}
      description={
        <>
          Voiding cannot be undone. What is left owing, {formatCents(invoice.balance_cents)}, is cancelled and{' '}
          {invoice.agent_name} no longer owes it; payments already recorded stay in the ledger.
        </>
      }
      confirmLabel="Void invoice"
      destructive
      pending={voiding.isPending}
      error={serverError}
      onConfirm={() => {
        setServerError(null);
        const parsed = VoidInputSchema.safeParse({ reason });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message ?? 'Say why the invoice is void');
          return;
        }
        setProblem(null);
        voiding.mutate(parsed.data, { onSuccess: () => setOpen(false) });
      }}
    >
      <Field
        label="Reason"
        description="Kept with the invoice and in the audit log."
        error={problem ?? undefined}
      >
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={3}
          aria-required="true"
        />
      </Field>
    </ConfirmDialog>
  );
}
