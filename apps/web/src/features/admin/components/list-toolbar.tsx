// The row above a console list: search, filters, and a way back to the unfiltered list.
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { TableEmpty } from './data-table';

export function ListToolbar({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap [&>*]:lg:w-56">{children}</div>
  );
}

/** What an empty filtered list says, with a button that clears the search and filters. */
export function NoMatches({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <TableEmpty matching>
      <span>No {what} match the search and filters.</span>
      <Button variant="outline" size="sm" onClick={onClear}>
        Clear search and filters
      </Button>
    </TableEmpty>
  );
}

/**
 * What a searchable list without filters says when empty: no match for the search, with a way
 * back to the whole list, or (no search) that there is none yet and how to make one.
 */
export function SearchEmpty({
  noun,
  query,
  onClear,
  none,
  clearClassName,
}: {
  noun: string;
  query: string;
  onClear: () => void;
  none: string;
  clearClassName?: string;
}) {
  if (!query) return <TableEmpty>{none}</TableEmpty>;
  return (
    <TableEmpty matching>
      <span>
        No {noun} matches “{query}”.{' '}
        <Button variant="link" className={cn('h-auto p-0', clearClassName)} onClick={onClear}>
          Clear the search
        </Button>
      </span>
    </TableEmpty>
  );
}
