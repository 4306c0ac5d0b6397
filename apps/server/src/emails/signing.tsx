/** @jsxRuntime automatic */
import { BRAND } from './brand';
import { formatDateTime } from './format';
import { ActionButton, Details, Note, Paragraph } from './layout';
import { type Email, renderEmail, textLink, textRows } from './render';

/** The e-mails of the master referral agreement. */

export interface BrokerEmailInput {
  brokerName: string;
  agentName: string;
  link: string;
  /** 0 for the first request, then the reminder's number. */
  reminder: number;
  expiresAt: Date | null;
  /** The agent's time zone choice: the broker works where the agent does. */
  timezone?: string | null;
}

/** SPEC.md section 9: a logo, an Open Document button and a note to review and sign. */
export function brokerSigningEmail(input: BrokerEmailInput): Promise<Email> {
  const greeting = `Hello ${input.brokerName},`;
  const intro = input.reminder
    ? `A reminder: ${input.agentName} is waiting for your signature.`
    : `${input.agentName} has signed the master referral agreement with ${BRAND.name} and named you as broker of record.`;
  const note =
    'Please review and sign the master referral agreement. Open the document, read it, and sign it online; it takes a minute.';
  const expiry = input.expiresAt
    ? `The link is for you alone, works once, and expires on ${formatDateTime(input.expiresAt, input.timezone)}.`
    : 'The link is for you alone.';
  const notYou = `If you are not ${input.agentName}'s broker of record, please ignore this e-mail.`;
  return renderEmail({
    template: input.reminder ? 'broker_signing_reminder' : 'broker_signing_request',
    subject: `Request for ${input.brokerName} - Realty`,
    preview: input.reminder
      ? `${input.agentName} is waiting for your signature on the master referral agreement.`
      : `${input.agentName} asks you to sign the master referral agreement.`,
    heading: `Request for ${input.brokerName}`,
    body: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{note}</Paragraph>
        <ActionButton href={input.link}>Open Document</ActionButton>
        <Note>
          {expiry} {notYou}
        </Note>
      </>
    ),
    text: [greeting, `${intro}\n${note}`, textLink('Open Document', input.link), `${expiry}\n${notYou}`],
  });
}

export interface CompletedEmailInput {
  title: string;
  /** "Dana Reyes (Agent) and Pat Broker (Broker)". */
  names: string;
  signerName: string;
  verifyUrl: string;
  completedAt?: Date | null;
  timezone?: string | null;
}

/** The signed copy, sent to every signer when the last one signs (the PDF is attached). */
export function completedEmail(input: CompletedEmailInput): Promise<Email> {
  const greeting = `Hello ${input.signerName},`;
  const signed = `The ${input.title} has been signed by ${input.names}.`;
  const attached =
    'The signed copy is attached. Its last page is the audit certificate: who signed, when, and from where.';
  const check = 'Anyone can check that a copy is genuine on the portal.';
  const completed = input.completedAt ? formatDateTime(input.completedAt, input.timezone) : null;
  return renderEmail({
    template: 'agreement_completed',
    subject: `Completed: ${input.title}`,
    preview: `Signed by ${input.names}. The signed copy is attached.`,
    heading: `${input.title} completed`,
    body: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{signed}</Paragraph>
        <Details rows={[['Completed', completed]]} />
        <Paragraph>{attached}</Paragraph>
        <Paragraph>{check}</Paragraph>
        <ActionButton href={input.verifyUrl}>Check a copy</ActionButton>
      </>
    ),
    text: [
      greeting,
      signed,
      textRows([['Completed', completed]]),
      attached,
      textLink('Anyone can check that a copy is genuine', input.verifyUrl),
    ],
  });
}
