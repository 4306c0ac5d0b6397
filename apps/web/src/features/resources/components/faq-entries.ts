import { describeTypes, formatBytes, RATING_INTERVAL_DAYS, UPLOAD_KINDS } from '@portal/shared';
import { paths } from '@/config/paths';

/** A run of text, a link inside the portal, or the office's e-mail address (GET /api/contact). */
export type FaqInline = string | { to: string; text: string } | typeof OFFICE_EMAIL;

/** Where an answer gives the office's address: a mailto link once the address is known. */
export const OFFICE_EMAIL = { officeEmail: true, text: "the office's e-mail address" } as const;
/** A paragraph, or a bulleted list of short paragraphs. */
export type FaqBlock = FaqInline[] | { list: FaqInline[][] };

export interface FaqEntry {
  /** The anchor: /resources/faq#<id> opens this answer. */
  id: string;
  question: string;
  answer: FaqBlock[];
}

export interface FaqTopic {
  id: string;
  title: string;
  entries: FaqEntry[];
}

const link = (to: string, text: string) => ({ to, text });
const step = (page: Parameters<typeof paths.onboardingPage.href>[0], text: string) =>
  link(paths.onboardingPage.href(page), text);

const headshot = UPLOAD_KINDS.headshot;
const video = UPLOAD_KINDS.fsbo_video;

export const FAQ_TOPICS: FaqTopic[] = [
  {
    id: 'signup',
    title: 'Signing up',
    entries: [
      {
        id: 'how-do-i-join',
        question: 'How do I join the programme?',
        answer: [
          [
            'You need an access code from the office or your brokerage. Enter it with your e-mail on the ',
            link(paths.signup.href(), 'sign-up page'),
            ', choose a password, then go through the sign-up steps: your name, phone and mailing address, your time zone, a test text message and e-mail, saving our number, your Google advertising answers, your E&O insurance and booking your onboarding call.',
          ],
        ],
      },
      {
        id: 'test-messages',
        question: 'Why do you send me a test text message and e-mail?',
        answer: [
          [
            'Leads reach you by text message and e-mail, so we check that both arrive before your first lead does. If one does not arrive, you can have it sent again or tell the office from the same page.',
          ],
        ],
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. How do I sign in?',
        answer: [
          [
            'Choose ',
            link(paths.recovery.href(), 'Forgot your password?'),
            ' on the sign-in page: we e-mail you a link to choose a new one, which works once, for an hour. You can also ask the sign-in page for a one-time sign-in link by e-mail.',
          ],
        ],
      },
      {
        id: 'change-sign-in-email',
        question: 'Can I change the e-mail address I sign in with?',
        answer: [
          [
            'Not yourself: contact the office and we will change it for you. Your sign-in address is shown on your ',
            link(paths.profile.href(), 'profile'),
            '.',
          ],
        ],
      },
    ],
  },
  {
    id: 'onboarding',
    title: 'Onboarding',
    entries: [
      {
        id: 'what-is-onboarding',
        question: 'What is onboarding, and how long does it take?',
        answer: [
          [
            'Onboarding collects what your advertising and lead delivery need: your team and broker of record, photos and logos, who receives your leads and your service area, your licences and E&O insurance, your videos, and the two agreements.',
          ],
          [
            'Most steps take a few minutes; allow about an hour in all, plus the time to record your videos. You can stop at any point: the ',
            link(paths.onboarding.href(), 'onboarding overview'),
            ' shows what is done and what is left.',
          ],
        ],
      },
      {
        id: 'step-done',
        question: 'How is a step marked done?',
        answer: [
          ['Some steps are done as soon as what they need is in:'],
          {
            list: [
              ['Headshots: at least one headshot.'],
              ['Branding: your brokerage logo, and your team logo if you have a team.'],
              ['Lead routing: at least one person besides you receives your leads.'],
              [
                "Broker of record: your broker's name, phone and e-mail and your brokerage, and a billing contact.",
              ],
              ['E&O insurance: the certificate and its expiry date, or your answer that you have no policy.'],
            ],
          },
          [
            'The others you confirm yourself with Mark done and continue at the bottom of the page, after reading or completing it.',
          ],
        ],
      },
      {
        id: 'when-do-leads-start',
        question: 'When do I start receiving leads?',
        answer: [
          [
            'When every onboarding step is done and both agreements are signed, your account becomes active and leads from your service area can be routed to you.',
          ],
        ],
      },
      {
        id: 'change-after-onboarding',
        question: 'Can I change something after a step is done?',
        answer: [
          [
            'Yes. Your details, lead types and photos are on your ',
            link(paths.profile.href(), 'profile'),
            ', and the people who receive your leads under ',
            link(paths.routing.href(), 'Routing'),
            '. Changes apply to new leads.',
          ],
        ],
      },
    ],
  },
  {
    id: 'service-area',
    title: 'Service area and ZIP codes',
    entries: [
      {
        id: 'how-leads-are-matched',
        question: 'How are leads matched to me?',
        answer: [
          [
            'By the ZIP code of the property. A lead goes to an active agent whose service area includes its ZIP code, who has not excluded that ZIP code or city, and who accepts its lead type.',
          ],
          [
            'When several agents qualify, the one who received the fewest leads in the last 30 days gets it, so leads are shared fairly.',
          ],
        ],
      },
      {
        id: 'change-zip-codes',
        question: 'How do I add or remove ZIP codes?',
        answer: [
          [
            'Your ZIP codes are listed under ',
            link(paths.zip.href(), 'ZIP codes'),
            '. To add or remove some, e-mail the office with the ZIP codes; changes apply to new leads only.',
          ],
        ],
      },
      {
        id: 'exclude-cities',
        question: 'Can I leave out a city or a ZIP code inside my area?',
        answer: [
          [
            'Yes. Excluded cities and ZIP codes are part of your ',
            step('leadRouting/service_area', 'service area'),
            '; no leads from them are routed to you.',
          ],
        ],
      },
      {
        id: 'choose-lead-types',
        question: 'Can I choose which kinds of leads I receive?',
        answer: [
          [
            'Yes. On your ',
            link(paths.profile.href(), 'profile'),
            ', switch off any of the eight lead types you do not want: for sale by owner, expired listings, divorce, recent buyers, absentee owners, likely to sell soon, older expired listings and inherited homes. A change applies to new leads.',
          ],
        ],
      },
    ],
  },
  {
    id: 'routing',
    title: 'Lead routing and recipients',
    entries: [
      {
        id: 'who-receives-leads',
        question: 'Who receives my leads?',
        answer: [
          [
            'You, always, and anyone you add under ',
            link(paths.routing.href(), 'Routing'),
            ': team members or other primary agents. For each person you choose whether a lead reaches them by text message, e-mail and/or a phone call.',
          ],
        ],
      },
      {
        id: 'primary-agent',
        question: 'What is the primary agent?',
        answer: [
          [
            'The person a lead is assigned to first. You are the primary agent to start with, and you can make another active recipient primary. An inactive recipient cannot be primary.',
          ],
        ],
      },
      {
        id: 'recipients-sign-in',
        question: 'How do my team members see the leads?',
        answer: [
          [
            'Each recipient can sign in with a link e-mailed to them, without a password, and sees only the leads routed to them.',
          ],
        ],
      },
      {
        id: 'crm',
        question: 'Can my leads go into my CRM?',
        answer: [
          [
            'Yes. Enter your CRM’s e-mail address under ',
            link(paths.routingCrm.href(), 'Routing › CRM'),
            ' and each new lead is also e-mailed there.',
          ],
        ],
      },
      {
        id: 'lead-routing-step',
        question: 'Why is my Lead routing step not done?',
        answer: [
          [
            'The step needs at least one person besides you to receive your leads. Add a team member or another agent on the ',
            step('leadRouting/lead_routing', 'Lead routing'),
            ' page; removing everyone but you opens the step again.',
          ],
        ],
      },
    ],
  },
  {
    id: 'agreements',
    title: 'Agreements',
    entries: [
      {
        id: 'which-agreements',
        question: 'Which agreements do I sign?',
        answer: [
          ['Two, both online by e-signature:'],
          {
            list: [
              [
                step('agreements/service_agreement', 'The service agreement'),
                ' for your advertising, which you sign as the Advertiser.',
              ],
              [
                step('agreements/master_referral_agreement', 'The master referral agreement'),
                ', which you sign as the Agent and your broker of record signs as the Broker.',
              ],
            ],
          },
        ],
      },
      {
        id: 'broker-signature',
        question: 'How does my broker sign the master referral agreement?',
        answer: [
          [
            "After you sign, your broker of record receives an e-mail with a link to sign as well. Your broker's name and e-mail must be on your ",
            link(paths.profileBroker.href(), 'profile'),
            ' first.',
          ],
          [
            'If your broker has not received it, check the address there and ask them to look in their spam folder; the office can help if it is still missing.',
          ],
        ],
      },
    ],
  },
  {
    id: 'leads',
    title: 'Leads and their status',
    entries: [
      {
        id: 'what-is-in-a-lead',
        question: 'What does a lead tell me?',
        answer: [
          [
            "The seller's name, phone and e-mail, the property address, the lead type (for example for sale by owner or expired listing) and when it arrived. See yours under ",
            link(paths.leads.href(), 'Leads'),
            '.',
          ],
        ],
      },
      {
        id: 'lead-statuses',
        question: 'What do the lead statuses mean?',
        answer: [
          {
            list: [
              ['Active: a lead you are working.'],
              ['Archived: no longer worked, for example because the owner decided not to sell.'],
              [
                'Closed: the home sold. You record the closing date, sale price and commission, which add up to your totals.',
              ],
            ],
          },
        ],
      },
      {
        id: 'how-fast-to-call',
        question: 'How quickly should I call a new lead?',
        answer: [
          [
            'As soon as you can, ideally within minutes. Sellers tend to work with the first agent who reaches them, and the text message or call tells you at once.',
          ],
        ],
      },
      {
        id: 'lead-rating',
        question: 'Why am I asked to rate my leads?',
        answer: [
          [
            `Every ${RATING_INTERVAL_DAYS} days or so we ask active agents to score the quality of their leads from 1 to 5. It takes a moment and tells us where the advertising works best.`,
          ],
        ],
      },
    ],
  },
  {
    id: 'accountability',
    title: 'Offers, pauses and your scorecard',
    entries: [
      {
        id: 'lead-offers',
        question: 'What is an offer, and how long do I have to accept it?',
        answer: [
          [
            "When the network turns offers on, a new lead is first offered to you: you see its type, its area and a countdown, not the seller. Accept it before the time runs out and the seller's name, phone and e-mail show at once. Offers wait at the top of your ",
            link(paths.leads.href(), 'Leads'),
            ' page.',
          ],
        ],
      },
      {
        id: 'pass-or-lapse',
        question: 'What happens if I pass on an offer or let it run out?',
        answer: [
          [
            'The lead goes to the next eligible agent and you no longer see it. Passed and lapsed offers count against your offers accepted on your scorecard, so pass only when you cannot take the lead, and say why.',
          ],
          [
            'An accepted lead you cannot serve can be released from its page, with the reason: it goes to the next agent the same way.',
          ],
        ],
      },
      {
        id: 'pause-leads',
        question: 'Can I stop leads while I am away?',
        answer: [
          [
            'Yes. Under Performance on your ',
            link(paths.leads.href(), 'Leads'),
            ' page, choose the day your leads start again (from tomorrow to a year ahead). Until then no lead reaches you, a banner on every page says so, and Resume ends the pause early. A manager of your group can pause you too.',
          ],
        ],
      },
      {
        id: 'monthly-cap',
        question: 'Can I limit how many leads I get each month?',
        answer: [
          [
            'Your office may set a monthly cap; you can set a lower one of your own on the same Performance page. Once you have had that many leads in the calendar month, routing skips you until the next month.',
          ],
        ],
      },
      {
        id: 'scorecard',
        question: 'What is my scorecard, and how does it change which leads I get?',
        answer: [
          [
            'It measures the last 90 days: how fast you first contact a lead, how many you contact within an hour, the offers you accept, how many active leads you update each week, how many reach an appointment, a listing and a closing, and your rating of lead quality. Each figure explains how it is worked out.',
          ],
          [
            'The network may set a floor for each figure. Below a floor you still get leads, but only when no eligible agent meets every floor; the reason for every routing decision names the floor. Raise the figure and you get leads first again within 15 minutes.',
          ],
        ],
      },
    ],
  },
  {
    id: 'fees',
    title: 'Referral fees and invoices',
    entries: [
      {
        id: 'referral-fee',
        question: 'What do I pay, and when?',
        answer: [
          [
            'A referral fee on each referred lead that closes: a percentage of the gross commission on your side of the sale, before any split with your brokerage or team, rounded to the cent. At 25 %, a $10,000.00 commission owes $2,500.00. Your rate is on your ',
            link(paths.billing.href(), 'Billing'),
            ' page and in both agreements you signed.',
          ],
          [
            'Nothing is owed on leads that do not close. When you close a lead in the portal, its invoice is issued at once, e-mailed to your broker’s billing contact and to you, and due by the date it states (30 days after it is issued, unless the network sets another term). Reminders follow on the due date and 7 and 14 days after.',
          ],
        ],
      },
      {
        id: 'settlement-statement',
        question: 'Why do you ask for the settlement statement?',
        answer: [
          [
            'It shows the sale price and commission the fee is worked out from. Upload it on the closed lead within 14 days of closing (a PDF or a photo); until then the lead says “Closing documents missing”, and we remind you by e-mail a few days before.',
          ],
        ],
      },
      {
        id: 'invoice-wrong',
        question: 'An invoice is wrong, or a closing fell through. What now?',
        answer: [
          [
            'If you closed a lead by mistake, reopen it before anything is paid and its invoice is cancelled. Otherwise e-mail the office with the invoice number: the office corrects it with a credit or a refund, or cancels it, and every change shows on your Billing page.',
          ],
        ],
      },
      {
        id: 'rate-changed',
        question: 'Why am I asked to sign my agreements again?',
        answer: [
          [
            'Your referral fee rate changed. Each agreement states the rate you pay, so the new rate is signed like the first one (your broker signs the master agreement again too). The agreements you signed before stay on file.',
          ],
        ],
      },
    ],
  },
  {
    id: 'media',
    title: 'Photos and videos',
    entries: [
      {
        id: 'which-photos',
        question: 'Which photos do you need?',
        answer: [
          {
            list: [
              [step('media/headshots', 'At least one professional headshot'), '.'],
              [
                step('media/additional_photos', 'Other photos'),
                ' of you at work or in your area, if you have some.',
              ],
              [
                step('media/Branding', 'Your brokerage logo'),
                ', and your team logo if you work with a team.',
              ],
              [
                'A cover image, a portrait and an informal photo for your ',
                link(paths.profile.href(), 'profile'),
                '.',
              ],
            ],
          },
        ],
      },
      {
        id: 'file-types',
        question: 'Which files can I upload?',
        answer: [
          [
            `Photos and logos: ${describeTypes(headshot.contentTypes)}, up to ${formatBytes(headshot.maxBytes)} each. Videos: ${describeTypes(video.contentTypes)}, up to ${formatBytes(video.maxBytes)} each, which is what phones record.`,
          ],
        ],
      },
      {
        id: 'which-videos',
        question: 'Which videos do I record, and how?',
        answer: [
          [
            'Four short videos: an introduction, one for owners selling themselves (FSBO), one for expired listings and a "why list with me". The ',
            step('video/script_instructions', 'script instructions'),
            ' give you what to say in each and how to film with your phone; then upload them on the ',
            step('video/videos_upload', 'Video upload'),
            ' page.',
          ],
        ],
      },
      {
        id: 'replace-media',
        question: 'Can I replace a photo or a video?',
        answer: [
          [
            'Yes. Delete the one you no longer want and upload another; on pages with several files you can also change their order.',
          ],
        ],
      },
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    entries: [
      {
        id: 'billing-contact',
        question: 'Who is the billing contact?',
        answer: [
          [
            'The person who receives invoices for the programme: your broker of record, or someone else whose name, phone and e-mail you give with your broker details. You can change it on your ',
            link(paths.profileBroker.href(), 'profile'),
            '.',
          ],
        ],
      },
      {
        id: 'billing-questions',
        question: 'I have a question about an invoice or a payment.',
        answer: [['Contact the office (see below) with the invoice number; we will answer by e-mail.']],
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    entries: [
      {
        id: 'contact-the-office',
        question: 'How do I contact the office?',
        answer: [
          [
            'E-mail the office at ',
            OFFICE_EMAIL,
            ', reply to any e-mail we have sent you, or ask on your onboarding call, and a person will answer. For a lead that did not reach you, give the time and the seller’s phone number.',
          ],
        ],
      },
      {
        id: 'update-my-details',
        question: 'How do I update my name, phone or address?',
        answer: [
          [
            'On your ',
            link(paths.profile.href(), 'profile'),
            ': your name, phone, mailing address, mobile phone, time zone and lead types. Only your sign-in e-mail is changed by the office.',
          ],
        ],
      },
    ],
  },
];

const inlineText = (inline: FaqInline) => (typeof inline === 'string' ? inline : inline.text);

/** The words of an answer, for searching. */
export function answerText(entry: FaqEntry): string {
  return entry.answer
    .flatMap((block) => (Array.isArray(block) ? [block] : block.list))
    .map((paragraph) => paragraph.map(inlineText).join(''))
    .join(' ');
}

/** Entries whose question or answer holds every word of the query (any case). */
export function matchesQuery(entry: FaqEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${entry.question} ${answerText(entry)}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
