// A console list's state in the address (?q=&status=&sort=&order=&skip=), so a reload, a shared
// link or Back shows the same rows. Typing in the search box waits 300 ms before it changes the
// address (and so the query), and replaces the history entry instead of adding one per key.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TableSorting } from './data-table';

export type SortOrder = 'asc' | 'desc';

export type ListDefaults<S extends string> = {
  sort?: S;
  order?: SortOrder;
  limit?: number;
};

export const SEARCH_DEBOUNCE_MS = 300;
const MAX_LIMIT = 100;

const wholeNumber = (value: string | null, fallback: number, min: number, max: number) => {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed >= min && parsed <= max ? parsed : fallback;
};

export function useListParams<S extends string = string, F extends string = string>(
  options: {
    /** The sort keys the server accepts: anything else in the address is ignored. */
    sorts?: readonly S[];
    /** The filter keys this list reads from the address. */
    filters?: readonly F[];
    defaults?: ListDefaults<S>;
  } = {},
) {
  const { sorts = [], filters = [], defaults = {} } = options;
  const [params, setParams] = useSearchParams();
  const defaultLimit = defaults.limit ?? 50;

  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const skip = wholeNumber(params.get('skip'), 0, 0, 1_000_000);
  const limit = wholeNumber(params.get('limit'), defaultLimit, 1, MAX_LIMIT);
  const sortParam = params.get('sort');
  const sort = (sorts as readonly string[]).includes(sortParam ?? '') ? (sortParam as S) : defaults.sort;
  const orderParam = params.get('order');
  const order: SortOrder =
    orderParam === 'asc' || orderParam === 'desc' ? orderParam : (defaults.order ?? 'asc');
  const filterValues = Object.fromEntries(filters.map((key) => [key, params.get(key) ?? ''])) as Record<
    F,
    string
  >;

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  // The search box shows what is typed at once; the address follows after a pause.
  const [searchText, setSearchText] = useState(q);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const written = useRef(q);
  useEffect(() => {
    // The address changed without the box (Back, a link): show its search.
    if (q !== written.current) {
      written.current = q;
      setSearchText(q);
    }
  }, [q]);
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  // setSearchParams builds on the address of the render it came from: a timer set before another
  // change (a filter picked while the search waits) must use the latest one, or it undoes it.
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  }, [update]);

  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    clearTimeout(pending.current ?? undefined);
    pending.current = setTimeout(() => {
      const next = value.trim().slice(0, 100);
      written.current = next;
      latestUpdate.current({ q: next || null, skip: null }, true);
    }, SEARCH_DEBOUNCE_MS);
  }, []);

  return {
    q,
    skip,
    limit,
    sort,
    order,
    filters: filterValues,
    /** What the search box shows (ahead of `q` while typing). */
    searchText,
    setSearch,
    /** One filter, or several at once; back to the first page. An empty value removes the filter. */
    /** `replace`: no new history entry (a text filter that follows typing). */
    setFilter: useCallback(
      (key: F, value: string | null, replace = false) => update({ [key]: value, skip: null }, replace),
      [update],
    ),
    setFilters: useCallback(
      (changes: Partial<Record<F | 'q', string | null>>) =>
        update({ ...(changes as Record<string, string | null>), skip: null }),
      [update],
    ),
    /** A new column sorts ascending (or `firstOrder`); the same column again flips the order. */
    toggleSort: useCallback(
      (key: S, firstOrder: SortOrder = 'asc') => {
        const nextOrder: SortOrder = key === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder;
        update({ sort: key, order: nextOrder, skip: null });
      },
      [update, sort, order],
    ),
    setSkip: useCallback((next: number) => update({ skip: next > 0 ? String(next) : null }), [update]),
  };
}

export type ListParams = ReturnType<typeof useListParams>;

/** The list's query for the API: paging, sort, search and the filters that are set. */
export function listQuery(list: Pick<ListParams, 'q' | 'skip' | 'limit' | 'sort' | 'order' | 'filters'>) {
  const query: Record<string, string | number> = { skip: list.skip, limit: list.limit };
  if (list.q) query.q = list.q;
  if (list.sort) {
    query.sort = list.sort;
    query.order = list.order;
  }
  for (const [key, value] of Object.entries(list.filters)) if (value) query[key] = value as string;
  return query;
}

/** The sort state of a list for `<DataTable {...tableSorting(list)}>`. */
export function tableSorting<S extends string>(list: {
  sort: S | undefined;
  order: SortOrder;
  toggleSort: (key: S, firstOrder?: SortOrder) => void;
}): TableSorting {
  return { sort: list.sort, order: list.order, onSort: (key, first) => list.toggleSort(key as S, first) };
}
