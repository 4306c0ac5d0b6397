import { describe, expect, it } from 'vitest';
import {
  type InvoiceEmailInput,
  invoiceIssuedEmail,
  invoiceReminderEmail,
  statementReminderEmail,
} from '../src/emails/billing';
import { messagePreviews } from '../src/emails/previews';

/**
 * The referral-fee e-mails (DESIGN.md section 12): the figures to the cent, dates as the invoice
 * writes them, and the button to the Billing page or the lead.
 */
const PUBLIC_URL = 'http://portal.test';
const BILLING = `${PUBLIC_URL}/billing`;
const LEAD = `${PUBLIC_URL}/leads?lead=6f1c1c6e-8a43-4a5e-9a3b-2b1d8b1f0e11`;

const input = (overrides: Partial<InvoiceEmailInput> = {}): InvoiceEmailInput => ({
  recipientName: 'Pat Broker',
  agentName: 'Dana Reyes',
  number: 'INV-2026-000123',
  amountCents: 308_642,
  balanceCents: 308_642,
  dueOn: '2026-12-21',
  leadName: 'Jane Doe',
  property: '12 Main St, Phoenix, AZ 85004',
  link: BILLING,
  howToPay: 'Pay by ACH to Agent Portal LLC, routing 123456789.\nChecks payable to Agent Portal LLC.',
  ...overrides,
});

/** What a reader sees of the HTML: the text between the tags. */
const visibleText = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the invoice e-mail', () => {
  it('tells the number, the fee, the due date and the property, with a button to Billing', async () => {
    const email = await invoiceIssuedEmail(input());
    expect(email.template).toBe('invoice_issued');
    expect(email.subject).toBe('Invoice INV-2026-000123: $3,086.42 due December 21, 2026');
    for (const body of [email.text, visibleText(email.html)]) {
      expect(body).toContain('Hello Pat Broker,');
      expect(body).toContain(
        'The referral fee on the sale of 12 Main St, Phoenix, AZ 85004, referred to Dana Reyes, is invoiced: $3,086.42, due on December 21, 2026.',
      );
      expect(body).toContain('Jane Doe');
      expect(body).toContain('INV-2026-000123');
      expect(body).toContain('attached as a PDF');
      expect(body).toContain('Pay by ACH to Agent Portal LLC, routing 123456789.');
      expect(body).not.toContain('Balance due');
    }
    expect(email.text).toContain('Referral fee: $3,086.42\nDue: December 21, 2026');
    expect(email.text).toContain(`Open Billing:\n${BILLING}\n`);
    expect(email.html).toContain(`href="${BILLING}"`);
    expect(email.html).toContain('>Open Billing<');
  });

  it('shows the balance beside the fee when part is paid already', async () => {
    const email = await invoiceIssuedEmail(input({ recipientName: 'Dana Reyes', balanceCents: 8_642 }));
    expect(email.text).toContain('Hello Dana Reyes,');
    expect(email.text).toContain('Referral fee: $3,086.42');
    expect(email.text).toContain('Balance due: $86.42');
  });
});

describe('the invoice reminders', () => {
  it('on the due date: due today, the balance and how to pay', async () => {
    const email = await invoiceReminderEmail({ ...input({ balanceCents: 208_642 }), stage: 'due' });
    expect(email.template).toBe('invoice_reminder_due');
    expect(email.subject).toBe('Invoice INV-2026-000123: $2,086.42 due today');
    expect(email.text).toContain(
      'Invoice INV-2026-000123, the referral fee on the sale of 12 Main St, Phoenix, AZ 85004 referred to Dana Reyes, is due today, December 21, 2026. The balance due is $2,086.42.',
    );
    expect(email.text).toContain(
      'How to pay\nPay by ACH to Agent Portal LLC, routing 123456789.\nChecks payable to Agent Portal LLC.',
    );
    expect(email.text).toContain('Balance due: $2,086.42');
    expect(visibleText(email.html)).toContain(
      'is due today, December 21, 2026. The balance due is $2,086.42.',
    );
    expect(email.html).toContain(`href="${BILLING}"`);
  });

  it.each([
    ['overdue_7', 7],
    ['overdue_14', 14],
  ] as const)('%s: so many days overdue, with the balance', async (stage, days) => {
    const email = await invoiceReminderEmail({ ...input({ balanceCents: 5 }), stage });
    expect(email.template).toBe(`invoice_reminder_${stage}`);
    expect(email.subject).toBe(`Invoice INV-2026-000123 is ${days} days overdue: $0.05`);
    for (const body of [email.text, visibleText(email.html)]) {
      expect(body).toContain(
        `was due on December 21, 2026 and is ${days} days overdue. The balance due is $0.05.`,
      );
      expect(body).toContain('How to pay');
    }
    expect(email.html).toContain(`href="${BILLING}"`);
    expect(email.text).toContain(`Open Billing:\n${BILLING}\n`);
  });

  it('greets without a name when the contact has none', async () => {
    const email = await invoiceReminderEmail({ ...input({ recipientName: ' ' }), stage: 'overdue_14' });
    expect(email.text.startsWith('Hello,\n')).toBe(true);
  });
});

describe('the settlement statement reminder', () => {
  const statement = {
    recipientName: 'Dana Reyes',
    leadName: 'Jane Doe',
    property: '12 Main St, Phoenix, AZ 85004',
    closingDate: '2026-11-14',
    dueOn: '2026-11-28',
    link: LEAD,
  };

  it('says which closing, when it closed and when the statement is due, with a button to the lead', async () => {
    const email = await statementReminderEmail(statement);
    expect(email.template).toBe('statement_reminder');
    expect(email.subject).toBe('Settlement statement due: Jane Doe, closed on November 14, 2026');
    const sentence =
      'The settlement statement for Jane Doe (12 Main St, Phoenix, AZ 85004), closed on November 14, 2026, is due on November 28, 2026.';
    expect(email.text).toContain(sentence);
    expect(visibleText(email.html)).toContain(sentence);
    expect(email.html).toContain(`href="${LEAD.replace(/&/g, '&amp;')}"`);
    expect(email.text).toContain(`Open the lead:\n${LEAD}\n`);
  });

  it('past its due date: overdue', async () => {
    const email = await statementReminderEmail({ ...statement, overdue: true });
    expect(email.subject).toBe('Settlement statement overdue: Jane Doe, closed on November 14, 2026');
    expect(email.text).toContain('closed on November 14, 2026, was due on November 28, 2026.');
  });
});

describe('the previews', () => {
  it('show every billing e-mail', async () => {
    const names = new Set((await messagePreviews(PUBLIC_URL)).map((preview) => preview.name));
    for (const name of [
      'invoice_issued',
      'invoice_reminder_due',
      'invoice_reminder_overdue_7',
      'invoice_reminder_overdue_14',
      'statement_reminder',
    ]) {
      expect(names).toContain(name);
    }
  });
});
