import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils';

const alertVariants = cva('relative grid w-full gap-1 rounded-lg border px-4 py-3 text-sm', {
  variants: {
    variant: {
      default: 'border-border bg-card text-card-foreground',
      info: 'border-secondary/40 bg-secondary-soft text-foreground',
      success: 'border-primary/40 bg-primary-soft text-foreground',
      destructive: 'border-destructive/50 bg-destructive-soft text-foreground',
    },
  },
  defaultVariants: { variant: 'default' },
});

/**
 * A message in the page. Errors are announced at once (role alert); other messages politely
 * (role status).
 */
export function Alert({
  className,
  variant,
  role,
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      data-slot="alert"
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="alert-title" className={cn('font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn('grid gap-1 [&_p]:leading-relaxed', className)}
      {...props}
    />
  );
}
