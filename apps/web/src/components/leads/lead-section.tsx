import type { Lead } from '@portal/shared';
import type * as React from 'react';
import { formatDay, formatMoney } from './lead-format';

/** The small uppercase heading of each part of the lead panel. */
export const sectionTitle = 'text-sm font-semibold tracking-wide text-muted-foreground uppercase';

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className={sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** A closed lead's figures: when it closed, for how much, and the commission it earned. */
export function LeadClosingSection({ lead }: { lead: Lead }) {
  return (
    <Section title="Closing">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Closing date</dt>
          <dd className="font-medium">{lead.closing_date ? formatDay(lead.closing_date) : '—'}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Sale price</dt>
          <dd className="font-medium">{lead.sale_price !== null ? formatMoney(lead.sale_price) : '—'}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Gross commission</dt>
          <dd className="font-medium">
            {lead.gross_commission !== null ? formatMoney(lead.gross_commission) : '—'}
          </dd>
        </div>
      </dl>
    </Section>
  );
}
