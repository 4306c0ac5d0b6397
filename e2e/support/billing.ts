import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * What the referral-fee journey reads and sends besides the pages: a settlement statement to
 * attach, and the text and first page of an invoice PDF the agent downloaded, read with
 * poppler's pdftotext and pdftoppm (Debian's poppler-utils) as a person's PDF reader shows them.
 */

const POPPLER = { pdftotext: '/usr/bin/pdftotext', pdftoppm: '/usr/bin/pdftoppm' } as const;

function poppler(tool: keyof typeof POPPLER): string {
  const program = POPPLER[tool];
  if (!existsSync(program)) {
    throw new Error(`${tool} not found at ${program}: install it with "sudo apt-get install poppler-utils".`);
  }
  return program;
}

/** A one-page settlement statement PDF for a closing, as the title company sends it. */
export async function settlementStatementPdf(closing: {
  seller: string;
  property: string;
  closingDate: string;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const lines = [
    'Settlement Statement (ALTA)',
    `Seller: ${closing.seller}`,
    `Property: ${closing.property}`,
    `Settlement date: ${closing.closingDate}`,
  ];
  for (const [index, line] of lines.entries()) {
    page.drawText(line, { x: 54, y: 720 - index * 22, size: index === 0 ? 16 : 11, font });
  }
  return Buffer.from(await pdf.save());
}

/** The PDF's text as pdftotext reads it, in reading order. */
export function pdfText(file: string): string {
  return execFileSync(poppler('pdftotext'), [file, '-'], { encoding: 'utf8' });
}

/** The PDF's first page as a PNG at 80 dpi, written to `<prefix>.png`; its path. */
export function pdfFirstPageAsPng(file: string, prefix: string): string {
  execFileSync(poppler('pdftoppm'), ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  return `${prefix}.png`;
}

/** "June 5, 2026": a day (YYYY-MM-DD) as the invoice PDF prints it. */
export const longDate = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The day `days` before today (UTC), as YYYY-MM-DD. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
