import type { InvoiceStatus } from '@portal/shared';
import { cn } from '@/lib/utils';

const LABELS = { open: 'Open', overdue: 'Overdue', paid: 'Paid', void: 'Void' } as const;

/** Text colours on the page's white (each keeps 4.5:1), spelled out so that Tailwind finds them. */
const CLASSES: Record<keyof typeof LABELS, string> = {
  open: 'text-secondary',
  overdue: 'text-destructive',
  paid: 'text-primary-text',
  void: 'text-muted-foreground',
};

/** Where an invoice stands: open, overdue (open past its due date), paid or void. */
export function InvoiceStatusChip({
  status,
  overdue = false,
  className,
}: {
  status: InvoiceStatus;
  overdue?: boolean;
  className?: string;
}) {
  const shown = status === 'open' && overdue ? 'overdue' : status;
  return (
    <span
      data-slot="invoice-status"
      data-status={shown}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border border-current/40 bg-background px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        CLASSES[shown] ?? 'text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      {LABELS[shown] ?? shown}
    </span>
  );
}
