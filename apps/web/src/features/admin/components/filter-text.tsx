// A free-text list filter kept in the address under its own key (?to=, ?actor=): what is typed
// shows at once, the address (and so the query) follows after a pause, without a history entry
// per key.
import { useEffect, useRef, useState } from 'react';
import { SearchBox } from './search-box';
import { SEARCH_DEBOUNCE_MS } from './use-list-params';

export function FilterText({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  /** The filter's value in the address. */
  value: string;
  /** Writes the address (called after the pause). */
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const written = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    // The address changed without the box (Back, "clear filters"): show its value.
    if (value !== written.current) {
      written.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  // The write happens later: it must use the latest onChange (its address may have changed since).
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);
  return (
    <SearchBox
      label={label}
      placeholder={placeholder}
      className={className}
      value={text}
      onChange={(next) => {
        setText(next);
        clearTimeout(timer.current ?? undefined);
        timer.current = setTimeout(() => {
          const trimmed = next.trim().slice(0, 200);
          written.current = trimmed;
          latestOnChange.current(trimmed);
        }, SEARCH_DEBOUNCE_MS);
      }}
    />
  );
}
