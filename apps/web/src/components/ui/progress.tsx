import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** SPEC.md section 5: value is null (unknown) or between 0 and max; max above 0, else 100. */
export function normaliseProgress(value: number | null | undefined, max: number | undefined) {
  const safeMax = max !== undefined && Number.isFinite(max) && max > 0 ? max : 100;
  if (value === null || value === undefined || !Number.isFinite(value)) return { value: null, max: safeMax };
  return { value: Math.min(Math.max(value, 0), safeMax), max: safeMax };
}

/** A bar for work under way; `value` null shows work of unknown length (indeterminate). */
export function Progress({
  className,
  value,
  max,
  ...props
}: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const safe = normaliseProgress(value, max);
  const indeterminate = safe.value === null;
  const percent = indeterminate ? 0 : ((safe.value ?? 0) / safe.max) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={safe.value}
      max={safe.max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full bg-primary',
          indeterminate
            ? 'w-1/3 animate-progress-indeterminate motion-reduce:w-full motion-reduce:animate-none motion-reduce:opacity-50'
            : 'w-full flex-1 transition-transform',
        )}
        style={indeterminate ? undefined : { transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
