// A value that follows another after a pause, so typing does not start a request per key.
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './use-list-params';

export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
