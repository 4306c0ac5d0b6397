import { cva, type VariantProps } from 'class-variance-authority';
import { Loader2 } from 'lucide-react';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/*
 * Colour says what a button means: green for the main action, blue for a secondary or
 * informational one, neutral outline/ghost for the rest, red for destruction. Unavailable (the
 * `unavailable:` variant of styles.css) is grey whatever the variant; a busy button (`pending`)
 * keeps its colour under the spinner, because it is working rather than unavailable.
 */
const unavailableFilled = 'unavailable:border-border unavailable:bg-muted';
/** Variants without a background fade their grey text a little more to read as unavailable. */
const unavailableBare = 'unavailable:opacity-70';

export const buttonVariants = cva(
  "inline-flex shrink-0 no-underline items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-busy:opacity-80 disabled:pointer-events-none aria-disabled:pointer-events-none unavailable:text-muted-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: `border border-transparent bg-primary text-primary-foreground shadow-xs hover:bg-primary-hover ${unavailableFilled}`,
        secondary: `border border-transparent bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary-hover ${unavailableFilled}`,
        destructive: `border border-transparent bg-destructive text-white shadow-xs hover:bg-destructive/90 ${unavailableFilled}`,
        outline: `border border-border bg-background shadow-xs hover:bg-muted ${unavailableFilled}`,
        ghost: `hover:bg-muted ${unavailableBare}`,
        link: `text-primary-text underline underline-offset-4 hover:decoration-2 ${unavailableBare}`,
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 rounded-md px-3',
        lg: 'h-11 rounded-md px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /** Shows a spinner and blocks further clicks (a form being submitted). */
    pending?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  pending = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }))}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
