import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { CodeEntry, type EntryResult } from './code-entry';

/** A list of what is left out, each with a button to take it off the list. */
function RemovableList({
  label,
  items,
  empty,
  remove,
}: {
  label: string;
  items: string[];
  empty: string;
  remove: (item: string) => void;
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className="flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
        >
          <span>{item}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 rounded-full"
            aria-label={`Stop leaving out ${item}`}
            onClick={() => remove(item)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Cities and ZIP codes that never get leads, even inside a ticked county. */
export function Exclusions({
  cities,
  zips,
  cityOptions,
  onExcludeCity,
  onIncludeCity,
  onExcludeZip,
  onIncludeZip,
}: {
  cities: string[];
  zips: string[];
  /** The cities of the states in the area, offered while typing. */
  cityOptions: string[];
  onExcludeCity: (city: string) => EntryResult;
  onIncludeCity: (city: string) => void;
  onExcludeZip: (zip: string) => EntryResult | Promise<EntryResult>;
  onIncludeZip: (zip: string) => void;
}) {
  const listId = useId();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby={`${listId}-cities`} className="grid content-start gap-3">
        <h3 id={`${listId}-cities`} className="font-semibold">
          Cities left out
        </h3>
        <CodeEntry
          label="City to leave out"
          button="Leave out city"
          description="Every ZIP code of that city in your area's states is left out."
          listId={`${listId}-city-options`}
          onSubmit={onExcludeCity}
        />
        <datalist id={`${listId}-city-options`}>
          {cityOptions.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <RemovableList
          label="Cities left out"
          items={cities}
          empty="No city is left out."
          remove={onIncludeCity}
        />
      </section>
      <section aria-labelledby={`${listId}-zips`} className="grid content-start gap-3">
        <h3 id={`${listId}-zips`} className="font-semibold">
          ZIP codes left out
        </h3>
        <CodeEntry
          label="ZIP code to leave out"
          button="Leave out ZIP code"
          description="It stays out even when you tick its county."
          zip
          onSubmit={onExcludeZip}
        />
        <RemovableList
          label="ZIP codes left out"
          items={zips}
          empty="No ZIP code is left out."
          remove={onIncludeZip}
        />
      </section>
    </div>
  );
}
