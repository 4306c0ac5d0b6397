/** @jsxRuntime automatic */
import { formatCents } from '@portal/shared';
import { readableDate } from '../modules/signing/template';
import { ActionButton, Details, Note, Paragraph } from './layout';
import { type Email, renderEmail, textLink, textRows } from './render';

/**
 * The referral-fee e-mails (DESIGN.md section 12): an invoice issued, reminders when it falls due
 * and when it is a week and two weeks overdue, and a reminder that a closing's settlement
 * statement is due. Each goes to the billing contact and to the agent, one e-mail each; dates are
 * written as the invoice PDF writes them ("December 21, 2026").
 */

export interface InvoiceEmailInput {
  /** Whom the e-mail greets: the billing contact or the agent. */
  recipientName: string;
  agentName: string;
  /** INV-YYYY-NNNNNN. */
  number: string;
  /** The fee. */
  amountCents: number;
  /** What is still owed. */
  balanceCents: number;
  /** YYYY-MM-DD. */
  dueOn: string;
  /** The seller. */
  leadName: string;
  /** The property's address on one line. */
  property: string;
  /** The agent's Billing page. */
  link: string;
  /** The settings' paragraph on how to pay. */
  howToPay: string;
}

export const INVOICE_REMINDER_STAGES = ['due', 'overdue_7', 'overdue_14'] as const;
export type InvoiceReminderStage = (typeof INVOICE_REMINDER_STAGES)[number];

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** The invoice's details, with the figure the e-mail is about: the fee, or the balance due. */
const invoiceRows = (input: InvoiceEmailInput, figure: [string, number]): [string, string][] => [
  ['Invoice', input.number],
  ['Agent', input.agentName],
  ['Seller', input.leadName],
  ['Property', input.property],
  [figure[0], formatCents(figure[1])],
  ['Due', readableDate(input.dueOn)],
];

/** How to pay, with the line breaks the office wrote. */
function HowToPay({ text }: { text: string }) {
  if (!text.trim()) return null;
  return (
    <Paragraph>
      <strong>How to pay</strong>
      <br />
      <span style={{ whiteSpace: 'pre-line' }}>{text.trim()}</span>
    </Paragraph>
  );
}

const howToPayText = (text: string) => (text.trim() ? `How to pay\n${text.trim()}` : null);

/** A closing's fee invoiced: sent with the invoice PDF attached (the caller attaches it). */
export function invoiceIssuedEmail(input: InvoiceEmailInput): Promise<Email> {
  const amount = formatCents(input.amountCents);
  const due = readableDate(input.dueOn);
  const hello = greeting(input.recipientName);
  const intro = `The referral fee on the sale of ${input.property}, referred to ${input.agentName}, is invoiced: ${amount}, due on ${due}.`;
  const rows = invoiceRows(input, ['Referral fee', input.amountCents]);
  if (input.balanceCents !== input.amountCents) rows.push(['Balance due', formatCents(input.balanceCents)]);
  const attached = `The invoice ${input.number} is attached as a PDF. The Billing page shows it with every payment recorded.`;
  return renderEmail({
    template: 'invoice_issued',
    subject: `Invoice ${input.number}: ${amount} due ${due}`,
    preview: `The referral fee on ${input.property}: ${amount}, due on ${due}.`,
    heading: `Invoice ${input.number}`,
    footer: 'You get this e-mail as the agent or the billing contact of a closed referral.',
    body: (
      <>
        <Paragraph>{hello}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Details rows={rows} />
        <HowToPay text={input.howToPay} />
        <ActionButton href={input.link}>Open Billing</ActionButton>
        <Note>{attached}</Note>
      </>
    ),
    text: [
      hello,
      intro,
      textRows(rows),
      howToPayText(input.howToPay),
      textLink('Open Billing', input.link),
      attached,
    ],
  });
}

const REMINDERS: Record<
  InvoiceReminderStage,
  { subject: (number: string, balance: string) => string; state: (due: string) => string }
> = {
  due: {
    subject: (number, balance) => `Invoice ${number}: ${balance} due today`,
    state: (due) => `is due today, ${due}`,
  },
  overdue_7: {
    subject: (number, balance) => `Invoice ${number} is 7 days overdue: ${balance}`,
    state: (due) => `was due on ${due} and is 7 days overdue`,
  },
  overdue_14: {
    subject: (number, balance) => `Invoice ${number} is 14 days overdue: ${balance}`,
    state: (due) => `was due on ${due} and is 14 days overdue`,
  },
};

/** An open invoice on its due date, and 7 and 14 days after it. */
export function invoiceReminderEmail(
  input: InvoiceEmailInput & { stage: InvoiceReminderStage },
): Promise<Email> {
  const reminder = REMINDERS[input.stage];
  const balance = formatCents(input.balanceCents);
  const hello = greeting(input.recipientName);
  const intro = `Invoice ${input.number}, the referral fee on the sale of ${input.property} referred to ${input.agentName}, ${reminder.state(readableDate(input.dueOn))}. The balance due is ${balance}.`;
  const rows = invoiceRows(input, ['Balance due', input.balanceCents]);
  const paid =
    'If you have paid it already, thank you: a payment shows on the Billing page once it is recorded.';
  return renderEmail({
    template: `invoice_reminder_${input.stage}`,
    subject: reminder.subject(input.number, balance),
    preview: `Invoice ${input.number}: ${balance} ${input.stage === 'due' ? 'due today' : 'overdue'}.`,
    heading:
      input.stage === 'due' ? `Invoice ${input.number} is due today` : `Invoice ${input.number} is overdue`,
    footer: 'You get this e-mail as the agent or the billing contact of a closed referral.',
    body: (
      <>
        <Paragraph>{hello}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Details rows={rows} />
        <HowToPay text={input.howToPay} />
        <ActionButton href={input.link}>Open Billing</ActionButton>
        <Note>{paid}</Note>
      </>
    ),
    text: [
      hello,
      intro,
      textRows(rows),
      howToPayText(input.howToPay),
      textLink('Open Billing', input.link),
      paid,
    ],
  });
}

export interface StatementReminderInput {
  /** Whom the e-mail greets: the agent or the billing contact. */
  recipientName: string;
  /** The seller. */
  leadName: string;
  /** The property's address on one line. */
  property: string;
  /** YYYY-MM-DD. */
  closingDate: string;
  /** YYYY-MM-DD: when the statement is to be uploaded. */
  dueOn: string;
  /** Past the due date. */
  overdue?: boolean;
  /** The lead in the portal, where the statement is uploaded. */
  link: string;
}

/** A closed lead whose settlement statement is not uploaded yet. */
export function statementReminderEmail(input: StatementReminderInput): Promise<Email> {
  const due = readableDate(input.dueOn);
  const closed = readableDate(input.closingDate);
  const hello = greeting(input.recipientName);
  const intro = `The settlement statement for ${input.leadName} (${input.property}), closed on ${closed}, ${input.overdue ? 'was due on' : 'is due on'} ${due}.`;
  const ask = 'Please upload it on the lead: the referral fee is invoiced from its figures.';
  return renderEmail({
    template: 'statement_reminder',
    subject: `Settlement statement ${input.overdue ? 'overdue' : 'due'}: ${input.leadName}, closed on ${closed}`,
    preview: `Upload the settlement statement for ${input.leadName} by ${due}.`,
    heading: input.overdue ? 'Settlement statement overdue' : 'Settlement statement due',
    footer: 'You get this e-mail as the agent or the billing contact of a closed referral.',
    body: (
      <>
        <Paragraph>{hello}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{ask}</Paragraph>
        <ActionButton href={input.link}>Open the lead</ActionButton>
      </>
    ),
    text: [hello, `${intro}\n${ask}`, textLink('Open the lead', input.link)],
  });
}
