import { formatCents, formatPhone } from '@portal/shared';
import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import { BRAND } from '../../emails/brand';
import { PdfText, type TextStyle } from '../../lib/pdf-text';
import { readableDate } from '../signing/template';

/**
 * The referral-fee invoice (DESIGN.md section 12) as a US Letter PDF: the network's letterhead,
 * who is billed and for which closing, the fee worked out from the commission and the rate, what
 * is paid and still owed, how to pay, and the agreement the fee follows from. Text in any script
 * is drawn through lib/pdf-text, so names print as people write them.
 */

export interface InvoicePdfData {
  /** INV-YYYY-NNNNNN. */
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  /** YYYY-MM-DD. */
  dueOn: string;
  status: 'open' | 'paid' | 'void';
  voidReason: string | null;
  /** The billing contact: the broker's billing contact, or the broker. */
  billTo: { name: string; email: string; brokerage: string };
  agent: { name: string; email: string; phone: string; brokerage: string };
  /** The seller, and the property's address on one line. */
  lead: { name: string; property: string };
  /** YYYY-MM-DD. */
  closingDate: string;
  salePriceCents: number;
  commissionCents: number;
  /** A percent with at most two decimals: 25, 27.5. */
  ratePercent: number;
  /** The fee. */
  amountCents: number;
  /** Payments and credits, less refunds, so far. */
  paidCents: number;
  balanceCents: number;
  /** The settings' paragraph on how to pay. */
  howToPay: string;
  /** The master referral agreement the fee follows from. */
  agreement: { title: string; signedOn: string | null; rateStated: number | null };
  /**
   * The letterhead: the name is the portal's brand unless given; the contact lines (the office's
   * e-mail, the portal's address, from config) are printed when given.
   */
  company?: { name?: string; email?: string; website?: string };
}

const PAGE = { width: 612, height: 792 } as const; // US Letter
const MARGIN = 54;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
/** Flowing text stops above the footer line. */
const BOTTOM = MARGIN + 24;

interface Palette {
  ink: Color;
  muted: Color;
  brand: Color;
  rule: Color;
  shade: Color;
  brandSoft: Color;
  danger: Color;
  dangerSoft: Color;
  white: Color;
}
let palette: Palette;

/** pdf-lib (~0.4 s of CPU to load) loads with the first invoice, not when the server starts. */
let pdfLib: Promise<typeof import('pdf-lib')> | null = null;
const loadPdfLib = () => {
  pdfLib ??= import('pdf-lib').then((lib) => {
    const hex = (value: string) =>
      lib.rgb(
        Number.parseInt(value.slice(1, 3), 16) / 255,
        Number.parseInt(value.slice(3, 5), 16) / 255,
        Number.parseInt(value.slice(5, 7), 16) / 255,
      );
    palette = {
      ink: hex(BRAND.foreground),
      muted: hex(BRAND.mutedForeground),
      brand: hex(BRAND.primary),
      rule: hex(BRAND.border),
      shade: hex(BRAND.muted),
      brandSoft: hex(BRAND.primarySoft),
      danger: hex('#b91c1c'),
      dangerSoft: hex('#fef2f2'),
      white: hex('#ffffff'),
    };
    return lib;
  });
  return pdfLib;
};

/** 27.5 reads "27.5 %", 25 reads "25 %". */
export const formatRate = (percent: number) =>
  `${percent.toLocaleString('en-US', { maximumFractionDigits: 2, useGrouping: false })} %`;

interface TextOptions {
  size?: number;
  style?: TextStyle;
  color?: Color;
}

/** Draws top to bottom on the invoice's pages, adding a page when the next block does not fit. */
class Sheet {
  page!: PDFPage;
  y = 0;
  private constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: PdfText,
  ) {}

  static async start(pdf: PDFDocument) {
    const sheet = new Sheet(pdf, await PdfText.for(pdf));
    sheet.newPage();
    return sheet;
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** A new page unless `height` points fit above the footer. */
  room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  /** One line with its baseline at y; `align: 'right'` ends it at x. */
  async line(text: string, x: number, y: number, options: TextOptions & { align?: 'right' } = {}) {
    const size = options.size ?? 10;
    const style = options.style ?? 'regular';
    const left = options.align === 'right' ? x - (await this.fonts.width(text, size, style)) : x;
    await this.fonts.draw(this.page, text, { x: left, y, size, style, color: options.color ?? palette.ink });
  }

  /** The lines of a text wrapped to width; each line break of the text starts a new line. */
  async wrap(text: string, width: number, options: TextOptions = {}): Promise<string[]> {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      if (paragraph.trim())
        lines.push(...(await this.fonts.wrap(paragraph, options.size ?? 10, width, options.style)));
    }
    return lines;
  }

  /** Wrapped text across the page's width from y down; a new page when a line does not fit. */
  async paragraph(text: string, options: TextOptions & { gap?: number } = {}) {
    const size = options.size ?? 10;
    const leading = size * 1.45;
    for (const line of await this.wrap(text, WIDTH, options)) {
      this.room(leading);
      this.y -= leading;
      await this.line(line, MARGIN, this.y, options);
    }
    this.y -= options.gap ?? 0;
  }

  async heading(text: string) {
    this.room(60);
    this.y -= 20;
    await this.line(text, MARGIN, this.y, { size: 11, style: 'bold' });
    this.y -= 4;
  }

  rule(y: number, color = palette.rule, thickness = 0.75) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness, color });
  }
}

/** The network's name and contact on the left; "Invoice", its number and dates on the right. */
async function letterhead(sheet: Sheet, data: InvoicePdfData) {
  const top = sheet.y;
  const company = data.company?.name?.trim() || BRAND.name;
  let left = top - 18;
  for (const line of (await sheet.wrap(company, 270, { size: 18, style: 'bold' })).slice(0, 2)) {
    await sheet.line(line, MARGIN, left, { size: 18, style: 'bold', color: palette.brand });
    left -= 22;
  }
  for (const contact of [data.company?.email, data.company?.website]) {
    if (!contact?.trim()) continue;
    await sheet.line(contact.trim(), MARGIN, left + 6, { size: 9, color: palette.muted });
    left -= 13;
  }

  await sheet.line('Invoice', RIGHT, top - 22, { size: 26, style: 'bold', align: 'right' });
  const rows: [string, string][] = [
    ['Invoice number', data.number],
    ['Issued', readableDate(data.issuedOn)],
    ['Due', readableDate(data.dueOn)],
  ];
  let right = top - 44;
  for (const [label, value] of rows) {
    await sheet.line(label, RIGHT - 210, right, { size: 9.5, color: palette.muted });
    await sheet.line(value, RIGHT, right, { size: 9.5, style: 'bold', align: 'right' });
    right -= 14;
  }
  sheet.y = Math.min(left + 6, right + 4) - 10;
  sheet.rule(sheet.y, palette.brand, 1.5);
  sheet.y -= 18;
}

/** PAID, or VOID with the reason, across the page under the letterhead. */
async function statusMark(sheet: Sheet, data: InvoicePdfData) {
  if (data.status === 'open') return;
  const paid = data.status === 'paid';
  const color = paid ? palette.brand : palette.danger;
  const label = paid ? 'PAID' : 'VOID';
  const message = paid
    ? 'This invoice is paid in full. Thank you.'
    : `— ${data.voidReason?.trim() || 'This invoice is cancelled.'}`;
  const labelWidth = await sheet.fonts.width(label, 13, 'bold');
  const column = WIDTH - 24 - labelWidth - 10;
  const lines = await sheet.wrap(message, column, { size: 10.5 });
  const height = Math.max(lines.length, 1) * 14 + 16;
  sheet.room(height);
  sheet.page.drawRectangle({
    x: MARGIN,
    y: sheet.y - height,
    width: WIDTH,
    height,
    color: paid ? palette.brandSoft : palette.dangerSoft,
    borderColor: color,
    borderWidth: 1.25,
  });
  let y = sheet.y - 21;
  await sheet.line(label, MARGIN + 12, y, { size: 13, style: 'bold', color });
  for (const line of lines) {
    await sheet.line(line, MARGIN + 12 + labelWidth + 10, y, { size: 10.5, color });
    y -= 14;
  }
  sheet.y -= height + 18;
}

/** "Bill to" and "Agent" side by side, each wrapped within its column. */
async function parties(sheet: Sheet, data: InvoicePdfData) {
  const column = WIDTH / 2 - 12;
  const blocks = await Promise.all(
    [
      ['Bill to', [data.billTo.name, data.billTo.brokerage, data.billTo.email]],
      ['Agent', [data.agent.name, data.agent.brokerage, data.agent.email, formatPhone(data.agent.phone)]],
    ].map(async ([title, values]) => {
      const lines: { text: string; bold: boolean }[] = [];
      for (const [index, value] of (values as string[]).entries()) {
        const style: TextStyle = index === 0 ? 'bold' : 'regular';
        for (const text of await sheet.wrap(value, column, { size: 10, style }))
          lines.push({ text, bold: index === 0 });
      }
      return { title: title as string, lines };
    }),
  );
  const height = 16 + Math.max(...blocks.map((block) => block.lines.length)) * 14;
  sheet.room(height);
  for (const [index, block] of blocks.entries()) {
    const x = MARGIN + index * (WIDTH / 2 + 12);
    await sheet.line(block.title.toUpperCase(), x, sheet.y - 8, {
      size: 8.5,
      style: 'bold',
      color: palette.muted,
    });
    let y = sheet.y - 24;
    for (const line of block.lines) {
      await sheet.line(line.text, x, y, { size: 10, style: line.bold ? 'bold' : 'regular' });
      y -= 14;
    }
  }
  sheet.y -= height + 10;
}

/** Label and value rows (the referral), values wrapped beside their labels. */
async function referral(sheet: Sheet, data: InvoicePdfData) {
  await sheet.heading('Referral');
  const labelWidth = 90;
  const rows: [string, string][] = [
    ['Seller', data.lead.name],
    ['Property', data.lead.property],
    ['Closing date', readableDate(data.closingDate)],
  ];
  for (const [label, value] of rows) {
    const lines = await sheet.wrap(value || '-', WIDTH - labelWidth, { size: 10 });
    sheet.room(lines.length * 14 + 4);
    sheet.y -= 14;
    await sheet.line(label, MARGIN, sheet.y, { size: 10, color: palette.muted });
    for (const [index, line] of lines.entries()) {
      if (index > 0) sheet.y -= 14;
      await sheet.line(line, MARGIN + labelWidth, sheet.y, { size: 10 });
    }
  }
  sheet.y -= 16;
}

/** How the fee is worked out and what is left to pay; amounts aligned on the right. */
async function feeTable(sheet: Sheet, data: InvoicePdfData) {
  const rowHeight = 22;
  const rows: { label: string; value: string; strong?: boolean; fill?: Color }[] = [
    { label: 'Sale price', value: formatCents(data.salePriceCents) },
    { label: 'Gross commission', value: formatCents(data.commissionCents) },
    { label: 'Referral fee rate', value: `${formatRate(data.ratePercent)} of the gross commission` },
    { label: 'Referral fee', value: formatCents(data.amountCents), strong: true },
    { label: 'Paid to date', value: formatCents(data.paidCents) },
    { label: 'Balance due', value: formatCents(data.balanceCents), strong: true, fill: palette.brandSoft },
  ];
  sheet.room(rowHeight * (rows.length + 1) + 8);
  const { page } = sheet;
  page.drawRectangle({
    x: MARGIN,
    y: sheet.y - rowHeight,
    width: WIDTH,
    height: rowHeight,
    color: palette.shade,
  });
  await sheet.line('Description', MARGIN + 10, sheet.y - 15, {
    size: 9,
    style: 'bold',
    color: palette.muted,
  });
  await sheet.line('Amount', RIGHT - 10, sheet.y - 15, {
    size: 9,
    style: 'bold',
    color: palette.muted,
    align: 'right',
  });
  sheet.y -= rowHeight;
  for (const row of rows) {
    if (row.fill)
      page.drawRectangle({
        x: MARGIN,
        y: sheet.y - rowHeight,
        width: WIDTH,
        height: rowHeight,
        color: row.fill,
      });
    const style: TextStyle = row.strong ? 'bold' : 'regular';
    await sheet.line(row.label, MARGIN + 10, sheet.y - 15, { size: 10, style });
    await sheet.line(row.value, RIGHT - 10, sheet.y - 15, { size: 10, style, align: 'right' });
    sheet.y -= rowHeight;
    sheet.rule(sheet.y);
  }
  sheet.rule(sheet.y, palette.ink, 1);
  sheet.y -= 10;
}

/** The sentence tying the fee to the agreement the agent and the broker signed. */
export function agreementLine(agreement: InvoicePdfData['agreement'], ratePercent: number): string {
  const signed = agreement.signedOn
    ? `Under the ${agreement.title} signed ${readableDate(agreement.signedOn)}`
    : `Under the ${agreement.title} (not yet signed)`;
  if (agreement.rateStated === null)
    return `${signed}, which provides for a referral fee at the rate agreed in the agent's service terms: ${formatRate(ratePercent)} of the gross commission on the referred side.`;
  return `${signed}, which states a referral fee of ${formatRate(agreement.rateStated)} of the gross commission on the referred side.`;
}

/** The invoice as a PDF, one page unless a long address, reason or how-to-pay needs more. */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const company = data.company?.name?.trim() || BRAND.name;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${data.number}`);
  pdf.setSubject(`Referral fee for ${data.lead.property}`);
  pdf.setAuthor(company);
  pdf.setProducer(company);
  pdf.setCreator(company);
  const sheet = await Sheet.start(pdf);

  await letterhead(sheet, data);
  await statusMark(sheet, data);
  await parties(sheet, data);
  await referral(sheet, data);
  await feeTable(sheet, data);
  await sheet.heading('How to pay');
  if (data.status === 'open' && data.balanceCents > 0)
    await sheet.paragraph(
      `Please pay ${formatCents(data.balanceCents)} by ${readableDate(data.dueOn)}, quoting invoice ${data.number}.`,
      { gap: 4 },
    );
  await sheet.paragraph(data.howToPay, { gap: 6 });
  await sheet.heading('Agreement');
  await sheet.paragraph(agreementLine(data.agreement, data.ratePercent), { color: palette.muted });

  const pages = pdf.getPages();
  for (const [index, page] of pages.entries()) {
    sheet.page = page;
    sheet.rule(MARGIN + 10);
    await sheet.line(`${company} · Invoice ${data.number}`, MARGIN, MARGIN - 4, {
      size: 8,
      color: palette.muted,
    });
    await sheet.line(`Page ${index + 1} of ${pages.length}`, RIGHT, MARGIN - 4, {
      size: 8,
      color: palette.muted,
      align: 'right',
    });
  }
  return Buffer.from(await pdf.save());
}
