import type { Lead } from '@portal/shared';
import { LeadTypeBadge } from '@/components/leads/lead-badges';
import { leadTypeLabel, offerArea } from '@/components/leads/lead-format';
import { openOffer } from '../api/lead-offers';
import { OfferCountdown } from './offer-countdown';

/**
 * The queue's first part while leads wait for the agent's answer: each offer's type, area and
 * countdown (no seller until accepted); opening one shows Accept and Pass in the lead's sheet.
 */
export function LeadOffersList({ leads, onOpen }: { leads: Lead[]; onOpen: (lead: Lead) => void }) {
  if (leads.length === 0) return null;
  return (
    <section aria-labelledby="lead-offers-title" className="grid gap-2">
      <h3 id="lead-offers-title" className="text-lg font-semibold tracking-tight">
        Offers
      </h3>
      <p className="text-sm text-muted-foreground">
        Accept before the time runs out, or the lead goes to the next agent. The seller's details show once
        you accept.
      </p>
      <ul aria-label="Offers waiting for your answer" className="grid gap-2 xl:grid-cols-2">
        {leads.map((lead) => {
          const offer = openOffer(lead);
          if (!offer) return null;
          return (
            <li
              key={lead.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-primary bg-primary-soft p-3 text-sm"
            >
              <span className="grid min-w-0 gap-1">
                <button
                  type="button"
                  data-lead-row={lead.id}
                  onClick={() => onOpen(lead)}
                  className="min-w-0 rounded-sm text-left font-medium break-words text-foreground underline underline-offset-4 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {leadTypeLabel(lead.lead_type)} lead in {offerArea(lead)}
                </button>
                <span className="flex flex-wrap items-center gap-2">
                  <LeadTypeBadge type={lead.lead_type} />
                  {lead.county ? <span className="text-muted-foreground">{lead.county} County</span> : null}
                </span>
              </span>
              <OfferCountdown expiresAt={offer.expires_at} offeredAt={offer.offered_at} announce={false} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
