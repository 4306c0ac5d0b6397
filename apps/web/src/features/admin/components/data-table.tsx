// The console's table: sortable columns (buttons with aria-sort), a loading skeleton, an empty
// state, horizontal scrolling on a phone, and rows that link somewhere (the first cell holds a
// real <Link>, stretched over the row, so keyboard and mouse both work). The page scrolls, not a
// box inside it: a long list is read like the rest of the page.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type * as React from 'react';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { Skeleton } from './load-error';
import type { SortOrder } from './use-list-params';

export type Column<T, K extends string = string> = {
  key: K;
  label: string;
  /** The server can sort by this column (its key is the sort key). */
  sortable?: boolean;
  /** Right-aligned, tabular figures; a first click sorts highest first. */
  numeric?: boolean;
  render: (row: T) => React.ReactNode;
  className?: string;
  /** Kept on one line (names, phone numbers, dates): never broken mid-word. */
  nowrap?: boolean;
  /** A column of less value, shown only from this width up (the table keeps its other columns). */
  hideBelow?: 'xl' | '2xl';
};

const HIDE_BELOW = { xl: 'hidden xl:table-cell', '2xl': 'hidden 2xl:table-cell' } as const;

/**
 * A cell's text on one line, cut with an ellipsis where the column is too narrow; the whole text
 * is in its title (a tooltip) and stays in the accessible name.
 */
export function CellText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('block max-w-60 truncate', className)} title={text}>
      {text}
    </span>
  );
}

/**
 * Whether the box is narrower than what it holds (a wide table on a phone): only then is it a
 * named region that takes the keyboard focus, so arrow keys scroll it.
 */
function useOverflowing<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setOverflowing(box.scrollWidth - box.clientWidth > 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflowing] as const;
}

/** A server-sorted table's state, as `tableSorting(list)` gives it from the URL. */
export interface TableSorting {
  sort?: string;
  order?: SortOrder;
  onSort?: (key: string, firstOrder: SortOrder) => void;
}

/** Put on buttons or links inside a linked row, so they sit above the row's link. */
export const ABOVE_ROW_LINK = 'relative z-10';

const SKELETON_ROWS = 5;

/**
 * An empty table's message: SPEC.md section 8's "No data", or "No matching data" when a search
 * or filter hides every row, then what it means here and what to do.
 */
export function TableEmpty({
  matching = false,
  children,
}: {
  matching?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <span className="grid justify-items-center gap-1">
      <span className="font-medium text-foreground">{matching ? 'No matching data' : 'No data'}</span>
      {children ? <span className="grid justify-items-center gap-2">{children}</span> : null}
    </span>
  );
}

export function DataTable<T, K extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  rowHref,
  rowLabel,
  sort,
  order = 'asc',
  onSort,
  loading = false,
  empty,
  minWidth = '44rem',
  className,
  expandedRow,
}: {
  /** The table's accessible name (its caption). */
  label: string;
  columns: Column<T, K>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** Makes the first cell a link to this address, covering the row. */
  rowHref?: (row: T) => string;
  /** The link's accessible text when the first cell's content is not a good one. */
  rowLabel?: (row: T) => string;
  sort?: K;
  order?: SortOrder;
  onSort?: (key: K, firstOrder: SortOrder) => void;
  loading?: boolean;
  /**
   * Shown in a full-width row when there are no rows: a sentence comes under SPEC.md's "No data";
   * an element (`TableEmpty matching`, `NoMatches`, `SearchEmpty`) says it all itself.
   */
  empty: React.ReactNode;
  minWidth?: string;
  className?: string;
  /**
   * What shows under a row that is open (null when it is closed): a row below spanning every
   * column. The page keeps which rows are open and puts the toggle (aria-expanded) in a cell.
   */
  expandedRow?: (row: T) => React.ReactNode;
}) {
  const [boxRef, overflowing] = useOverflowing<HTMLDivElement>();
  return (
    // `relative`: the visually hidden texts in cells (position: absolute) are placed within the
    // scrolling box; without it they sit where the wide table puts them and widen a phone's page.
    // The table is the box's only child: a browser check measures the box as the table's parent.
    <div
      ref={boxRef}
      className={cn(
        'relative overflow-x-auto rounded-lg border border-border bg-background',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        className,
      )}
      aria-busy={loading || undefined}
      {...(overflowing ? { role: 'region', 'aria-label': `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
    >
      <table className="w-full border-collapse text-left text-sm" style={{ minWidth }}>
        {/* The sort is announced by the headers' aria-sort: the table keeps its own name. */}
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = column.key === sort;
              const base = cn(
                'border-b border-border bg-muted font-medium',
                column.numeric && 'text-right',
                column.hideBelow && HIDE_BELOW[column.hideBelow],
              );
              if (!column.sortable || !onSort) {
                return (
                  <th key={column.key} scope="col" className={cn(base, 'px-3 py-2')}>
                    {column.label}
                  </th>
                );
              }
              const Icon = active ? (order === 'desc' ? ArrowDown : ArrowUp) : ArrowUpDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : 'none'}
                  className={base}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.key, column.numeric ? 'desc' : 'asc')}
                    className={cn(
                      'inline-flex min-h-10 w-full items-center gap-1 px-3 py-2 font-medium hover:bg-background/60',
                      'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                      column.numeric && 'justify-end',
                    )}
                  >
                    {column.label}
                    <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading && !rows ? (
            Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <tr key={index} className="border-t border-border">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn('px-3 py-3', column.hideBelow && HIDE_BELOW[column.hideBelow])}
                  >
                    <Skeleton className="h-4 w-full max-w-40" />
                  </td>
                ))}
              </tr>
            ))
          ) : !rows || rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-muted-foreground">
                {typeof empty === 'string' ? <TableEmpty>{empty}</TableEmpty> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const expanded = expandedRow?.(row) ?? null;
              return (
                <Fragment key={rowKey(row)}>
                  <tr
                    className={cn(
                      'border-t border-border align-top',
                      rowHref && 'relative hover:bg-muted/60 focus-within:bg-muted/60',
                    )}
                  >
                    {columns.map((column, index) => {
                      const content = column.render(row);
                      if (index === 0) {
                        return (
                          <th
                            key={column.key}
                            scope="row"
                            className={cn(
                              'px-3 py-2 font-normal',
                              column.nowrap && 'whitespace-nowrap',
                              column.hideBelow && HIDE_BELOW[column.hideBelow],
                              column.className,
                            )}
                          >
                            {rowHref ? (
                              <Link
                                to={rowHref(row)}
                                aria-label={rowLabel?.(row)}
                                className="font-medium text-foreground no-underline after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50 focus-visible:after:ring-inset"
                              >
                                {content}
                              </Link>
                            ) : (
                              content
                            )}
                          </th>
                        );
                      }
                      return (
                        <td
                          key={column.key}
                          className={cn(
                            'px-3 py-2',
                            column.numeric && 'text-right tabular-nums',
                            column.nowrap && 'whitespace-nowrap',
                            column.hideBelow && HIDE_BELOW[column.hideBelow],
                            column.className,
                          )}
                        >
                          {content}
                        </td>
                      );
                    })}
                  </tr>
                  {expanded !== null ? (
                    <tr className="bg-muted/40">
                      <td colSpan={columns.length} className="px-3 py-3">
                        {expanded}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
      {loading && !rows ? <span className="sr-only">Loading…</span> : null}
    </div>
  );
}
