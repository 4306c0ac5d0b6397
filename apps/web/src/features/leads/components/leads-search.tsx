import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search by name, phone or address. What is typed is sent after a short pause; the address
 * bar holds the last search sent, and going Back to another one shows it here again.
 */
export function LeadsSearch({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);

  // A search from the address (Back, a link) replaces the text unless it is what was typed.
  useEffect(() => {
    setDraft((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => {
    const next = draft.trim();
    if (next === value) return;
    const timer = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers (and jsdom) to know
    <div role="search" aria-label="Leads" className="grid w-full gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>Search leads</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={input}
          id={id}
          type="search"
          value={draft}
          maxLength={100}
          placeholder="Name, phone or address"
          autoComplete="off"
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(draft.trim());
          }}
        />
        {draft ? (
          <button
            type="button"
            className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            onClick={() => {
              setDraft('');
              onSearch('');
              input.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Clear search</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
