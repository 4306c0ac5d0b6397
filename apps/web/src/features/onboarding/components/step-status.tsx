import type { SectionStatus } from '@portal/shared';
import { Circle, CircleCheck, CircleDashed } from 'lucide-react';
import { cn } from '@/lib/utils';

const badge = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium';

/** A step's state: Completed or Not yet. */
export function StepStatusBadge({ done, className }: { done: boolean; className?: string }) {
  return (
    <span
      data-done={done}
      className={cn(
        badge,
        done
          ? 'border-primary/40 bg-primary-soft text-primary-text'
          : 'border-border bg-muted text-muted-foreground',
        className,
      )}
    >
      {done ? (
        <CircleCheck className="size-3.5" aria-hidden="true" />
      ) : (
        <Circle className="size-3.5" aria-hidden="true" />
      )}
      {done ? 'Completed' : 'Not yet'}
    </span>
  );
}

export const SECTION_STATUS_LABEL: Record<SectionStatus, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  not_started: 'Not started',
};

/** A section's state from its steps: Completed, In progress or Not started. */
export function SectionStatusBadge({ status }: { status: SectionStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        badge,
        status === 'completed' && 'border-primary/40 bg-primary-soft text-primary-text',
        status === 'in_progress' && 'border-secondary/40 bg-secondary-soft text-secondary-hover',
        status === 'not_started' && 'border-border bg-muted text-muted-foreground',
      )}
    >
      {status === 'completed' ? <CircleCheck className="size-3.5" aria-hidden="true" /> : null}
      {status === 'in_progress' ? <CircleDashed className="size-3.5" aria-hidden="true" /> : null}
      {status === 'not_started' ? <Circle className="size-3.5" aria-hidden="true" /> : null}
      {SECTION_STATUS_LABEL[status]}
    </span>
  );
}
