import { resolvePipelineRange, shiftDate } from '@portal/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const QUICK_RANGES: { label: string; range: (today: string) => { from: string; to: string } }[] = [
  { label: 'Last 7 days', range: (today) => ({ from: shiftDate(today, -6), to: today }) },
  { label: 'Last 30 days', range: (today) => ({ from: shiftDate(today, -29), to: today }) },
  { label: 'Last 90 days', range: (today) => ({ from: shiftDate(today, -89), to: today }) },
  { label: 'This month', range: (today) => ({ from: `${today.slice(0, 8)}01`, to: today }) },
];

/**
 * The pipeline's dates: a quick range in one press, or any range of up to 366 days typed in. A
 * typed range is applied once both days make one; until then it says what to change.
 */
export function PipelineRangePicker({
  from,
  to,
  onChange,
  today,
}: {
  /** The range shown (the server's, once it has answered). */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  /** The office's today (the server's calendar): the quick ranges end on it. */
  today: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from, to, shown: `${from}/${to}` });
  // Another range chosen elsewhere (a quick range, the address): the fields show it.
  const current = draft.shown === `${from}/${to}` ? draft : { from, to, shown: `${from}/${to}` };
  const checked = current.from && current.to ? resolvePipelineRange(current, today) : null;
  const problem =
    !current.from || !current.to
      ? 'Enter both days of the range'
      : checked && 'error' in checked
        ? checked.error.replace(/ \(\d{4}-\d{2}-\d{2}\)/g, '').replace(/: choose/, '. Choose')
        : null;

  const edit = (field: 'from' | 'to', value: string) => {
    const next = { ...current, [field]: value };
    setDraft(next);
    if (!next.from || !next.to) return;
    const resolved = resolvePipelineRange(next, today);
    if ('range' in resolved) onChange({ from: next.from, to: next.to });
  };

  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick ranges</legend>
        {QUICK_RANGES.map((quick) => {
          const range = quick.range(today);
          const pressed = range.from === from && range.to === to;
          return (
            <Button
              key={quick.label}
              type="button"
              size="sm"
              variant={pressed ? 'secondary' : 'outline'}
              aria-pressed={pressed}
              onClick={() => onChange(range)}
            >
              {quick.label}
            </Button>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            className="w-auto"
            value={current.from}
            max={current.to || undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => edit('from', event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            className="w-auto"
            value={current.to}
            min={current.from || undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => edit('to', event.target.value)}
          />
        </div>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
