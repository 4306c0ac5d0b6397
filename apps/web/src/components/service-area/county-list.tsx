import type { GeoCounty, GeoStateDetail } from '@portal/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import {
  type ComponentProps,
  type Dispatch,
  memo,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { countyCoverage, type Draft, type DraftAction, isExcluded } from './draft';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A native checkbox that can also show "some of them" (indeterminate). */
function TriStateCheckbox({
  state,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'checked'> & { state: 'none' | 'some' | 'all' }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      className="size-5 shrink-0 accent-primary"
      {...props}
    />
  );
}

const CountyRow = memo(function CountyRow({
  county,
  draft,
  dispatch,
}: {
  county: GeoCounty;
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const coverage = countyCoverage(county, draft);
  const excluded = county.zips.length - coverage.eligible;
  const zips = county.zips.map((z) => z.zip);
  const label = `${county.name} County`;
  return (
    <li className="grid gap-2 border-b border-border py-2 last:border-b-0">
      <div className="flex items-center gap-3">
        <TriStateCheckbox
          id={`${id}-county`}
          state={coverage.state}
          disabled={coverage.eligible === 0}
          aria-describedby={`${id}-count`}
          onChange={() => dispatch({ type: coverage.state === 'all' ? 'unselect' : 'select', zips })}
        />
        <div className="grid min-w-0 flex-1">
          <Label htmlFor={`${id}-county`} className="font-medium">
            {label}
          </Label>
          <span id={`${id}-count`} className="text-sm text-muted-foreground">
            {coverage.covered.toLocaleString('en-US')} of {plural(county.zips.length, 'ZIP code')}
            {excluded > 0 ? `, ${excluded.toLocaleString('en-US')} left out` : ''}
          </span>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-zips`}
          aria-label={`${open ? 'Hide' : 'Show'} ZIP codes of ${label}`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          <span className="hidden sm:inline">{open ? 'Hide' : 'Show'}</span> ZIP codes
        </Button>
      </div>
      {open ? (
        <fieldset id={`${id}-zips`} className="ml-8 grid gap-1">
          <legend className="sr-only">ZIP codes of {label}</legend>
          <ul className="grid grid-cols-1 gap-x-4 gap-y-1 @xs:grid-cols-2 @xl:grid-cols-3 @5xl:grid-cols-2">
            {county.zips.map(({ zip, city }) => {
              const left = isExcluded(draft, zip, city);
              return (
                <li key={zip}>
                  <label className={cn('flex items-center gap-2 text-sm', left && 'text-muted-foreground')}>
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={!left && draft.selected.has(zip)}
                      disabled={left}
                      onChange={(event) =>
                        dispatch({ type: event.target.checked ? 'select' : 'unselect', zips: [zip] })
                      }
                    />
                    <span>
                      <span className="font-mono">{zip}</span> {city}
                      {left ? ' (left out)' : ''}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </li>
  );
});

/** The counties of one state: tick a county for all its ZIP codes, open it to untick single ones. */
export function CountyList({
  state,
  draft,
  dispatch,
}: {
  state: GeoStateDetail;
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
}) {
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const filterId = useId();
  const counties = deferredFilter
    ? state.counties.filter((county) => county.name.toLowerCase().includes(deferredFilter))
    : state.counties;
  return (
    <div className="grid gap-3">
      {state.counties.length > 12 ? (
        <div className="grid gap-2">
          <Label htmlFor={filterId}>Find a county in {state.name}</Label>
          <Input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="County name"
          />
        </div>
      ) : null}
      {counties.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No county of {state.name} matches “{filter.trim()}”.
        </p>
      ) : (
        <ul aria-label={`Counties of ${state.name}`} className="grid">
          {counties.map((county) => (
            <CountyRow key={county.fips} county={county} draft={draft} dispatch={dispatch} />
          ))}
        </ul>
      )}
    </div>
  );
}
