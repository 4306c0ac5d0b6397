import { Slot } from 'radix-ui';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

type FieldProps = {
  label: React.ReactNode;
  /** The error line under the control; also marks the control aria-invalid. */
  error?: string;
  description?: React.ReactNode;
  className?: string;
  /** One control: it receives id, aria-invalid and aria-describedby. */
  children: React.ReactElement;
};

/** Label + control + description + error line, wired for assistive technology. */
export function Field({ label, error, description, className, children }: FieldProps) {
  const id = React.useId();
  const controlId = `${id}-control`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="field" className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} data-slot="field-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
