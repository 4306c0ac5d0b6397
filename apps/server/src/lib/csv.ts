/**
 * RFC 4180 CSV: fields separated by commas, optionally in double quotes (a quote inside doubled),
 * records by CRLF or LF; quoted fields may hold commas and line breaks. A leading BOM is ignored.
 * Throws with the line number when a quote is never closed.
 */
export function parseCsv(text: string): string[][] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      line++;
    } else field += c;
  }
  if (quoted) throw new Error(`A quoted field opened on line ${quoteLine} is never closed`);
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  // Blank lines are not records.
  return records.filter((r) => !(r.length === 1 && r[0] === ''));
}
