import type { LeadStatus } from '@portal/shared';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { leadStatusLabel, leadTypeColours, leadTypeLabel } from './lead-format';

function Badge({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        className,
      )}
      {...props}
    />
  );
}

/** What kind of lead: a tinted pill, one hue per type (the same as in the charts). */
export function LeadTypeBadge({ type }: { type: string }) {
  return (
    <Badge data-lead-type={type} className={cn('rounded-full', leadTypeColours(type).badge)}>
      {leadTypeLabel(type)}
    </Badge>
  );
}

/**
 * Where the lead stands: a plain tag with a coloured dot, so that it never reads as one more lead
 * type beside the type pill.
 */
const STATUS_CLASS: Record<LeadStatus, { text: string; dot: string }> = {
  active: { text: 'text-primary-text', dot: 'bg-primary' },
  archived: { text: 'text-muted-foreground', dot: 'bg-muted-foreground' },
  closed: { text: 'text-contract', dot: 'bg-contract' },
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const colours = STATUS_CLASS[status] ?? STATUS_CLASS.archived;
  return (
    <Badge data-lead-status={status} className={cn('rounded-md border-border bg-background', colours.text)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', colours.dot)} />
      {leadStatusLabel(status)}
    </Badge>
  );
}

export function NewBadge() {
  return <Badge className="rounded-full border-primary bg-primary text-primary-foreground">New</Badge>;
}
