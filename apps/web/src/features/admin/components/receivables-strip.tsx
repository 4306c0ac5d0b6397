// What the network is owed, in one line of figures: the total, then by how late (the ageing
// buckets over every open invoice, whatever the list below is filtered to).
import { type AdminInvoices, AGEING_BUCKETS, AGEING_LABELS, formatCents } from '@portal/shared';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import { Skeleton } from './load-error';

function Figure({
  label,
  cents,
  strong = false,
  late = false,
}: {
  label: string;
  cents: number | undefined;
  strong?: boolean;
  late?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid min-w-0 content-start gap-1 rounded-lg border border-border bg-card p-3',
        strong && 'col-span-2 sm:col-span-1',
        late && cents !== undefined && cents > 0 && 'border-destructive/40 bg-destructive-soft',
      )}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn('font-semibold tabular-nums [overflow-wrap:anywhere]', strong ? 'text-2xl' : 'text-lg')}
      >
        {cents === undefined ? <Skeleton className="h-7 w-24" /> : formatCents(cents)}
      </dd>
    </div>
  );
}

export function ReceivablesStrip({ data }: { data: AdminInvoices | undefined }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-lg font-semibold">
        Receivables
      </h2>
      <dl
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
        aria-busy={data ? undefined : true}
      >
        <Figure label="Owed in total" cents={data?.receivable_cents} strong />
        {AGEING_BUCKETS.map((bucket) => (
          <Figure
            key={bucket}
            label={AGEING_LABELS[bucket]}
            cents={data?.ageing[bucket] ?? (data ? 0 : undefined)}
            late={bucket !== 'current'}
          />
        ))}
      </dl>
    </section>
  );
}
