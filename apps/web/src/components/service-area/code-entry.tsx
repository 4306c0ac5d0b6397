import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export type EntryResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * One text box and a button, for adding a ZIP code or a city: the answer (done, or why not) is
 * shown under it and read out; what was typed stays when it is refused.
 */
export function CodeEntry({
  label,
  button,
  description,
  onSubmit,
  zip = false,
  listId,
}: {
  label: string;
  button: string;
  description?: string;
  onSubmit: (value: string) => EntryResult | Promise<EntryResult>;
  /** Five digits: numeric keyboard on phones. */
  zip?: boolean;
  /** A datalist of suggestions. */
  listId?: string;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<EntryResult | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const typed = value.trim();
    if (!typed) {
      setResult({ ok: false, error: zip ? 'Type a 5-digit ZIP code first.' : 'Type a city name first.' });
      return;
    }
    if (zip && !/^\d{5}$/.test(typed)) {
      setResult({ ok: false, error: `“${typed}” is not a 5-digit ZIP code.` });
      return;
    }
    setPending(true);
    try {
      const outcome = await onSubmit(typed);
      setResult(outcome);
      if (outcome.ok) setValue('');
    } finally {
      setPending(false);
    }
  }

  const messageId = `${id}-message`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    // A form of its own so Enter adds the value; it is not nested in another form.
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <Label htmlFor={`${id}-input`}>{label}</Label>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-input`}
          className="min-w-0 flex-1 basis-40"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode={zip ? 'numeric' : undefined}
          autoComplete="off"
          maxLength={zip ? 5 : 100}
          list={listId}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={[descriptionId, messageId].filter(Boolean).join(' ')}
        />
        <Button type="submit" variant="outline" pending={pending}>
          {button}
        </Button>
      </div>
      <p
        id={messageId}
        role="status"
        className={
          result && !result.ok ? 'text-sm font-medium text-destructive' : 'text-sm text-primary-text'
        }
      >
        {result ? (result.ok ? result.message : result.error) : ''}
      </p>
    </form>
  );
}
