import type { Lead } from '@portal/shared';
import { LeadTypeBadge } from '@/components/leads/lead-badges';
import { leadTypeLabel } from '@/components/leads/lead-format';
import { cn } from '@/lib/utils';
import { CallLink, LastActivity, LeadNameButton, type LeadRowProps, leadArea } from './lead-cells';
import { NextActionCell } from './next-action-cell';
import { StageChip } from './stage-chip';
import { useIsNarrow } from './use-media-query';

interface LeadsTableProps {
  leads: Lead[];
  /** Names the table (its caption) or the list, for screen readers. */
  label: string;
  highlighted: ReadonlySet<string>;
  showStatus: (lead: Lead) => boolean;
  onOpen: (lead: Lead) => void;
}

const head = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase';
const cell = 'px-3 py-1 align-middle';

function TableRow({ lead, highlighted, showStatus, onOpen }: LeadRowProps) {
  return (
    <tr className={cn('border-t border-border', highlighted ? 'bg-primary-soft' : 'hover:bg-muted/50')}>
      <th scope="row" className={cn(cell, 'font-normal')}>
        <LeadNameButton
          lead={lead}
          showStatus={showStatus}
          onOpen={onOpen}
          className="flex-nowrap whitespace-nowrap"
        />
      </th>
      <td className={cell}>
        <StageChip stage={lead.stage} />
      </td>
      {/* The column that gives way: it takes the room left and cuts its text short. */}
      <td className={cn(cell, 'w-full max-w-0 min-w-40')}>
        <NextActionCell lead={lead} className="block truncate" />
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>
        <LastActivity lead={lead} />
      </td>
      <td className={cn(cell, 'whitespace-nowrap')}>{leadTypeLabel(lead.lead_type)}</td>
      <td className={cn(cell, 'whitespace-nowrap')}>{leadArea(lead)}</td>
      <td className={cn(cell, 'w-0 py-0.5 text-right')}>
        <CallLink lead={lead} className="size-8" />
      </td>
    </tr>
  );
}

/** A phone's row: name and stage, then the next action, then type, area and last activity. */
function CompactRow({ lead, highlighted, showStatus, onOpen }: LeadRowProps) {
  return (
    <li
      className={cn(
        'flex items-center gap-2 border-t border-border px-3 py-2 first:border-t-0',
        highlighted && 'bg-primary-soft',
      )}
    >
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <LeadNameButton lead={lead} showStatus={showStatus} onOpen={onOpen} />
          <StageChip stage={lead.stage} />
        </div>
        <NextActionCell lead={lead} className="truncate" />
        <div className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <LeadTypeBadge type={lead.lead_type} />
          <span>{leadArea(lead)}</span>
          <span>
            Last activity: <LastActivity lead={lead} />
          </span>
        </div>
      </div>
      <CallLink lead={lead} className="size-11" />
    </li>
  );
}

/**
 * The dense view: one line per lead, to scan many at once. On a phone it becomes a list of
 * compact rows, which reads better than a table scrolled sideways.
 */
export function LeadsTable({ leads, label, highlighted, showStatus, onOpen }: LeadsTableProps) {
  const narrow = useIsNarrow();
  if (narrow) {
    return (
      <ul aria-label={label} className="rounded-lg border border-border bg-background">
        {leads.map((lead) => (
          <CompactRow
            key={lead.id}
            lead={lead}
            highlighted={highlighted.has(lead.id)}
            showStatus={showStatus(lead)}
            onOpen={onOpen}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-background">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Name
            </th>
            <th scope="col" className={head}>
              Stage
            </th>
            <th scope="col" className={head}>
              Next action
            </th>
            <th scope="col" className={head}>
              Last activity
            </th>
            <th scope="col" className={head}>
              Type
            </th>
            <th scope="col" className={head}>
              Area
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              <span className="sr-only">Call</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <TableRow
              key={lead.id}
              lead={lead}
              highlighted={highlighted.has(lead.id)}
              showStatus={showStatus(lead)}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LeadsTableSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid rounded-lg border border-border bg-background">
      <span className="sr-only">Loading leads…</span>
      {Array.from({ length: 8 }, (_, row) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart
          key={row}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-4 border-t border-border px-3 py-2.5 first:border-t-0"
        >
          <div className="h-4 w-36 rounded bg-muted" />
          <div className="h-4 w-20 rounded-full bg-muted" />
          <div className="hidden h-4 w-48 rounded bg-muted sm:block" />
          <div className="ml-auto size-7 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
