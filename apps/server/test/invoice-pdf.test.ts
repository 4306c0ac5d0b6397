import { feeCents } from '@portal/shared';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { agreementLine, formatRate, type InvoicePdfData, renderInvoicePdf } from '../src/modules/billing/pdf';
import { pdfPages } from './helpers/pdf';

/**
 * The referral-fee invoice (DESIGN.md section 12): every field an agent, a broker or their
 * accountant reads, names in the script they are written in, and the PAID and VOID marks.
 */
const AGENT = '王小明';
const SELLER = 'محمد العلي';
const BROKER = 'Γιώργος Παπαδόπουλος';
const BROKERAGE = 'Сибирь Realty';
const HOW_TO_PAY =
  'Pay by ACH to Agent Portal LLC, First National Bank, routing 123456789, account 987654321.\nChecks payable to Agent Portal LLC, 100 Central Ave, Phoenix, AZ 85004.';

const invoice = (overrides: Partial<InvoicePdfData> = {}): InvoicePdfData => {
  const amountCents = feeCents(1_234_567, 25);
  return {
    number: 'INV-2026-000123',
    issuedOn: '2026-11-21',
    dueOn: '2026-12-21',
    status: 'open',
    voidReason: null,
    billTo: { name: BROKER, email: 'billing@summit.example', brokerage: BROKERAGE },
    agent: {
      name: AGENT,
      email: 'xiaoming@summit.example',
      phone: '+16025550142',
      brokerage: 'Summit Realty',
    },
    lead: { name: SELLER, property: '12 Main St, Phoenix, AZ 85004' },
    closingDate: '2026-11-14',
    salePriceCents: 41_250_000,
    commissionCents: 1_234_567,
    ratePercent: 25,
    amountCents,
    paidCents: 100_000,
    balanceCents: amountCents - 100_000,
    howToPay: HOW_TO_PAY,
    agreement: { title: 'Master Referral Agreement', signedOn: '2026-03-02', rateStated: 25 },
    company: { email: 'office@agentportal.example', website: 'https://portal.example.com' },
    ...overrides,
  };
};

const textOf = async (bytes: Buffer) => (await pdfPages(bytes)).join(' ').replace(/\s+/g, ' ');

describe('the invoice PDF', () => {
  it('prints every field, the figures to the cent and non-Latin names as written', async () => {
    const bytes = await renderInvoicePdf(invoice());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(pdf.getTitle()).toBe('Invoice INV-2026-000123');

    const text = await textOf(bytes);
    for (const field of [
      'Agent Portal',
      'office@agentportal.example',
      'Invoice',
      'Invoice number INV-2026-000123',
      'Issued November 21, 2026',
      'Due December 21, 2026',
      // Bill to
      BROKER,
      BROKERAGE,
      'billing@summit.example',
      // Agent
      AGENT,
      'Summit Realty',
      'xiaoming@summit.example',
      '(602) 555-0142',
      // The referral
      `Seller ${SELLER}`,
      'Property 12 Main St, Phoenix, AZ 85004',
      'Closing date November 14, 2026',
      // The table
      'Sale price $412,500.00',
      'Gross commission $12,345.67',
      'Referral fee rate 25 % of the gross commission',
      'Referral fee $3,086.42',
      'Paid to date $1,000.00',
      'Balance due $2,086.42',
      'Please pay $2,086.42 by December 21, 2026, quoting invoice INV-2026-000123.',
      'Pay by ACH to Agent Portal LLC, First National Bank, routing 123456789, account 987654321.',
      'Checks payable to Agent Portal LLC, 100 Central Ave, Phoenix, AZ 85004.',
      'Under the Master Referral Agreement signed March 2, 2026, which states a referral fee of 25 % of the gross commission on the referred side.',
      'Agent Portal · Invoice INV-2026-000123 Page 1 of 1',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('?');
    expect(text).not.toMatch(/PAID|VOID/);
  });

  it('marks a paid invoice PAID, with nothing left to pay', async () => {
    const text = await textOf(
      await renderInvoicePdf(invoice({ status: 'paid', paidCents: 308_642, balanceCents: 0 })),
    );
    expect(text).toContain('PAID This invoice is paid in full.');
    expect(text).toContain('Paid to date $3,086.42');
    expect(text).toContain('Balance due $0.00');
    expect(text).not.toContain('Please pay');
    expect(text).not.toContain('VOID');
  });

  it('marks a void invoice VOID with the reason', async () => {
    const reason = 'The sale fell through after the closing was recorded.';
    const text = await textOf(
      await renderInvoicePdf(invoice({ status: 'void', voidReason: reason, paidCents: 0, balanceCents: 0 })),
    );
    expect(text).toContain(`VOID — ${reason}`);
    expect(text).toContain('Balance due $0.00');
    expect(text).not.toContain('PAID');
  });

  it('carries a long how-to-pay over to a second page, each page numbered', async () => {
    const long = `${'Pay by ACH to Agent Portal LLC, First National Bank, routing 123456789, account 987654321. '.repeat(20)}\nThe last line.`;
    const pages = (await pdfPages(await renderInvoicePdf(invoice({ howToPay: long })))).map((page) =>
      page.replace(/\s+/g, ' '),
    );
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('The last line.');
    expect(pages[1]).toContain('Under the Master Referral Agreement');
    expect(pages[1]).toContain('Page 2 of 2');
  });

  it('writes a rate with its decimals and an agreement that states no rate or is unsigned', () => {
    expect(formatRate(27.5)).toBe('27.5 %');
    expect(formatRate(27.25)).toBe('27.25 %');
    expect(formatRate(100)).toBe('100 %');
    expect(
      agreementLine({ title: 'Master Referral Agreement', signedOn: '2026-03-02', rateStated: 27.5 }, 27.5),
    ).toBe(
      'Under the Master Referral Agreement signed March 2, 2026, which states a referral fee of 27.5 % of the gross commission on the referred side.',
    );
    expect(
      agreementLine({ title: 'Master Referral Agreement', signedOn: '2026-03-02', rateStated: null }, 25),
    ).toBe(
      "Under the Master Referral Agreement signed March 2, 2026, which provides for a referral fee at the rate agreed in the agent's service terms: 25 % of the gross commission on the referred side.",
    );
    expect(
      agreementLine({ title: 'Master Referral Agreement', signedOn: null, rateStated: 25 }, 25),
    ).toContain('Under the Master Referral Agreement (not yet signed), which states');
  });
});
