import { PlannedPage } from '@/components/planned-page';

export function FaqPage() {
  return (
    <PlannedPage
      title="Frequently asked questions"
      intro="Answers to the questions agents ask most about the programme."
      upcoming={[
        'How leads are chosen for you: by the ZIP code of the property and the lead types you accept.',
        'How leads reach you and your team by text, e-mail and phone, and what to do when one arrives.',
        'Onboarding, the service and master referral agreements, referral fees, and how to pause or leave the programme.',
      ]}
      meanwhile={<p>Reply to any e-mail from the office with your question; a person will answer it.</p>}
    />
  );
}
