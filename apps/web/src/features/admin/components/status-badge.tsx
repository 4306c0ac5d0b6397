// A short state word in a coloured pill ("Active", "Failed"): the word carries the meaning, the
// colour only helps to scan a column.
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        success: 'border-primary/40 bg-primary-soft text-primary-text',
        info: 'border-secondary/30 bg-secondary-soft text-secondary-hover',
        warning: 'border-scheduled/40 bg-scheduled/10 text-[#92400e]',
        danger: 'border-destructive/40 bg-destructive-soft text-destructive',
        neutral: 'border-border bg-muted text-muted-foreground',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function StatusBadge({
  tone,
  className,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="status-badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
