// The required "why" of a status change or reset: it is kept in the audit log.
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

export const REASON_MAX = 500;

export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field label="Reason" error={error} description="Kept in the audit log with the change.">
      <Textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={REASON_MAX}
        rows={3}
        required
      />
    </Field>
  );
}

/** The reason as the server wants it, or the line to show when there is none. */
export const reasonProblem = (reason: string) => (reason.trim() ? null : 'Give a reason for the change');
