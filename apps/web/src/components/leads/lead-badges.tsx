import type { LeadStatus } from '@portal/shared';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { leadStatusLabel, leadTypeLabel } from './lead-format';

function Badge({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        className,
      )}
      {...props}
    />
  );
}

export function LeadTypeBadge({ type }: { type: string }) {
  return (
    <Badge className="border-secondary/30 bg-secondary-soft text-secondary-hover">
      {leadTypeLabel(type)}
    </Badge>
  );
}

const STATUS_CLASS: Record<LeadStatus, string> = {
  active: 'border-primary/40 bg-primary-soft text-primary-text',
  archived: 'border-border bg-muted text-muted-foreground',
  closed: 'border-contract/40 bg-contract/10 text-contract',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge className={STATUS_CLASS[status]}>{leadStatusLabel(status)}</Badge>;
}

export function NewBadge() {
  return <Badge className="border-primary bg-primary text-primary-foreground">New</Badge>;
}
