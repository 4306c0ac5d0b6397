// The row above a console list: search, filters, and a way back to the unfiltered list.
import type * as React from 'react';
import { Button } from '@/components/ui/button';

export function ListToolbar({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid items-end gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap [&>*]:lg:w-56">{children}</div>
  );
}

/** What an empty filtered list says, with a button that clears the search and filters. */
export function NoMatches({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <span className="grid justify-items-center gap-2">
      <span>No {what} match the search and filters.</span>
      <Button variant="outline" size="sm" onClick={onClear}>
        Clear search and filters
      </Button>
    </span>
  );
}
