// Server paging for console lists: "1–50 of 1,234" with Previous and Next.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';

export function Pager({
  skip,
  limit,
  total,
  onSkip,
  noun = 'rows',
  exact = true,
  shown,
}: {
  skip: number;
  limit: number;
  total: number;
  /** False when the server stopped counting at `total` (long lists): "of 10,000+". */
  exact?: boolean;
  /** Rows on this page: past an inexact total, whether there is a next page. */
  shown?: number;
  onSkip: (skip: number) => void;
  /** What the rows are, for the range's accessible text ("agents"). */
  noun?: string;
}) {
  if (total === 0) return null;
  const beyond = !exact && skip >= total;
  const first = beyond ? skip + 1 : Math.min(skip + 1, total);
  const last = beyond ? skip + (shown ?? 0) : Math.min(skip + limit, total);
  const hasPrevious = skip > 0;
  const hasNext = exact ? skip + limit < total : (shown ?? limit) === limit;
  const of = exact ? formatCount(total) : `${formatCount(total)}+`;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {skip >= total && (exact || !shown) ? (
          <>
            Past the end of {of} {noun}
          </>
        ) : (
          <>
            {formatCount(first)}–{formatCount(last)} of {of} <span className="sr-only">{noun}</span>
          </>
        )}
      </p>
      {hasPrevious || hasNext ? (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!hasPrevious}
            onClick={() => onSkip(Math.max(0, Math.min(skip, total) - limit))}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onSkip(skip + limit)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
