import type { Lead, LeadDetail } from '@portal/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ClipboardPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { sectionTitle } from '@/components/leads/lead-section';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { LeadLogActivityDialog } from './lead-log-activity-dialog';
import { LeadNotesForm } from './lead-notes-form';
import { LeadTimeline, type TimelineFilter } from './lead-timeline';

const FILTERS: { value: TimelineFilter; label: string }[] = [
  { value: 'everything', label: 'Everything' },
  { value: 'activity', label: 'Activity' },
];

/**
 * The lead's thread: a note composer and "Log activity" on top, then what happened, newest
 * first, either the activity alone (calls, texts, e-mails, meetings, notes) or everything
 * (routing, deliveries, stage changes too).
 */
export function LeadActivityThread({
  lead,
  detail,
  money,
}: {
  lead: Lead;
  detail: UseQueryResult<LeadDetail>;
  money: boolean;
}) {
  const headingId = useId();
  const [filter, setFilter] = useState<TimelineFilter>('everything');
  const [logging, setLogging] = useState(false);
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className={sectionTitle}>
          Activity
        </h3>
        <LeadLogActivityDialog
          lead={lead}
          open={logging}
          onOpenChange={setLogging}
          trigger={
            <Button variant="outline" size="sm" className="h-10">
              <ClipboardPlus aria-hidden="true" />
              Log activity
            </Button>
          }
        />
      </div>
      <LeadNotesForm lead={lead} />
      <fieldset aria-label="Show" className="min-w-0 flex gap-1 justify-self-start rounded-md bg-muted p-1">
        {FILTERS.map((choice) => (
          <Button
            key={choice.value}
            variant={filter === choice.value ? 'outline' : 'ghost'}
            size="sm"
            className="h-9"
            aria-pressed={filter === choice.value}
            onClick={() => setFilter(choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </fieldset>
      {detail.data ? (
        <LeadTimeline events={detail.data.events} filter={filter} money={money} />
      ) : detail.isError ? (
        <div className="grid justify-items-start gap-2 text-sm">
          <p className="text-destructive">The activity could not be loaded: {errorMessage(detail.error)}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void detail.refetch()}
            pending={detail.isFetching}
          >
            Try again
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          Loading activity…
        </p>
      )}
    </section>
  );
}
