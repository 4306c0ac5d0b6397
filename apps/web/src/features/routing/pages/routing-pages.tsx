import { PlannedPage } from '@/components/planned-page';

const meanwhile = (
  <p>
    Leads keep going to the people set up today. To add or remove someone now, e-mail the office with their
    name, phone, e-mail and how they should be notified.
  </p>
);

export function RoutingRecipientsPage() {
  return (
    <PlannedPage
      level={2}
      title="Recipients"
      intro="Everyone who receives your leads."
      upcoming={[
        'You as the primary agent, and any team members or extra primary agents, each with their phone and e-mail.',
        'For each person, whether a lead reaches them by text message, e-mail and/or phone call.',
        'Adding, editing, making someone primary (only active recipients) and removing recipients.',
      ]}
      meanwhile={meanwhile}
    />
  );
}

export function RoutingTeamMembersPage() {
  return (
    <PlannedPage
      level={2}
      title="Team members"
      intro="The people on your team who receive leads with you."
      upcoming={[
        'Adding a team member by name, phone and e-mail, choosing how each lead reaches them.',
        'Pausing or removing a team member when they leave.',
      ]}
      meanwhile={meanwhile}
    />
  );
}

export function RoutingCrmPage() {
  return (
    <PlannedPage
      level={2}
      title="CRM"
      intro="Forwarding your leads to your CRM."
      upcoming={[
        'The e-mail address of your CRM, so each new lead is also sent there and lands in your usual pipeline.',
      ]}
      meanwhile={
        <p>Forward lead e-mails to your CRM yourself, or e-mail the office your CRM address to set it up.</p>
      }
    />
  );
}
