import { PlannedPage } from '@/components/planned-page';
import { useAuth } from '@/lib/auth';
import { RecipientLeads } from '../components/recipient-leads';

export function LeadsPage() {
  const auth = useAuth();
  if (auth.status === 'recipient' && auth.recipient) return <RecipientLeads recipient={auth.recipient} />;
  return (
    <PlannedPage
      title="Leads"
      intro="The seller leads routed to you by the programme."
      upcoming={[
        'Every lead routed to you, newest first, with counts of active, archived and closed leads, and filters for each.',
        "For each lead: the seller's name, phone and e-mail, the property address, the lead type (for example FSBO, expired or inherited) and when it arrived.",
        'Adding notes, archiving a lead, and closing it with the closing date, sale price and commission, which feed your totals.',
      ]}
      meanwhile={
        <p>
          Leads are already delivered as they arrive, by text message, e-mail or phone call, to you and the
          people in your lead routing. Call each seller as soon as you can: the sooner you call, the better
          your chance of the listing.
        </p>
      }
    />
  );
}
