// A figure on the console's home that links to the list behind it.
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { cn } from '@/lib/utils';
import { Skeleton } from './load-error';

export function FigureCard({
  label,
  value,
  to,
  hint,
  icon: Icon,
  attention = false,
}: {
  label: string;
  value: number | undefined;
  to: string;
  hint?: string;
  icon?: LucideIcon;
  /** Draws the eye: something is waiting for a person. */
  attention?: boolean;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'grid gap-1 rounded-xl border border-border bg-card p-4 text-card-foreground no-underline shadow-sm transition-colors hover:bg-muted/60',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        attention && 'border-destructive/50 bg-destructive-soft',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {label}
      </span>
      {value === undefined ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <span className="text-3xl font-semibold tabular-nums">{formatCount(value)}</span>
      )}
      {hint ? <span className="text-sm text-muted-foreground">{hint}</span> : null}
    </Link>
  );
}
