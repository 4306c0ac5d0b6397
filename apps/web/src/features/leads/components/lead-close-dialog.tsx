import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead } from '@portal/shared';
import type * as React from 'react';
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
import { cn } from '@/lib/utils';
import { useUpdateLead } from '../api/update-lead';

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

const money = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
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

/**
 * Closing a lead records the sale: the closing date, the sale price and the gross commission,
 * which count toward the agent's closings and commission earned.
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
  const form = useForm<CloseLeadInput, unknown, CloseLeadValues>({
    resolver: zodResolver(CloseLeadSchema),
    mode: 'onTouched',
    defaultValues: { closing_date: today(), sale_price: '', gross_commission: '' },
  });
  const { errors } = form.formState;
  const [salePrice, commission] = form.watch(['sale_price', 'gross_commission']);

  const onSubmit = form.handleSubmit((values) => {
    close.mutate(
      { id: lead.id, patch: { status: 'closed', ...values } },
      {
        onSuccess: () => {
          onOpenChange(false);
          form.reset();
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close.reset();
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
          {close.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>The lead was not closed: {errorMessage(close.error)}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={close.isPending}>
              Close lead
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
