import { zodResolver } from '@hookform/resolvers/zod';
import { feeCents, formatCents, type Lead, parseDollars } from '@portal/shared';
import type * as React from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney, leadName } from '@/components/leads/lead-format';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatRate, useBilling } from '@/lib/billing-api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUpdateLead } from '../api/update-lead';
import { statementProblem, useUploadSettlementStatement } from '../api/upload-settlement-statement';
import { StatementFileChooser, StatementUploadProgress } from './settlement-statement-upload';

/** "$350,000", "350000", "10,512.50": dollars and at most two decimals; null when not an amount. */
export function parseMoney(value: string): number | null {
  const plain = value.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const amount = Number(plain);
  return Number.isFinite(amount) ? amount : null;
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MAX_AMOUNT = 1e11;

/** "1.234": a figure with fractions of a cent, which no fee can be computed from exactly. */
const subCent = (value: string) => /^\d+\.\d{3,}$/.test(value.replace(/[$,\s]/g, ''));

const money = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
    .refine((value) => !subCent(value), {
      message: `${label} has at most two decimals (cents), like 10,512.50`,
      abort: true,
    })
    .refine(
      (value) => parseMoney(value) !== null,
      `Enter the ${label.toLowerCase()} in dollars, like 350,000`,
    )
    .transform((value) => parseMoney(value) ?? 0)
    .refine((value) => value <= MAX_AMOUNT, `${label} is too large`);

const CloseLeadSchema = z
  .object({
    closing_date: z
      .string()
      .min(1, 'Enter the closing date')
      .refine((value) => z.iso.date().safeParse(value).success, 'Enter the closing date as a date')
      .refine((value) => value <= today(), 'The closing date cannot be in the future'),
    sale_price: money('Sale price').refine((value) => value > 0, 'The sale price must be more than $0'),
    gross_commission: money('Gross commission'),
  })
  .refine((values) => values.gross_commission <= values.sale_price, {
    path: ['gross_commission'],
    message: 'The gross commission cannot be more than the sale price',
  });
type CloseLeadInput = z.input<typeof CloseLeadSchema>;
type CloseLeadValues = z.output<typeof CloseLeadSchema>;

/** An amount in dollars: the $ sign stands before it, the figure is typed as people write it. */
function DollarInput({ className, ...props }: React.ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
      >
        $
      </span>
      <Input inputMode="decimal" autoComplete="off" className={cn('pl-7', className)} {...props} />
    </div>
  );
}

/** "$350,000" under a valid amount, so the figure can be checked before it counts. */
const preview = (value: string, fallback: string) => {
  const amount = parseMoney(value);
  return amount === null ? fallback : `${formatMoney(amount)}`;
};

/** The commission typed, in cents (exact, from the text), or null while it is not an amount. */
const commissionCents = (value: string) => (subCent(value) ? null : parseDollars(value.replace(/\s/g, '')));

/**
 * The fee the closing will create at the agent's rate ("Referral fee at 25 %: $3,086.42"). The
 * rate is asked for when the dialog opens; without it the invoice still says the fee.
 */
function FeePreview({ commission, open }: { commission: string; open: boolean }) {
  const billing = useBilling({ enabled: open });
  const cents = commissionCents(commission);
  const rate = billing.data?.rate_percent;
  let line: string;
  if (rate !== undefined) {
    line =
      cents !== null
        ? `Referral fee at ${formatRate(rate)}: ${formatCents(feeCents(cents, rate))}`
        : `Referral fee: ${formatRate(rate)} of the gross commission`;
  } else if (billing.isError) {
    line = 'Your referral fee could not be looked up: the invoice states it once the lead is closed.';
  } else {
    line = 'Looking up your referral fee…';
  }
  return (
    <div className="grid gap-1 rounded-md bg-muted px-3 py-2 text-sm">
      <p aria-live="polite" className="font-medium">
        {line}
      </p>
      <p className="text-muted-foreground">
        Closing the lead issues an invoice for it, due in 30 days. The settlement statement is due 14 days
        after the closing is recorded.
      </p>
    </div>
  );
}

/**
 * Closing a lead records the sale: the closing date, the sale price and the gross commission,
 * which count toward the agent's closings and commission earned, and create the referral fee's
 * invoice. The settlement statement can come with it: it is sent once the lead is closed, and a
 * failed upload leaves the lead closed, the file chosen and the upload to try again.
 */
export function LeadCloseDialog({
  lead,
  open,
  onOpenChange,
}: {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = useUpdateLead();
  const upload = useUploadSettlementStatement();
  const [statement, setStatement] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The lead was closed here and only the statement's upload is left.
  const [closedHere, setClosedHere] = useState(false);
  const form = useForm<CloseLeadInput, unknown, CloseLeadValues>({
    resolver: zodResolver(CloseLeadSchema),
    mode: 'onTouched',
    defaultValues: { closing_date: today(), sale_price: '', gross_commission: '' },
  });
  const { errors } = form.formState;
  const [salePrice, commission] = form.watch(['sale_price', 'gross_commission']);

  const startOver = () => {
    form.reset();
    setStatement(null);
    setProblem(null);
    setClosedHere(false);
    upload.reset();
  };
  const finish = () => {
    onOpenChange(false);
    startOver();
  };
  const sendStatement = (file: File) =>
    upload.mutate(
      { leadId: lead.id, file },
      {
        onSuccess: () => {
          toast.success('Settlement statement uploaded');
          finish();
        },
      },
    );

  const onSubmit = form.handleSubmit((values) => {
    if (problem) return;
    if (closedHere) {
      if (statement) sendStatement(statement);
      return;
    }
    close.mutate(
      { id: lead.id, patch: { status: 'closed', ...values } },
      {
        onSuccess: () => {
          if (!statement) {
            finish();
            return;
          }
          setClosedHere(true);
          sendStatement(statement);
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          close.reset();
          if (closedHere) startOver();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Close this lead</DialogTitle>
          <DialogDescription>
            Record the sale for {leadName(lead)}. It counts toward your closings and the gross commission you
            have earned.
          </DialogDescription>
        </DialogHeader>
        <form noValidate aria-label="Close lead" onSubmit={onSubmit} className="grid gap-4">
          <fieldset disabled={closedHere} className="grid min-w-0 gap-4">
            <Field label="Closing date" error={errors.closing_date?.message}>
              <Input type="date" max={today()} {...form.register('closing_date')} />
            </Field>
            <Field
              label="Sale price"
              description={preview(salePrice, 'In US dollars, for example 350,000')}
              error={errors.sale_price?.message}
            >
              <DollarInput {...form.register('sale_price')} />
            </Field>
            <Field
              label="Gross commission"
              description={preview(commission, 'Your commission before splits and fees, in US dollars')}
              error={errors.gross_commission?.message}
            >
              <DollarInput {...form.register('gross_commission')} />
            </Field>
          </fieldset>
          <FeePreview commission={commission} open={open} />
          <div className="grid gap-2">
            <p className="text-sm font-medium">Settlement statement (optional)</p>
            <StatementFileChooser
              label={statement ? 'Choose another file' : 'Attach the settlement statement'}
              file={statement}
              error={problem}
              disabled={upload.isPending}
              onChoose={(file) => {
                setStatement(file);
                setProblem(statementProblem(file));
                upload.reset();
              }}
            />
          </div>
          {upload.isPending && statement ? (
            <StatementUploadProgress file={statement} progress={upload.progress} />
          ) : null}
          {close.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>The lead was not closed: {errorMessage(close.error)}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          {upload.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>
                  The lead is closed, but the settlement statement was not uploaded:{' '}
                  {errorMessage(upload.error)}
                </p>
                <p>Try again, choose another file, or upload it later from the lead's Closing section.</p>
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            {closedHere ? (
              <>
                <Button type="button" variant="outline" onClick={finish}>
                  Upload later
                </Button>
                <Button type="submit" pending={upload.isPending}>
                  Upload statement
                </Button>
              </>
            ) : (
              <>
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button type="submit" pending={close.isPending}>
                  Close lead
                </Button>
              </>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
