import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Agreement } from './template';

/**
 * The agreement PDFs (DESIGN.md section 6): the original, generated from the agreement's wording,
 * and the final copy with the signatures placed and an audit certificate page.
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

/**
 * The fonts written into every agreement: DejaVu (Sans, Sans Bold, and Serif Bold Italic for a
 * typed signature), which cover Latin with every accent, Greek and Cyrillic. A legal document
 * keeps people's names as they write them (issue #17 item 9); the standard PDF fonts knew
 * WinAnsi only and printed "?" for "ł". Only the glyphs a document uses are embedded.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  script: 'dejavu-fonts-ttf/ttf/DejaVuSerif-BoldItalic.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
let fontBytes: Promise<Record<FontName, Buffer>> | null = null;

const loadFontBytes = () => {
  fontBytes ??= (async () => {
    const require = createRequire(import.meta.url);
    const names = Object.keys(FONT_FILES) as FontName[];
    const files = await Promise.all(names.map((name) => readFile(require.resolve(FONT_FILES[name]))));
    return Object.fromEntries(names.map((name, i) => [name, files[i]!])) as Record<FontName, Buffer>;
  })();
  return fontBytes;
};

async function embedFonts(pdf: PDFDocument): Promise<Record<FontName, PDFFont>> {
  const [{ default: fontkit }, bytes] = await Promise.all([import('@pdf-lib/fontkit'), loadFontBytes()]);
  pdf.registerFontkit(fontkit);
  const [regular, bold, script] = await Promise.all(
    (['regular', 'bold', 'script'] as const).map((name) => pdf.embedFont(bytes[name], { subset: true })),
  );
  return { regular: regular!, bold: bold!, script: script! };
}

/** The characters a font can draw, per font, read once. */
const drawable = new WeakMap<PDFFont, Set<number>>();

/** Text as the font can draw it: a character it has no glyph for (a CJK name, say) becomes "?". */
function printable(font: PDFFont, text: string): string {
  let known = drawable.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    drawable.set(font, known);
  }
  let out = '';
  for (const char of text.replace(/\s+/g, ' ')) out += known.has(char.codePointAt(0)!) ? char : '?';
  return out;
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word longer than the line (a user agent, a hash) is cut where it must be.
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes flowing text, adding pages as needed. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    const number = this.pdf.getPageCount();
    this.page.drawText(printable(this.regular, `${this.footer} - page ${number}`), {
      x: MARGIN,
      y: 36,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
  }

  text(text: string, options: { size?: number; font?: PDFFont; gap?: number; color?: Color } = {}) {
    const size = options.size ?? 10.5;
    const font = options.font ?? this.regular;
    const leading = size * 1.4;
    for (const line of wrap(font, text, size, TEXT_WIDTH)) {
      if (this.y - leading < MARGIN) this.newPage();
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
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
  const { regular, bold } = await embedFonts(pdf);
  const writer = new Writer(pdf, regular, bold, `${agreement.title} - request ${meta.requestId}`);

  writer.text(agreement.title, { size: 20, font: bold, gap: 14 });
  for (const section of agreement.sections) {
    writer.text(section.heading, { size: 12.5, font: bold, gap: 4 });
    for (const paragraph of section.paragraphs) writer.text(paragraph);
    writer.y -= 8;
  }

  writer.newPage();
  writer.text('Signatures', { size: 16, font: bold, gap: 4 });
  writer.text('Each party signs in the order below.', { color: MUTED });
  for (const signer of agreement.signers) {
    const top = blockTop(signer.order);
    const page = writer.page;
    page.drawText(printable(bold, `${signer.order}. ${signer.role}`), {
      x: MARGIN,
      y: top,
      size: 11,
      font: bold,
    });
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
      ...wrap(regular, `Name: ${signer.name}`, 9.5, column).slice(0, 3),
      ...wrap(regular, `E-mail: ${signer.email}`, 9.5, column).slice(0, 2),
    ];
    details.forEach((line, index) => {
      page.drawText(line, {
        x: MARGIN + SIGNATURE_BLOCK.boxWidth + 16,
        y: top - 26 - index * 12,
        size: 9.5,
        font: regular,
      });
    });
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
  const { regular, bold, script } = await embedFonts(pdf);
  const signaturePage = pdf.getPage(pdf.getPageCount() - 1);

  for (const signer of info.signers) {
    if (!signer.mark) continue;
    const top = blockTop(signer.order);
    const box = { x: MARGIN, y: top - 12 - SIGNATURE_BLOCK.boxHeight };
    if (signer.mark.kind === 'typed') {
      let size = 24;
      const text = printable(script, signer.mark.value);
      while (size > 10 && script.widthOfTextAtSize(text, size) > SIGNATURE_BLOCK.boxWidth - 16) size -= 1;
      signaturePage.drawText(text, { x: box.x + 8, y: box.y + 18, size, font: script, color: SIGNATURE_INK });
    } else {
      const png = await pdf.embedPng(Buffer.from(signer.mark.value.split(',')[1] ?? '', 'base64'));
      const scaled = png.scaleToFit(SIGNATURE_BLOCK.boxWidth - 8, SIGNATURE_BLOCK.boxHeight - 8);
      signaturePage.drawImage(png, {
        x: box.x + 4,
        y: box.y + 4,
        width: scaled.width,
        height: scaled.height,
      });
    }
    // Below the name and e-mail (up to five lines beside the box).
    signaturePage.drawText(printable(regular, `Signed ${stamp(signer.signedAt)}`), {
      x: MARGIN + SIGNATURE_BLOCK.boxWidth + 16,
      y: top - 96,
      size: 9.5,
      font: regular,
      color: SIGNATURE_INK,
    });
  }

  const writer = new Writer(
    pdf,
    regular,
    bold,
    `${info.title} - audit certificate - request ${info.requestId}`,
  );
  writer.text('Audit certificate', { size: 18, font: bold, gap: 10 });
  writer.text(`Document: ${info.title}`);
  writer.text(`Signature request: ${info.requestId}`);
  writer.text(`Issued by: ${info.company}`);
  writer.text(
    `Signatures collected by: ${info.provider === 'builtin' ? `${info.company} (built-in e-signature)` : 'DigiSigner'}`,
  );
  writer.text(`Prepared: ${stamp(info.createdAt)}`);
  writer.text(`Completed: ${stamp(info.completedAt)}`);
  writer.text(`SHA-256 of the original document: ${info.originalSha256}`, { gap: 14 });

  writer.text('Signers', { size: 13, font: bold, gap: 4 });
  for (const signer of info.signers) {
    writer.text(`${signer.order}. ${signer.role}: ${signer.name} <${signer.email}>`, { font: bold, gap: 2 });
    // DigiSigner's signatures carry the time the portal learned of them, and say so.
    const how = signer.mark ? ` (${signer.mark.kind} signature)` : ' (recorded when DigiSigner reported it)';
    writer.text(`Signed: ${stamp(signer.signedAt)}${how}`, {
      gap: 2,
    });
    writer.text(`First viewed: ${stamp(signer.firstViewedAt)}`, { gap: 2 });
    writer.text(`IP address: ${signer.ip ?? '-'}`, { gap: 2 });
    writer.text(`User agent: ${signer.userAgent ?? '-'}`, { size: 9, gap: 10 });
  }

  writer.text('Events', { size: 13, font: bold, gap: 4 });
  for (const event of info.events) {
    writer.text(`${stamp(event.at)}  ${event.what}${event.ip ? ` from ${event.ip}` : ''}`, {
      size: 9,
      gap: 2,
    });
  }
  writer.y -= 10;
  writer.text(
    `The SHA-256 of this completed copy is kept by the portal: anyone can check a copy at ${info.verifyUrl}.`,
    { size: 9, color: MUTED },
  );
  pdf.setModificationDate(info.completedAt);
  return Buffer.from(await pdf.save());
}
