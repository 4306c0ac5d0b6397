import { ACTIVE_STAGES, type ActiveStage, isActiveStage, type Lead, STAGE_LABELS } from '@portal/shared';
import { useQueries } from '@tanstack/react-query';
import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { LeadTypeBadge } from '@/components/leads/lead-badges';
import { formatCount, leadName } from '@/components/leads/lead-format';
import { LeadsLoadFailed } from '@/components/leads/leads-load-failed';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { LEADS_REFRESH_MS, leadsListQueryOptions, stageFilter } from '../api/get-leads';
import { useMoveLeadStage } from '../api/update-lead-stage';
import { CallLink, LeadNameButton, leadArea } from './lead-cells';
import { LeadDidNotCloseDialog, needsDidNotCloseReason } from './lead-did-not-close-dialog';
import { NextActionCell } from './next-action-cell';
import { StageChip } from './stage-chip';

/** Each column's top rule in its stage's colour (spelled out so that Tailwind finds them). */
const COLUMN_RULE: Record<ActiveStage, string> = {
  new: 'border-t-seller',
  pursuing: 'border-t-pursuing',
  scheduled: 'border-t-scheduled',
  valuation: 'border-t-valuation',
  listed: 'border-t-listed',
  contract: 'border-t-contract',
};

/** The stage one step before or after `stage` on the board, if any. */
const neighbour = (stage: string, step: 1 | -1): ActiveStage | undefined => {
  const index = (ACTIVE_STAGES as readonly string[]).indexOf(stage);
  return index < 0 ? undefined : ACTIVE_STAGES[index + step];
};

interface BoardProps {
  q: string;
  /** Ask again every LEADS_REFRESH_MS: the live stream is not connected. */
  poll: boolean;
  highlighted: ReadonlySet<string>;
  onOpen: (lead: Lead) => void;
}

/**
 * Active leads by stage, a column each. A card moves by drag and drop, by its Move menu, or with
 * Shift + Arrow keys on its name (a card under contract moving back first asks why it did not
 * close, and stays put if that is cancelled); the move shows at once, is said to screen readers, and goes
 * back with a toast if the server refuses it. On a phone the columns scroll sideways, one at a
 * time.
 */
export function LeadsBoard({ q, poll, highlighted, onOpen }: BoardProps) {
  const columns = useQueries({
    queries: ACTIVE_STAGES.map((stage) => ({
      ...leadsListQueryOptions(stageFilter(stage, q)),
      refetchInterval: poll ? LEADS_REFRESH_MS : (false as const),
    })),
  });
  const move = useMoveLeadStage();
  // A card under contract moving back waits for the reason it did not close.
  const moveBack = useMoveLeadStage();
  const [backTo, setBackTo] = useState<{ lead: Lead; to: ActiveStage; keepFocus: boolean } | null>(null);
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<ActiveStage | null>(null);
  const dragged = useRef<Lead | null>(null);
  // A card moved from the keyboard lands in another column: its name takes the focus back there.
  const refocus = useRef<{ id: string; stage: ActiveStage } | null>(null);

  useEffect(() => {
    if (!refocus.current) return;
    const { id, stage } = refocus.current;
    const target = document.querySelector<HTMLElement>(
      `[data-stage-column="${stage}"] [data-board-card="${id}"] [data-lead-row]`,
    );
    if (target) {
      target.focus();
      refocus.current = null;
    }
  });

  const moveTo = (lead: Lead, to: ActiveStage, { keepFocus = false } = {}) => {
    if (lead.stage === to) return;
    if (needsDidNotCloseReason(lead.stage, to)) {
      moveBack.reset();
      setBackTo({ lead, to, keepFocus });
      return;
    }
    const name = leadName(lead);
    if (keepFocus) refocus.current = { id: lead.id, stage: to };
    setAnnouncement(`${name} moved to ${STAGE_LABELS[to]}.`);
    move.mutate(
      { lead, to },
      {
        onError: () =>
          setAnnouncement(`${name} could not be moved. It is back in ${STAGE_LABELS[lead.stage]}.`),
      },
    );
  };

  const moveBackWithReason = (reason: string) => {
    if (!backTo) return;
    const { lead, to, keepFocus } = backTo;
    moveBack.mutate(
      { lead, to, did_not_close_reason: reason },
      {
        onSuccess: () => {
          if (keepFocus) refocus.current = { id: lead.id, stage: to };
          setAnnouncement(`${leadName(lead)} moved to ${STAGE_LABELS[to]}.`);
          setBackTo(null);
        },
      },
    );
  };

  if (columns.every((column) => column.isError && !column.data)) {
    const failed = columns[0]!;
    return (
      <LeadsLoadFailed
        title="The board could not be loaded"
        query={{
          error: failed.error,
          isFetching: columns.some((column) => column.isFetching),
          refetch: () => Promise.all(columns.map((column) => column.refetch())),
        }}
      />
    );
  }

  return (
    <div className="grid gap-2">
      <p id={hintId} className="text-sm text-muted-foreground">
        Drag a card to another stage, or use its Move menu. From the keyboard: on a lead's name, press Shift +
        Right arrow or Shift + Left arrow to move it one stage.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <section
        aria-label="Board of active leads by stage"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard to scroll it
        tabIndex={0}
        className="grid snap-x snap-mandatory auto-cols-[85%] grid-flow-col gap-3 overflow-x-auto pb-2 sm:auto-cols-[minmax(15rem,1fr)] focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {ACTIVE_STAGES.map((stage, index) => {
          const column = columns[index]!;
          const titleId = `${hintId}-${stage}`;
          const items = column.data?.items ?? [];
          return (
            <section
              key={stage}
              aria-labelledby={titleId}
              data-stage-column={stage}
              onDragOver={(event) => {
                if (!dragged.current) return;
                event.preventDefault();
                setDropTarget(stage);
              }}
              onDragLeave={() => setDropTarget((current) => (current === stage ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                setDropTarget(null);
                const lead = dragged.current;
                dragged.current = null;
                if (lead) moveTo(lead, stage);
              }}
              className={cn(
                'grid snap-start content-start gap-2 rounded-lg border border-t-4 border-border bg-muted/60 p-2',
                COLUMN_RULE[stage],
                dropTarget === stage && 'bg-secondary-soft ring-2 ring-secondary',
              )}
            >
              <h3
                id={titleId}
                className="flex items-baseline justify-between gap-2 px-1 text-sm font-semibold"
              >
                {STAGE_LABELS[stage]}
                <span className="text-xs font-normal text-muted-foreground tabular-nums">
                  {column.data ? (
                    <>
                      {formatCount(column.data.total)}
                      <span className="sr-only">{column.data.total === 1 ? ' lead' : ' leads'}</span>
                    </>
                  ) : null}
                </span>
              </h3>
              {column.isError && !column.data ? (
                <div className="grid gap-2 p-1 text-sm text-destructive">
                  <p>This stage could not be loaded.</p>
                  <Button variant="outline" size="sm" onClick={() => void column.refetch()}>
                    Try again
                  </Button>
                </div>
              ) : !column.data ? (
                <div aria-hidden="true" className="grid gap-2">
                  <div className="h-20 animate-pulse rounded-md bg-background" />
                  <div className="h-20 animate-pulse rounded-md bg-background" />
                </div>
              ) : items.length === 0 ? (
                <p className="min-h-16 px-1 text-sm text-muted-foreground">No leads at this stage.</p>
              ) : (
                <ul aria-labelledby={titleId} className="grid min-h-16 gap-2">
                  {items.map((lead) => (
                    <BoardCard
                      key={lead.id}
                      lead={lead}
                      highlighted={highlighted.has(lead.id)}
                      hintId={hintId}
                      onOpen={onOpen}
                      onMove={moveTo}
                      onDragStart={() => {
                        dragged.current = lead;
                      }}
                      onDragEnd={() => {
                        dragged.current = null;
                        setDropTarget(null);
                      }}
                    />
                  ))}
                </ul>
              )}
              {column.data && column.data.total > items.length ? (
                <p className="px-1 text-xs text-muted-foreground">
                  The first {formatCount(items.length)} of {formatCount(column.data.total)}: search to find
                  the others.
                </p>
              ) : null}
            </section>
          );
        })}
      </section>
      {backTo ? (
        <LeadDidNotCloseDialog
          lead={backTo.lead}
          to={backTo.to}
          pending={moveBack.isPending}
          error={moveBack.isError ? errorMessage(moveBack.error) : null}
          onMove={moveBackWithReason}
          onCancel={() => {
            // The card is where it was; after a refused try it is drawn anew there.
            const { lead, keepFocus } = backTo;
            if (keepFocus && isActiveStage(lead.stage)) refocus.current = { id: lead.id, stage: lead.stage };
            moveBack.reset();
            setBackTo(null);
          }}
        />
      ) : null}
    </div>
  );
}

function BoardCard({
  lead,
  highlighted,
  hintId,
  onOpen,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  lead: Lead;
  highlighted: boolean;
  hintId: string;
  onOpen: (lead: Lead) => void;
  onMove: (lead: Lead, to: ActiveStage, options?: { keepFocus?: boolean }) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const name = leadName(lead);
  return (
    <li
      data-board-card={lead.id}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', lead.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onKeyDown={(event) => {
        if (!event.shiftKey || !(event.target as HTMLElement).hasAttribute('data-lead-row')) return;
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (step === 0) return;
        event.preventDefault();
        const to = neighbour(lead.stage, step);
        if (to) onMove(lead, to, { keepFocus: true });
      }}
      className={cn(
        'grid cursor-grab gap-1.5 rounded-md border border-border bg-background p-2 text-sm shadow-xs active:cursor-grabbing',
        highlighted && 'border-primary bg-primary-soft',
      )}
    >
      <LeadNameButton lead={lead} showStatus={false} onOpen={onOpen} describedBy={hintId} />
      <div className="flex flex-wrap gap-1.5">
        <LeadTypeBadge type={lead.lead_type} />
      </div>
      <NextActionCell lead={lead} className="text-xs" />
      <p className="text-xs text-muted-foreground">{leadArea(lead)}</p>
      <div className="flex items-center justify-between gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" aria-label={`Move ${name}`}>
              <ArrowRightLeft aria-hidden="true" />
              Move
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel className="text-muted-foreground">Move to</DropdownMenuLabel>
            {ACTIVE_STAGES.filter((stage) => stage !== lead.stage).map((stage) => (
              <DropdownMenuItem key={stage} onSelect={() => onMove(lead, stage, { keepFocus: true })}>
                <StageChip stage={stage} />
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <CallLink lead={lead} />
      </div>
    </li>
  );
}
