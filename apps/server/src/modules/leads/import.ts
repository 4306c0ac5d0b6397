import { type AdminImportPreview, type LeadIntake, LeadIntakeSchema } from '@portal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { agents, leads } from '../../db/schema';
import { audit } from '../../lib/audit';
import { parseCsv } from '../../lib/csv';
import { AppError, badRequest } from '../../lib/errors';
import type { ConsoleActor } from '../admin/common';
import { agentDisplayName } from '../agents/display-name';
import { type IntakeClient, intakeLead } from './intake';
import { decideRoutingMany } from './routing';

export interface ImportReport {
  rows: number;
  imported: number;
  duplicates: number;
  unassigned: number;
  rejected: { row: number; errors: string[] }[];
}

const MAX_ROWS = 5000;

/** One data row of the file: the lead it holds, or why it cannot be one. */
type ParsedRow =
  | { row: number; input: LeadIntake; errors?: undefined }
  | { row: number; input?: undefined; errors: string[]; raw: Record<string, string> };

/**
 * The file as rows: a header row naming intake fields (lead_type, first_name, ..., zip, source,
 * external_id, notes), then one lead per row, each validated as a POST /api/v1/leads is. Rows are
 * numbered as in a spreadsheet (header = 1). A file that cannot be read at all is refused whole.
 */
async function parseImport(csv: string): Promise<ParsedRow[]> {
  let records: string[][];
  try {
    records = await parseCsv(csv);
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

  return rows.map((cells, index) => {
    const rowNumber = index + 2;
    const raw: Record<string, string> = {};
    columns.forEach((name, i) => {
      const value = cells[i]?.trim() ?? '';
      if (name && value !== '') raw[name] = value;
    });
    if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.trim() !== ''))
      return { row: rowNumber, errors: ['More cells than columns in the header'], raw };
    const parsed = LeadIntakeSchema.safeParse({ source: 'csv-import', ...raw });
    if (!parsed.success) {
      return {
        row: rowNumber,
        raw,
        errors: parsed.error.issues.map((issue) =>
          issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0]))
            ? `${issue.path.join('.')}: ${issue.message}`
            : issue.message,
        ),
      };
    }
    return { row: rowNumber, input: parsed.data as LeadIntake };
  });
}

const personOf = (fields: { first_name?: string; last_name?: string }) =>
  `${fields.first_name ?? ''} ${fields.last_name ?? ''}`.trim();

/**
 * POST /admin/leads/import/preview: what importing the file would do, row by row (refused with
 * its reasons, already imported, routed to whom, or left unassigned and why), writing nothing.
 * The routing is decided as the import would decide it now; leads arriving meanwhile can change it.
 */
export async function previewLeadsCsv(deps: AppDeps, csv: string): Promise<AdminImportPreview> {
  const parsed = await parseImport(csv);
  const db = deps.database.db;
  const valid = parsed.filter((p): p is Extract<ParsedRow, { input: LeadIntake }> => !!p.input);
  // Already there: the same source and external id (from this office's imports, or another client's).
  const withIds = valid.filter((p) => p.input.external_id);
  const existing = withIds.length
    ? await db
        .select({ source: leads.source, externalId: leads.externalId, apiKeyId: leads.apiKeyId })
        .from(leads)
        .where(
          inArray(
            leads.externalId,
            withIds.map((p) => p.input.external_id!),
          ),
        )
    : [];
  const seen = new Set<string>();
  type Fate = { duplicate?: true; refused?: string };
  const fates = new Map<number, Fate>();
  for (const p of valid) {
    const id = p.input.external_id;
    if (!id) continue;
    const source = p.input.source ?? 'csv-import';
    const match = existing.find((e) => e.source === source && e.externalId === id);
    if (match && match.apiKeyId !== null)
      fates.set(p.row, { refused: 'Another client already posted a lead with this source and external_id' });
    else if (match || seen.has(`${source}\u0000${id}`)) fates.set(p.row, { duplicate: true });
    seen.add(`${source}\u0000${id}`);
  }
  const toRoute = valid.filter((p) => !fates.has(p.row));
  const decisions = toRoute.length
    ? await decideRoutingMany(
        db,
        toRoute.map((p) => ({ zip: p.input.zip, city: p.input.city ?? '', lead_type: p.input.lead_type })),
      )
    : [];
  const agentIds = [...new Set(decisions.map((d) => d.agentId).filter((id): id is string => !!id))];
  const names = new Map(
    (agentIds.length
      ? await db
          .select({
            id: agents.id,
            agent: agents.agent,
            agentFirstName: agents.agentFirstName,
            agentLastName: agents.agentLastName,
            email: agents.agentEmail,
          })
          .from(agents)
          .where(inArray(agents.id, agentIds))
      : []
    ).map((a) => [a.id, agentDisplayName(a, { email: a.email })]),
  );
  const decisionOf = new Map(toRoute.map((p, i) => [p.row, decisions[i]!]));
  const items: AdminImportPreview['items'] = parsed.map((p) => {
    const fields = p.input ?? p.raw;
    const base = {
      row: p.row,
      name: personOf(fields),
      lead_type: fields.lead_type ?? null,
      zip: fields.zip ?? null,
      agent_id: null,
      agent_name: null,
      reason: null,
      errors: [] as string[],
    };
    if (!p.input) return { ...base, outcome: 'rejected' as const, errors: p.errors };
    const fate = fates.get(p.row);
    if (fate?.refused) return { ...base, outcome: 'rejected' as const, errors: [fate.refused] };
    if (fate?.duplicate)
      return {
        ...base,
        outcome: 'duplicate' as const,
        reason: 'Already imported (same source and external_id)',
      };
    const decision = decisionOf.get(p.row)!;
    return decision.agentId
      ? {
          ...base,
          outcome: 'routed' as const,
          agent_id: decision.agentId,
          agent_name: names.get(decision.agentId) ?? null,
          reason: decision.reason,
        }
      : { ...base, outcome: 'unassigned' as const, reason: decision.reason };
  });
  const countOf = (outcome: string) => items.filter((item) => item.outcome === outcome).length;
  return {
    rows: parsed.length,
    items,
    routed: countOf('routed'),
    unassigned: countOf('unassigned'),
    duplicates: countOf('duplicate'),
    rejected: countOf('rejected'),
  };
}

/**
 * POST /admin/leads/import: each row of the file routed exactly like a POST /api/v1/leads. Rows
 * already imported (same source and external_id) count as duplicates; a report lists every
 * rejected row with its reasons. The import is audited with its counts.
 */
export async function importLeadsCsv(
  deps: AppDeps,
  client: IntakeClient,
  csv: string,
  actor: ConsoleActor,
): Promise<ImportReport> {
  const parsed = await parseImport(csv);
  const report: ImportReport = {
    rows: parsed.length,
    imported: 0,
    duplicates: 0,
    unassigned: 0,
    rejected: [],
  };
  for (const p of parsed) {
    if (!p.input) {
      report.rejected.push({ row: p.row, errors: p.errors });
      continue;
    }
    try {
      const result = await intakeLead(deps, { apiKey: client, input: p.input, actor: 'import' });
      if (result.replayed) report.duplicates += 1;
      else {
        report.imported += 1;
        if (!result.lead.agent_id) report.unassigned += 1;
      }
    } catch (error) {
      // One row that cannot be stored does not lose the report of the others.
      const reason = error instanceof AppError ? error.message : 'could not be stored; try this row again';
      if (!(error instanceof AppError)) console.warn('[import] row failed', p.row, (error as Error).message);
      report.rejected.push({ row: p.row, errors: [reason] });
    }
  }
  await audit(deps.database.db, {
    action: 'admin_import_leads',
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    details: {
      rows: report.rows,
      imported: report.imported,
      unassigned: report.unassigned,
      duplicates: report.duplicates,
      rejected: report.rejected.length,
    },
    ip: actor.ip,
  });
  return report;
}
