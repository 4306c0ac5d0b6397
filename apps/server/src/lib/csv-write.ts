/**
 * Writing CSV (RFC 4180) that spreadsheets open safely. Text is always quoted (a quote inside
 * doubled), so commas and line breaks stay in their cell; text that a spreadsheet would read as a
 * formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so a
 * lead's name can never run as a formula on an office's computer (OWASP, CSV injection).
 * Numbers are written as they are; null is an empty cell.
 */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, ended by CRLF. */
export const csvRow = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Opens the file: a byte-order mark tells spreadsheets the text is UTF-8 (names with accents). */
export const CSV_BOM = '\ufeff';
