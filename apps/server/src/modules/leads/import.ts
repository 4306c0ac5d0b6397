import { type LeadIntake, LeadIntakeSchema } from '@portal/shared';
import type { AppDeps } from '../../app-context';
import { parseCsv } from '../../lib/csv';
import { AppError, badRequest } from '../../lib/errors';
import { type IntakeClient, intakeLead } from './intake';

export interface ImportReport {
  rows: number;
  imported: number;
  duplicates: number;
  unassigned: number;
  rejected: { row: number; errors: string[] }[];
}

const MAX_ROWS = 5000;

/**
 * The superusers' CSV import: a header row naming intake fields (lead_type, first_name, ..., zip,
 * source, external_id, notes), then one lead per row, each validated and routed exactly like a
 * POST /api/v1/leads. Rows already imported (same source and external_id) count as duplicates;
 * a report lists every rejected row (numbered as in a spreadsheet, header = 1) with its reasons.
 */
export async function importLeadsCsv(
  deps: AppDeps,
  client: IntakeClient,
  csv: string,
): Promise<ImportReport> {
  let records: string[][];
  try {
    records = parseCsv(csv);
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}.`);
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest('The file is empty: it needs a header row and one lead per row.');
  const columns = header.map((name) => name.trim().toLowerCase());
  const known = Object.keys(LeadIntakeSchema.def.shape ?? {});
  const unknown = columns.filter((name) => name && !known.includes(name));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Columns can be: ${known.join(', ')}.`,
    );
  }
  // Two columns for one field would leave the file to decide silently which value wins.
  const repeated = [...new Set(columns.filter((name, i) => name && columns.indexOf(name) !== i))];
  if (repeated.length > 0) {
    throw badRequest(
      `The header row names ${repeated.join(', ')} more than once: keep one column for ${repeated.length > 1 ? 'each' : 'it'} and send the file again.`,
    );
  }
  for (const required of ['lead_type', 'zip']) {
    if (!columns.includes(required)) throw badRequest(`The header row needs a ${required} column.`);
  }
  if (rows.length > MAX_ROWS)
    throw badRequest(`At most ${MAX_ROWS} leads per file; this one has ${rows.length}.`);

  const report: ImportReport = { rows: rows.length, imported: 0, duplicates: 0, unassigned: 0, rejected: [] };
  for (const [index, cells] of rows.entries()) {
    const rowNumber = index + 2;
    const raw: Record<string, string> = {};
    columns.forEach((name, i) => {
      const value = cells[i]?.trim() ?? '';
      if (name && value !== '') raw[name] = value;
    });
    if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.trim() !== '')) {
      report.rejected.push({ row: rowNumber, errors: ['More cells than columns in the header'] });
      continue;
    }
    const parsed = LeadIntakeSchema.safeParse({ source: 'csv-import', ...raw });
    if (!parsed.success) {
      report.rejected.push({
        row: rowNumber,
        errors: parsed.error.issues.map((issue) =>
          issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0]))
            ? `${issue.path.join('.')}: ${issue.message}`
            : issue.message,
        ),
      });
      continue;
    }
    try {
      const result = await intakeLead(deps, {
        apiKey: client,
        input: parsed.data as LeadIntake,
        actor: 'import',
      });
      if (result.replayed) report.duplicates += 1;
      else {
        report.imported += 1;
        if (!result.lead.agent_id) report.unassigned += 1;
      }
    } catch (error) {
      // One row that cannot be stored does not lose the report of the others.
      const reason = error instanceof AppError ? error.message : 'could not be stored; try this row again';
      if (!(error instanceof AppError))
        console.warn('[import] row failed', rowNumber, (error as Error).message);
      report.rejected.push({ row: rowNumber, errors: [reason] });
    }
  }
  return report;
}
