import type { Lead } from '@portal/shared';
import { useRef } from 'react';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { formatPhone } from '@/lib/format-phone';
import { LeadStatusBadge, LeadTypeBadge } from './lead-badges';
import { formatDateTime, leadAddress, leadName } from './lead-format';
import { LeadClosingSection, Section } from './lead-section';

/**
 * A lead for someone who watches rather than works it (a corporate user, a group manager): what
 * the seller gave, where, whose lead it is and how it ended. Nothing here changes the lead.
 */
export function LeadReadOnlySheet({
  lead,
  owner,
  onClose,
}: {
  lead: Lead | null;
  /** "Alice Agent · Summit Realty West": whose lead it is. */
  owner?: string;
  onClose: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  return (
    <Sheet open={lead !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {lead ? (
        <SheetContent
          ref={panel}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            panel.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const row = document.querySelector<HTMLElement>(`[data-lead-row="${CSS.escape(lead.id)}"]`);
            if (row) {
              event.preventDefault();
              row.focus();
            }
          }}
        >
          <SheetHeader>
            <SheetTitle>{leadName(lead)}</SheetTitle>
            <SheetDescription>
              Received {formatDateTime(lead.created_at)}
              {owner ? ` · ${owner}` : ''}
            </SheetDescription>
            <div className="flex flex-wrap gap-2">
              <LeadTypeBadge type={lead.lead_type} />
              <LeadStatusBadge status={lead.status} />
            </div>
          </SheetHeader>
          <SheetBody>
            <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
              You are watching this lead: the agent works it and changes its status.
            </p>
            <Section title="Contact">
              {lead.phone ? (
                <p>
                  <a href={`tel:${lead.phone}`} className="font-medium">
                    {formatPhone(lead.phone)}
                  </a>
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">No phone number given.</p>
              )}
              {lead.email ? <p className="break-all">{lead.email}</p> : null}
            </Section>
            <Section title="Property">
              <p className="break-words">{leadAddress(lead)}</p>
              {lead.county ? <p className="text-sm text-muted-foreground">{lead.county} County</p> : null}
            </Section>
            {lead.status === 'closed' ? <LeadClosingSection lead={lead} /> : null}
            <Section title="Notes">
              {lead.notes ? (
                <p className="whitespace-pre-wrap break-words">{lead.notes}</p>
              ) : (
                <p className="text-sm text-muted-foreground">No notes yet.</p>
              )}
            </Section>
            {lead.routing ? (
              <Section title="How it was routed">
                <p className="text-sm">{lead.routing.reason}</p>
              </Section>
            ) : null}
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
