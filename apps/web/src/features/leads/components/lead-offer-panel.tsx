import type { Lead, LeadOffer } from '@portal/shared';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { LeadTypeBadge } from '@/components/leads/lead-badges';
import { leadTypeLabel, offerArea } from '@/components/leads/lead-format';
import { Section } from '@/components/leads/lead-section';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAcceptOffer } from '../api/lead-offers';
import { LeadHandBackDialog } from './lead-hand-back-dialog';
import { OfferCountdown, useTimeLeft } from './offer-countdown';

/**
 * An open offer in the lead's sheet: the lead type, the area and the countdown, with Accept and
 * Pass. The server sends no seller details until the offer is accepted; accepting answers the
 * whole lead, which the sheet then shows as usual.
 */
export function LeadOfferPanel({
  lead,
  offer,
  onClose,
}: {
  lead: Lead;
  offer: LeadOffer;
  onClose: () => void;
}) {
  const accept = useAcceptOffer();
  const [passing, setPassing] = useState(false);
  const lapsed = useTimeLeft(offer.expires_at) <= 0;
  const type = leadTypeLabel(lead.lead_type);
  return (
    <>
      <SheetHeader>
        <SheetTitle>
          Offer: {type} lead in {offerArea(lead)}
        </SheetTitle>
        <SheetDescription>
          Offered <RelativeTime value={offer.offered_at} />. Accept it to see the seller's name, phone and
          e-mail.
        </SheetDescription>
        <div className="flex flex-wrap gap-2">
          <LeadTypeBadge type={lead.lead_type} />
        </div>
        <OfferCountdown expiresAt={offer.expires_at} offeredAt={offer.offered_at} className="text-lg" />
      </SheetHeader>
      <SheetBody>
        <Section title="Area">
          <p>{offerArea(lead)}</p>
          {lead.county ? <p className="text-sm text-muted-foreground">{lead.county} County</p> : null}
        </Section>
        {lapsed ? (
          <p className="rounded-lg border border-border bg-muted p-3 text-sm">
            This offer lapsed before it was accepted: the lead goes to the next eligible agent and leaves your
            list in a moment.
          </p>
        ) : (
          <div className="grid gap-3">
            <FormError message={accept.isError ? errorMessage(accept.error) : null} />
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Button
                className="h-11"
                pending={accept.isPending}
                onClick={() =>
                  accept.mutate(lead.id, {
                    onSuccess: () =>
                      toast.success('Offer accepted', { description: 'The seller is yours: call now.' }),
                  })
                }
              >
                <Check aria-hidden="true" />
                Accept
              </Button>
              <Button
                variant="outline"
                className="h-11"
                disabled={accept.isPending}
                onClick={() => setPassing(true)}
              >
                <X aria-hidden="true" />
                Pass
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              Passing, or letting the time run out, sends the lead to the next eligible agent. Both count
              against your offers accepted.
            </p>
          </div>
        )}
      </SheetBody>
      <LeadHandBackDialog
        leadId={lead.id}
        kind="pass"
        open={passing}
        onOpenChange={setPassing}
        onDone={onClose}
      />
    </>
  );
}
