import { type GroupLead, type LeadStage, STAGE_LABELS, STALE_AFTER_DAYS } from '@portal/shared';
import { useState } from 'react';
import { formatDateTime, leadAddress, leadName } from '@/components/leads/lead-format';
import { LeadsListSkeleton, LeadsPager } from '@/components/leads/leads-list';
import { LeadsLoadFailed } from '@/components/leads/leads-load-failed';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { type PipelineScope, useStaleLeads } from '../api/get-pipeline';

/** Whole days since `iso`: a stale lead's age is a week or more, counted in days. */
const daysSince = (iso: string, now = Date.now()) =>
  Math.max(0, Math.floor((now - Date.parse(iso)) / 86_400_000));

function StaleLead({ lead }: { lead: GroupLead }) {
  const since = lead.last_activity_at ?? lead.created_at;
  const days = daysSince(since);
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-background p-3 text-sm">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{leadName(lead)}</span>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium">
          {STAGE_LABELS[lead.stage as LeadStage] ?? lead.stage}
        </span>
      </span>
      <span className="text-muted-foreground">
        {lead.agent_name} · {leadAddress(lead)}
      </span>
      <span className="font-medium text-destructive">
        {lead.last_activity_at ? 'Last activity ' : 'Never worked; arrived '}
        <time dateTime={since} title={formatDateTime(since)}>
          {days} {days === 1 ? 'day' : 'days'} ago
        </time>
      </span>
    </li>
  );
}

/**
 * The stale leads of the pipeline's agents, or of one of them: active, with nothing done for
 * STALE_AFTER_DAYS days, the longest untouched first, 100 to a page.
 */
export function StaleLeadsSheet({
  scope,
  whose,
  onClose,
}: {
  /** Null: closed. */
  scope: PipelineScope | null;
  /** "Bob Baker", "West": in the title. */
  whose: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const stale = useStaleLeads(scope, page);
  const list = stale.data;
  return (
    <Sheet
      open={scope !== null}
      onOpenChange={(open) => {
        if (open) return;
        setPage(1);
        onClose();
      }}
    >
      {scope ? (
        <SheetContent>
          <SheetHeader>
            <SheetTitle>Stale leads of {whose}</SheetTitle>
            <SheetDescription>
              Active leads with nothing done for {STALE_AFTER_DAYS} days or more, the longest untouched first.
            </SheetDescription>
          </SheetHeader>
          <SheetBody>
            {!list ? (
              stale.isError ? (
                <LeadsLoadFailed title="The stale leads could not be loaded" query={stale} />
              ) : (
                <LeadsListSkeleton />
              )
            ) : list.items.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
                No stale leads: every active lead was worked in the last {STALE_AFTER_DAYS} days.
              </p>
            ) : (
              <div aria-busy={stale.isPlaceholderData || undefined} className="grid gap-3">
                <ul aria-label="Stale leads, longest untouched first" className="grid gap-2">
                  {list.items.map((lead) => (
                    <StaleLead key={lead.id} lead={lead} />
                  ))}
                </ul>
                <LeadsPager page={page} shown={list.items.length} total={list.total} onPage={setPage} />
              </div>
            )}
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
