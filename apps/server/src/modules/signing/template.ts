import {
  type AgreementSection,
  feeCents,
  formatCents,
  parsePhone,
  SIGNER_ROLES,
  SIGNING_DOCUMENT_TITLES,
  type SigningDocumentKind,
} from '@portal/shared';

/** What an agreement is filled in with: taken from the agent's record when it is prepared. */
export interface AgreementParties {
  agentName: string;
  agentEmail: string;
  agentPhone: string;
  brokerage: string;
  /** The service agreement lists where the agent advertises. */
  serviceAreas: string;
  broker: { name: string; email: string; phone: string } | null;
  /** Day the agreement is prepared, YYYY-MM-DD. */
  date: string;
  /** The agent's referral fee rate, percent of the gross commission (ADR 66). */
  referralFeePercent: number;
  /** Days the agent has to pay an invoice. */
  invoiceDueDays: number;
}

export interface AgreementSigner {
  role: string;
  name: string;
  email: string;
  order: number;
}

export interface Agreement {
  kind: SigningDocumentKind;
  title: string;
  sections: AgreementSection[];
  signers: AgreementSigner[];
}

const orDash = (value: string) => value.trim() || 'not given';

/** 25 reads "25 %", 27.5 reads "27.5 %". */
const percent = (value: number) => `${Number(value.toFixed(2))} %`;

/** The fee on $10,000.00 of commission, worked out in the agreement as an example. */
const exampleFee = (rate: number) => formatCents(feeCents(1_000_000, rate));

/** How the fee is computed, in the same words in both agreements. */
function feeTerms(parties: AgreementParties): string[] {
  const rate = percent(parties.referralFeePercent);
  return [
    `Referral fee: ${rate} of the gross commission earned on the referred side of the transaction, before any split with the brokerage or a team, rounded to the nearest cent.`,
    `For example, on a gross commission of $10,000.00 the referral fee is ${exampleFee(parties.referralFeePercent)}.`,
    `The Network invoices the fee when the closing is recorded in the portal; the invoice is due within ${parties.invoiceDueDays} days. The settlement statement of the closing is uploaded to the portal within 14 days of closing.`,
  ];
}

/** +16025550142 reads (602) 555-0142 in the agreement; anything else is printed as given. */
export function readablePhone(value: string): string {
  const parsed = parsePhone(value.trim());
  return parsed?.isValid() ? parsed.formatNational() : value.trim();
}

/** 2026-11-21 reads November 21, 2026. */
export const readableDate = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The agreement's wording, with the parties filled in. The same sections are printed in the PDF
 * and shown on the signing page, so the signer reads exactly what is signed.
 */
export function buildAgreement(
  kind: SigningDocumentKind,
  parties: AgreementParties,
  company: string,
): Agreement {
  const title = SIGNING_DOCUMENT_TITLES[kind];
  const agentBlock = [
    `Agent: ${orDash(parties.agentName)}`,
    `E-mail: ${orDash(parties.agentEmail)}`,
    `Phone: ${orDash(readablePhone(parties.agentPhone))}`,
    `Brokerage: ${orDash(parties.brokerage)}`,
  ];
  if (kind === 'service') {
    const [role] = SIGNER_ROLES.service;
    return {
      kind,
      title,
      signers: [{ role, name: parties.agentName, email: parties.agentEmail, order: 1 }],
      sections: [
        {
          heading: 'Parties',
          paragraphs: [
            `This ${title} is made on ${readableDate(parties.date)} between ${company} ("the Network") and the real-estate agent named below ("the Advertiser").`,
            ...agentBlock,
          ],
        },
        {
          heading: '1. Services',
          paragraphs: [
            'The Network advertises on behalf of the Advertiser to home sellers in the service areas below and sends the Advertiser the seller leads those campaigns produce, by the channels the Advertiser sets up in the portal (SMS, e-mail and phone).',
            `Service areas: ${orDash(parties.serviceAreas)}`,
          ],
        },
        {
          heading: '2. The Advertiser agrees',
          paragraphs: [
            'To keep a current real-estate licence and errors-and-omissions insurance for every state in which leads are worked, and to keep the portal up to date with them.',
            'To contact every lead promptly and professionally, to record the outcome of each lead in the portal, and to follow the scripts and compliance guidance the Network provides.',
            "To use the leads only to offer real-estate services to the person concerned, and to keep leads' personal information confidential.",
          ],
        },
        {
          heading: '3. Referral fee',
          paragraphs: [
            'The Advertiser owes the Network a referral fee on every transaction that closes with a seller the Network referred, within eighteen months of the referral.',
            ...feeTerms(parties),
            "The Master Referral Agreement, co-signed by the Advertiser's broker of record, states the same rate.",
          ],
        },
        {
          heading: '4. Term',
          paragraphs: [
            'This agreement starts when signed and continues until either party ends it by notice in writing. Leads received before the end remain subject to the master referral agreement.',
          ],
        },
        {
          heading: '5. Electronic signature',
          paragraphs: [
            'The Advertiser agrees to sign electronically. An electronic signature on this agreement has the same effect as a handwritten one. The signed copy carries an audit page recording who signed, when, and from where.',
          ],
        },
      ],
    };
  }
  const [agentRole, brokerRole] = SIGNER_ROLES.master;
  const broker = parties.broker ?? { name: '', email: '', phone: '' };
  return {
    kind,
    title,
    signers: [
      { role: agentRole, name: parties.agentName, email: parties.agentEmail, order: 1 },
      { role: brokerRole, name: broker.name, email: broker.email, order: 2 },
    ],
    sections: [
      {
        heading: 'Parties',
        paragraphs: [
          `This ${title} is made on ${readableDate(parties.date)} between ${company} ("the Network"), the real-estate agent named below ("the Agent") and the Agent's broker of record ("the Broker").`,
          ...agentBlock,
          `Broker of record: ${orDash(broker.name)}`,
          `Broker e-mail: ${orDash(broker.email)}`,
          `Broker phone: ${orDash(readablePhone(broker.phone))}`,
        ],
      },
      {
        heading: '1. Referrals',
        paragraphs: [
          'The Network refers seller leads to the Agent. Each lead referred under this agreement is a referral to the Broker, through the Agent, for the purposes of any referral fee.',
          `A referral fee is owed to the Network on every transaction that closes with a referred seller within eighteen months of the referral, at the rate of ${percent(parties.referralFeePercent)} stated in the Agent's service agreement, payable by the Broker at closing or on the Network's invoice.`,
          ...feeTerms(parties),
        ],
      },
      {
        heading: '2. Reporting',
        paragraphs: [
          'The Agent records in the portal the status of every referred lead, and the sale price and commission of every closed transaction, within five business days of closing.',
        ],
      },
      {
        heading: '3. Broker of record',
        paragraphs: [
          "The Broker confirms that the Agent is licensed under the Broker, that the Broker supervises the Agent's real-estate activity, and that referral fees under this agreement will be paid from the Broker's commission.",
        ],
      },
      {
        heading: '4. Signing order',
        paragraphs: [
          'The Agent signs first. The Broker is then sent a signing link by e-mail. The agreement is complete when both have signed; each receives the signed copy with its audit page.',
        ],
      },
      {
        heading: '5. Electronic signature',
        paragraphs: [
          'The parties agree to sign electronically. An electronic signature on this agreement has the same effect as a handwritten one.',
        ],
      },
    ],
  };
}
