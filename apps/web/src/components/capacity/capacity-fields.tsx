import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { addDays, yearAfter } from '@/lib/agent-capacity-api';

/**
 * The fields of an agent's capacity, the same wherever it is set: the agent's own Performance
 * tab, a manager's and an office's dialogs, the console's agent record.
 */

/** A monthly cap of leads: a whole number, empty for none. */
export function MonthlyCapField({
  label,
  description,
  value,
  onChange,
  error,
  max,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** The highest cap allowed here (the office's, for the agent's own). */
  max?: number;
}) {
  return (
    <Field label={label} description={description} error={error ?? undefined}>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-32"
      />
    </Field>
  );
}

/** The day a pause ends, from tomorrow to a year from `today`. */
export function PauseDateField({
  today,
  description,
  value,
  onChange,
  error,
}: {
  today: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <Field label="Leads start again on" description={description} error={error ?? undefined}>
      <Input
        type="date"
        min={addDays(today, 1)}
        max={yearAfter(today)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-auto"
      />
    </Field>
  );
}
