import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import { PdfText, type TextStyle } from '../../lib/pdf-text';
import { loadSharp } from '../../lib/sharp';
import type { Agreement } from './template';

/**
 * The agreement PDFs (DESIGN.md section 6): the original, generated from the agreement's wording,
 * and the final copy with the signatures placed and an audit certificate page. Text in any script
 * is drawn through lib/pdf-text (names are kept as people write them).
 */

const PAGE = { width: 612, height: 792 } as const; // US Letter
const MARGIN = 64;
const TEXT_WIDTH = PAGE.width - MARGIN * 2;
let INK: Color;
let MUTED: Color;
let SIGNATURE_INK: Color;

/** pdf-lib (~0.4 s of CPU to load) loads with the first agreement, not when the server starts. */
let pdfLib: Promise<typeof import('pdf-lib')> | null = null;
const loadPdfLib = () => {
  pdfLib ??= import('pdf-lib').then((lib) => {
    INK = lib.rgb(0.1, 0.12, 0.16);
    MUTED = lib.rgb(0.4, 0.43, 0.48);
    SIGNATURE_INK = lib.rgb(0.05, 0.15, 0.45);
    return lib;
  });
  return pdfLib;
};

/** The signature page: one block per signer, top to bottom in signing order. */
const SIGNATURE_BLOCK = { top: 620, height: 150, boxWidth: 260, boxHeight: 56 } as const;
const blockTop = (order: number) => SIGNATURE_BLOCK.top - (order - 1) * SIGNATURE_BLOCK.height;
/** A drawn signature fills its box but for this margin on each side. */
export const DRAWN_SIGNATURE_PADDING = 4;

/** Writes flowing text, adding pages as needed. */
class Writer {
  page!: PDFPage;
  y = 0;
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: PdfText,
    private readonly footer: string,
  ) {}

  static async start(pdf: PDFDocument, fonts: PdfText, footer: string) {
    const writer = new Writer(pdf, fonts, footer);
    await writer.newPage();
    return writer;
  }

  async newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    const number = this.pdf.getPageCount();
    await this.fonts.draw(this.page, `${this.footer} - page ${number}`, {
      x: MARGIN,
      y: 36,
      size: 8,
      color: MUTED,
    });
  }

  async text(text: string, options: { size?: number; style?: TextStyle; gap?: number; color?: Color } = {}) {
    const size = options.size ?? 10.5;
    const style = options.style ?? 'regular';
    const leading = size * 1.4;
    for (const line of await this.fonts.wrap(text, size, TEXT_WIDTH, style)) {
      if (this.y - leading < MARGIN) await this.newPage();
      this.y -= leading;
      await this.fonts.draw(this.page, line, {
        x: MARGIN,
        y: this.y,
        size,
        style,
        color: options.color ?? INK,
      });
    }
    this.y -= options.gap ?? 6;
  }
}

export interface GeneratedPdf {
  bytes: Buffer;
}

/** The original agreement: its sections, then a signature page with one empty block per signer. */
export async function generateAgreementPdf(
  agreement: Agreement,
  meta: { requestId: string; company: string },
) {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(agreement.title);
  pdf.setSubject(`Signature request ${meta.requestId}`);
  pdf.setProducer(meta.company);
  pdf.setCreator(meta.company);
  pdf.setCreationDate(new Date());
  const fonts = await PdfText.for(pdf);
  const writer = await Writer.start(pdf, fonts, `${agreement.title} - request ${meta.requestId}`);

  await writer.text(agreement.title, { size: 20, style: 'bold', gap: 14 });
  for (const section of agreement.sections) {
    await writer.text(section.heading, { size: 12.5, style: 'bold', gap: 4 });
    for (const paragraph of section.paragraphs) await writer.text(paragraph);
    writer.y -= 8;
  }

  await writer.newPage();
  await writer.text('Signatures', { size: 16, style: 'bold', gap: 4 });
  await writer.text('Each party signs in the order below.', { color: MUTED });
  for (const signer of agreement.signers) {
    const top = blockTop(signer.order);
    const page = writer.page;
    await fonts.draw(page, `${signer.order}. ${signer.role}`, { x: MARGIN, y: top, size: 11, style: 'bold' });
    page.drawRectangle({
      x: MARGIN,
      y: top - 12 - SIGNATURE_BLOCK.boxHeight,
      width: SIGNATURE_BLOCK.boxWidth,
      height: SIGNATURE_BLOCK.boxHeight,
      borderColor: MUTED,
      borderWidth: 0.75,
    });
    // A long name or address wraps within the column beside the box.
    const column = PAGE.width - MARGIN - (MARGIN + SIGNATURE_BLOCK.boxWidth + 16);
    // Up to three lines for the name and two for the address: four fit above the "Signed" line,
    // and a name that long is rarer than an address.
    const details = [
      ...(await fonts.wrap(`Name: ${signer.name}`, 9.5, column)).slice(0, 3),
      ...(await fonts.wrap(`E-mail: ${signer.email}`, 9.5, column)).slice(0, 2),
    ];
    for (const [index, line] of details.entries()) {
      await fonts.draw(page, line, {
        x: MARGIN + SIGNATURE_BLOCK.boxWidth + 16,
        y: top - 26 - index * 12,
        size: 9.5,
      });
    }
  }
  return Buffer.from(await pdf.save());
}

export interface FinalSigner {
  role: string;
  name: string;
  email: string;
  order: number;
  signedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
  firstViewedAt: Date | null;
  /** Typed name or drawn PNG data URL; null when the provider placed the signature itself. */
  mark: { kind: 'typed' | 'drawn'; value: string } | null;
}

export interface FinalEvent {
  at: Date;
  /** What happened, as a sentence: "Signed by Agent Dana Reyes". */
  what: string;
  ip: string | null;
}

export interface FinalInfo {
  requestId: string;
  title: string;
  company: string;
  provider: 'builtin' | 'digisigner';
  originalSha256: string;
  /** Where anyone can check a copy. */
  verifyUrl: string;
  createdAt: Date;
  completedAt: Date;
  signers: FinalSigner[];
  events: FinalEvent[];
}

const stamp = (date: Date | null) =>
  date ? `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC` : '-';

/**
 * The completed agreement: the signatures placed in their blocks on the signature page (built-in)
 * and an audit certificate page with the signers, their e-mails, IPs, user agents and times,
 * every event, and the SHA-256 of the original.
 */
export async function finaliseAgreementPdf(source: Buffer, info: FinalInfo): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.load(source);
  const fonts = await PdfText.for(pdf);
  const signaturePage = pdf.getPage(pdf.getPageCount() - 1);

  for (const signer of info.signers) {
    if (!signer.mark) continue;
    const top = blockTop(signer.order);
    const box = { x: MARGIN, y: top - 12 - SIGNATURE_BLOCK.boxHeight };
    if (signer.mark.kind === 'typed') {
      let size = 24;
      const text = signer.mark.value;
      while (size > 10 && (await fonts.width(text, size, 'script')) > SIGNATURE_BLOCK.boxWidth - 16)
        size -= 1;
      await fonts.draw(signaturePage, text, {
        x: box.x + 8,
        y: box.y + 18,
        size,
        style: 'script',
        color: SIGNATURE_INK,
      });
    } else {
      // The drawing is cropped to its ink and fills the box, as the signer drew it on the page.
      const png = await pdf.embedPng(await inkOnly(signer.mark.value));
      const room = {
        width: SIGNATURE_BLOCK.boxWidth - DRAWN_SIGNATURE_PADDING * 2,
        height: SIGNATURE_BLOCK.boxHeight - DRAWN_SIGNATURE_PADDING * 2,
      };
      const scaled = png.scaleToFit(room.width, room.height);
      signaturePage.drawImage(png, {
        x: box.x + DRAWN_SIGNATURE_PADDING + (room.width - scaled.width) / 2,
        y: box.y + DRAWN_SIGNATURE_PADDING + (room.height - scaled.height) / 2,
        width: scaled.width,
        height: scaled.height,
      });
    }
    // Below the name and e-mail (up to five lines beside the box).
    await fonts.draw(signaturePage, `Signed ${stamp(signer.signedAt)}`, {
      x: MARGIN + SIGNATURE_BLOCK.boxWidth + 16,
      y: top - 96,
      size: 9.5,
      color: SIGNATURE_INK,
    });
  }

  const writer = await Writer.start(
    pdf,
    fonts,
    `${info.title} - audit certificate - request ${info.requestId}`,
  );
  await writer.text('Audit certificate', { size: 18, style: 'bold', gap: 10 });
  await writer.text(`Document: ${info.title}`);
  await writer.text(`Signature request: ${info.requestId}`);
  await writer.text(`Issued by: ${info.company}`);
  await writer.text(
    `Signatures collected by: ${info.provider === 'builtin' ? `${info.company} (built-in e-signature)` : 'DigiSigner'}`,
  );
  await writer.text(`Prepared: ${stamp(info.createdAt)}`);
  await writer.text(`Completed: ${stamp(info.completedAt)}`);
  await writer.text(`SHA-256 of the original document: ${info.originalSha256}`, { gap: 14 });

  await writer.text('Signers', { size: 13, style: 'bold', gap: 4 });
  for (const signer of info.signers) {
    await writer.text(`${signer.order}. ${signer.role}: ${signer.name} <${signer.email}>`, {
      style: 'bold',
      gap: 2,
    });
    // DigiSigner's signatures carry the time the portal learned of them, and say so.
    const how = signer.mark ? ` (${signer.mark.kind} signature)` : ' (recorded when DigiSigner reported it)';
    await writer.text(`Signed: ${stamp(signer.signedAt)}${how}`, {
      gap: 2,
    });
    await writer.text(`First viewed: ${stamp(signer.firstViewedAt)}`, { gap: 2 });
    await writer.text(`IP address: ${signer.ip ?? '-'}`, { gap: 2 });
    await writer.text(`User agent: ${signer.userAgent ?? '-'}`, { size: 9, gap: 10 });
  }

  await writer.text('Events', { size: 13, style: 'bold', gap: 4 });
  for (const event of info.events) {
    await writer.text(`${stamp(event.at)}  ${event.what}${event.ip ? ` from ${event.ip}` : ''}`, {
      size: 9,
      gap: 2,
    });
  }
  writer.y -= 10;
  await writer.text(
    `The SHA-256 of this completed copy is kept by the portal: anyone can check a copy at ${info.verifyUrl}.`,
    { size: 9, color: MUTED },
  );
  pdf.setModificationDate(info.completedAt);
  return Buffer.from(await pdf.save());
}

/**
 * A drawn signature cropped to its strokes (the pad is 900 x 300 and a signature rarely fills
 * it), with a little margin; as drawn when the drawing is blank or cannot be cropped.
 */
async function inkOnly(dataUrl: string): Promise<Buffer> {
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  try {
    const sharp = await loadSharp();
    const trimmed = await sharp(png)
      .trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 10 })
      .toBuffer();
    return await sharp(trimmed)
      .extend({ top: 6, bottom: 6, left: 6, right: 6, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    return png;
  }
}
