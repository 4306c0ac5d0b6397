import type { Lead } from '@portal/shared';
import { LeadTypeBadge } from '@/components/leads/lead-badges';
import { leadAddress } from '@/components/leads/lead-format';
import { formatPhone } from '@/lib/format-phone';
import { cn } from '@/lib/utils';
import { CallLink, LastActivity, LeadNameButton, type LeadRowProps } from './lead-cells';
import { NextActionCell } from './next-action-cell';
import { StageChip } from './stage-chip';

function LeadCard({ lead, highlighted, showStatus, onOpen }: LeadRowProps) {
  return (
    <li
      className={cn(
        'flex items-start gap-2 rounded-lg border border-border bg-background p-3 transition-colors',
        highlighted && 'border-primary bg-primary-soft',
      )}
    >
      <div className="grid min-w-0 flex-1 gap-1.5 text-sm">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <LeadNameButton lead={lead} showStatus={showStatus} onOpen={onOpen} className="text-base" />
          <StageChip stage={lead.stage} />
          <LeadTypeBadge type={lead.lead_type} />
        </div>
        <p>
          {lead.status === 'active' ? <span className="text-muted-foreground">Next: </span> : null}
          <NextActionCell lead={lead} />
        </p>
        <p className="break-words">{leadAddress(lead)}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
          {lead.phone ? <span>{formatPhone(lead.phone)}</span> : null}
          {lead.email ? <span className="break-all">{lead.email}</span> : null}
          <span>
            Last activity: <LastActivity lead={lead} />
          </span>
        </p>
      </div>
      <CallLink lead={lead} className="size-11" />
    </li>
  );
}

/** The roomier view: a card per lead with its address and contact details. */
export function LeadCards({
  leads,
  label,
  highlighted,
  showStatus,
  onOpen,
}: {
  leads: Lead[];
  label: string;
  highlighted: ReadonlySet<string>;
  showStatus: (lead: Lead) => boolean;
  onOpen: (lead: Lead) => void;
}) {
  return (
    <ul aria-label={label} className="grid gap-2 xl:grid-cols-2">
      {leads.map((lead) => (
        <LeadCard
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
