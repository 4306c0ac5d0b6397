import { useDocumentTitle } from '@/lib/use-document-title';

const SECTIONS: { title: string; paragraphs: string[] }[] = [
  {
    title: '1. What the programme is',
    paragraphs: [
      'The programme is a lead-referral network for licensed real-estate agents. We advertise to homeowners who may want to sell, and we refer the sellers who respond to a participating agent who serves their area.',
      'These terms cover your use of this portal. The referral itself, including any referral fee, is governed by the master referral agreement and the service agreement you sign during onboarding. If these terms and a signed agreement disagree, the signed agreement wins.',
    ],
  },
  {
    title: '2. Joining',
    paragraphs: [
      'You can join only with an access code we or your brokerage gave you. Codes may expire or be limited to a number of uses.',
      'You must be a licensed real-estate agent in good standing in every state where you accept leads, and the information you give us must be true and kept up to date.',
    ],
  },
  {
    title: '3. Your account',
    paragraphs: [
      'Keep your password to yourself and use one you do not use anywhere else. Sign-in links we e-mail you work once, for a short time; do not forward them.',
      'You are responsible for what is done with your account, including by the team members you add to your lead routing. Tell us at once if you think someone else has used it.',
    ],
  },
  {
    title: '4. Leads',
    paragraphs: [
      'We match each lead to one agent by the property’s ZIP code and the lead types you accept. We do not promise a number of leads, or that any lead will list or sell.',
      'Contact each seller promptly and professionally, follow the law and the rules of your MLS and brokerage, and respect a seller’s wish not to be contacted again.',
      'Record in the portal what happens with your leads, including closings with their sale price and commission, so that referral fees and statistics are correct.',
    ],
  },
  {
    title: '5. Messages we send you',
    paragraphs: [
      'By joining you agree that we send leads and account messages to you, and to the recipients you set up, by e-mail, text message and phone call. During sign-up we send a test text and a test e-mail to check they arrive.',
      'Make sure every recipient you add has agreed to receive these messages. Message and data rates of your carrier may apply.',
    ],
  },
  {
    title: '6. Your photos, videos and logos',
    paragraphs: [
      'You keep ownership of the photos, videos, logos and text you upload. You allow us to use them to advertise you for as long as you take part in the programme, and you confirm you have the right to give us that permission.',
    ],
  },
  {
    title: '7. Ratings',
    paragraphs: [
      'From time to time we ask you to rate the quality of your leads. Your ratings help us improve the advertising; they do not change your agreements.',
    ],
  },
  {
    title: '8. Pausing, suspension and leaving',
    paragraphs: [
      'We may pause or suspend an account that breaks these terms or a signed agreement, and you may ask us to pause or end your participation at any time. Referral fees for leads already received remain due as your agreements say.',
    ],
  },
  {
    title: '9. Your data',
    paragraphs: [
      'We use your information to run the programme: to route and deliver leads, to advertise you, to prepare your agreements and to contact you. We do not sell it. Passwords are stored only in a form that cannot be read back.',
    ],
  },
  {
    title: '10. Changes to these terms',
    paragraphs: [
      'We may update these terms. We will tell you by e-mail before an important change takes effect; using the portal after that means you accept the new terms.',
    ],
  },
];

export function TermsPage() {
  useDocumentTitle('Terms of service');
  return (
    <article className="mx-auto grid max-w-3xl gap-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Terms of service</h1>
        <p className="text-muted-foreground">
          The rules for using the agent portal of the lead-referral programme, in plain language.
        </p>
      </header>
      {SECTIONS.map((section) => (
        <section key={section.title} className="grid gap-3">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
