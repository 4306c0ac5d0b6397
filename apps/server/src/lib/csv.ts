import type { CsvError } from 'csv-parse/sync';

/**
 * Where the field csv-parse stopped at begins, as an index into the text. The parser's own line
 * count takes CRLF for two lines; its `bytes` is the end of the last field or record it finished
 * (UTF-8 octets from the start, a BOM included), which is where the field in error begins.
 */
function fieldStart(text: string, error: CsvError): number {
  const bytes = typeof error.bytes === 'number' ? error.bytes : 0;
  return Buffer.from(text).subarray(0, bytes).toString().length;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split(/\r\n|\r|\n/).length;

/**
 * RFC 4180 CSV (csv-parse): fields separated by commas, optionally in double quotes (a quote
 * inside doubled), records by CRLF, LF or CR, mixed in one file; quoted fields may hold commas
 * and line breaks, a quote inside an unquoted field is part of it. A leading BOM and spaces after
 * a closing quote are ignored; blank lines are not records; rows may have fewer or more cells than
 * the header. Loaded with the first file (the console's import), not at start.
 * Throws with the line number when a quote is never closed or a quoted field goes on after it.
 */
export async function parseCsv(text: string): Promise<string[][]> {
  const { parse } = await import('csv-parse/sync');
  try {
    return parse(text, {
      bom: true,
      recordDelimiter: ['\r\n', '\n', '\r'],
      relaxQuotes: true,
      relaxColumnCount: true,
      rtrim: true,
      skipEmptyLines: true,
    });
  } catch (caught) {
    const error = caught as CsvError;
    const start = fieldStart(text, error);
    // The field in error is a quoted one: its opening quote is the first after its start.
    const quoteLine = () => lineAt(text, Math.max(start, text.indexOf('"', start)));
    switch (error.code) {
      case 'CSV_QUOTE_NOT_CLOSED':
        throw new Error(`A quoted field opened on line ${quoteLine()} is never closed`);
      case 'CSV_INVALID_CLOSING_QUOTE':
      case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
        throw new Error(
          `The quoted field on line ${quoteLine()} goes on after its closing quote (a quote inside a quoted field is written twice: "")`,
        );
      default:
        throw new Error(`Line ${lineAt(text, start)}: ${error.message}`);
    }
  }
}
