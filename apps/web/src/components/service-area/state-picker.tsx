import type { GeoStateSummary } from '@portal/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * Which state's counties are shown. The states already in the area are buttons too, to go back
 * to them in one click; moving between states keeps every tick.
 */
export function StatePicker({
  states,
  value,
  onChange,
  inArea,
}: {
  states: GeoStateSummary[];
  value: string;
  onChange: (code: string) => void;
  /** States with ZIP codes ticked, and how many. */
  inArea: { code: string; name: string; count: number }[];
}) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor={id}>State</Label>
        <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose a state…</option>
          {states.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name} ({state.zip_count.toLocaleString('en-US')} ZIP codes)
            </option>
          ))}
        </NativeSelect>
      </div>
      {inArea.length > 0 ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">States in your area:</p>
          <ul className="flex flex-wrap gap-2">
            {inArea.map((state) => (
              <li key={state.code}>
                <Button
                  type="button"
                  size="sm"
                  variant={state.code === value ? 'secondary' : 'outline'}
                  aria-pressed={state.code === value}
                  onClick={() => onChange(state.code)}
                >
                  {state.name}: {state.count.toLocaleString('en-US')} ZIP{' '}
                  {state.count === 1 ? 'code' : 'codes'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
