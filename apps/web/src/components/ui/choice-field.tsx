import * as React from 'react';
import { cn } from '@/lib/utils';
import { RadioGroup, RadioGroupItem } from './radio-group';

export interface Choice<V extends string> {
  value: V;
  label: React.ReactNode;
  description?: React.ReactNode;
}

type ChoiceFieldProps<V extends string> = {
  /** The question; names the radio group. */
  legend: React.ReactNode;
  choices: readonly Choice<V>[];
  value: V | '' | undefined;
  onValueChange: (value: V) => void;
  onBlur?: () => void;
  name?: string;
  /** The error line under the choices; also marks the group aria-invalid. */
  error?: string;
  description?: React.ReactNode;
  className?: string;
  /**
   * From the small breakpoint up: `row` puts the choices side by side (short answers such as
   * yes/no), `grid` in two columns; on a phone they are one under the other. `tiles` packs
   * many short choices (days, times) into small tiles, two to a row on a phone.
   */
  layout?: 'stack' | 'row' | 'grid' | 'tiles';
};

/**
 * One question answered by choosing one option: a labelled radio group whose options are large
 * click targets (the whole card is the label), with a description and an error line.
 * Arrow keys move between the options, as in any radio group.
 */
export function ChoiceField<V extends string>({
  legend,
  choices,
  value,
  onValueChange,
  onBlur,
  name,
  error,
  description,
  className,
  layout = 'stack',
}: ChoiceFieldProps<V>) {
  const id = React.useId();
  const legendId = `${id}-legend`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="choice-field" className={cn('grid content-start gap-2', className)}>
      <p id={legendId} className="text-sm font-medium leading-snug">
        {legend}
      </p>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <RadioGroup
        name={name}
        value={value ?? ''}
        onValueChange={(next) => onValueChange(next as V)}
        onBlur={onBlur}
        aria-labelledby={legendId}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={cn(
          'grid gap-2',
          layout === 'row' && 'sm:auto-cols-fr sm:grid-flow-col',
          layout === 'grid' && 'sm:grid-cols-2',
          layout === 'tiles' && 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
        )}
      >
        {choices.map((choice) => {
          const itemId = `${id}-${choice.value}`;
          const labelId = `${itemId}-label`;
          const choiceDescriptionId = choice.description ? `${itemId}-description` : undefined;
          const checked = value === choice.value;
          return (
            <label
              key={choice.value}
              htmlFor={itemId}
              data-checked={checked || undefined}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-background p-3 transition-colors hover:bg-muted',
                layout === 'tiles' && 'gap-2 px-2.5 py-2',
                'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
                checked && 'border-primary bg-primary-soft hover:bg-primary-soft',
                error && !checked && 'border-destructive/60',
              )}
            >
              <RadioGroupItem
                id={itemId}
                value={choice.value}
                aria-labelledby={labelId}
                aria-describedby={choiceDescriptionId}
                aria-invalid={error ? true : undefined}
                className="mt-0.5"
              />
              <span className="grid gap-0.5">
                <span id={labelId} className="text-sm font-medium leading-snug">
                  {choice.label}
                </span>
                {choice.description ? (
                  <span id={choiceDescriptionId} className="text-sm text-muted-foreground">
                    {choice.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </RadioGroup>
      {error ? (
        <p id={errorId} data-slot="field-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
