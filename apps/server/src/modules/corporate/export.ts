import {
  LEAD_STAGES,
  LEAD_TYPE_LABELS,
  type LeadStage,
  type LeadType,
  type Pipeline,
  type PipelineFigures,
  STAGE_LABELS,
} from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CSV_BOM, type CsvValue, csvRow } from '../../lib/csv-write';
import { type PipelinePeriod, type PipelineViewer, pipelineRangeOf, visibleAgentIds } from './pipeline';
import { nameSql } from './queries';

/**
 * The pipeline's CSV files: the agents with their figures (the table on screen), and the leads
 * that arrived in the range (what the office or the manager may read of them: no contact details).
 */

const minutes = (value: number | null) => (value === null ? null : Math.round(value / 6) / 10);
const percent = (value: number | null) => (value === null ? null : Math.round(value * 100));

const FIGURE_HEADERS = [
  ...LEAD_STAGES.map((stage) => STAGE_LABELS[stage]),
  'Stale',
  'Leads received',
  'Leads received (previous period)',
  'Median minutes to first contact',
  'Median minutes to first contact (previous period)',
  'Contacted within 1 hour (%)',
  'Contacted within 1 hour (%) (previous period)',
  'Closings',
  'Closings (previous period)',
];

const figureCells = (figures: PipelineFigures): CsvValue[] => [
  ...LEAD_STAGES.map((stage) => figures.stages[stage]),
  figures.stale,
  figures.received.current,
  figures.received.previous,
  minutes(figures.speed_to_contact_seconds.current),
  minutes(figures.speed_to_contact_seconds.previous),
  percent(figures.contacted_within_hour_share.current),
  percent(figures.contacted_within_hour_share.previous),
  figures.closings.current,
  figures.closings.previous,
];

/** One row per agent, then the totals. */
export function pipelineAgentsCsv(pipeline: Pipeline): string {
  return (
    CSV_BOM +
    csvRow(['Agent', 'Agent URI', ...FIGURE_HEADERS]) +
    pipeline.agents.map((agent) => csvRow([agent.name, agent.agent_uri, ...figureCells(agent)])).join('') +
    csvRow(['All agents', '', ...figureCells(pipeline.totals)])
  );
}

/** `pipeline-agents-2026-01-01-to-2026-01-30.csv` */
export const csvFileName = (what: 'agents' | 'leads', range: { from: string; to: string }) =>
  `pipeline-${what}-${range.from}-to-${range.to}.csv`;

const BATCH = 500;

interface LeadCsvRow {
  id: string;
  cursor: string;
  first_name: string;
  last_name: string;
  stage: string;
  status: string;
  agent_name: string;
  created: string;
  first_contact: string | null;
  last_activity: string | null;
  zip: string;
  lead_type: string;
  closing_date: string | null;
  sale_price: number | string | null;
}

const STATUS_LABELS: Record<string, string> = { active: 'Active', archived: 'Archived', closed: 'Closed' };

/**
 * The leads that arrived in the range, newest first, as CSV text in batches: read 500 at a time
 * from where the last batch ended, so a year of a large office never sits in memory at once.
 * The access checks and the first batch are done before this returns: a refusal or a database
 * error is still an ordinary answer, not a broken download. Times are the office's.
 */
export async function leadsCsv(
  db: Db,
  who: PipelineViewer,
  period: PipelinePeriod,
): Promise<AsyncIterable<string>> {
  const range = pipelineRangeOf(period, period.timeZone);
  const ids = await visibleAgentIds(db, who);
  const zone = period.timeZone;
  const local = (column: SQL) => sql`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI')`;
  const batch = async (after: { cursor: string; id: string } | null) =>
    (
      (await db.execute(sql`
        select l.id, l.created_at::text as cursor,
          -- An offered lead's seller is hidden until the agent accepts it (ADR 62).
          case when l.offer_expires_at is null then l.first_name else '' end as first_name,
          case when l.offer_expires_at is null then l.last_name else '' end as last_name,
          l.stage, l.status,
          ${nameSql} as agent_name, ${local(sql`l.created_at`)} as created,
          ${local(sql`l.first_contact_at`)} as first_contact, ${local(sql`l.last_activity_at`)} as last_activity,
          l.zip, l.lead_type, l.closing_date::text as closing_date, l.sale_price::float8 as sale_price
        from leads l join agents on agents.id = l.agent_id
        where l.agent_id in (${ids})
          and l.created_at >= (${range.from}::date)::timestamp at time zone ${zone}
          and l.created_at < (${range.to}::date + 1)::timestamp at time zone ${zone}
          ${after ? sql`and (l.created_at, l.id) < (${after.cursor}::timestamptz, ${after.id}::uuid)` : sql``}
        order by l.created_at desc, l.id desc
        limit ${BATCH}`)) as unknown as { rows: LeadCsvRow[] }
    ).rows;
  const first = await batch(null);
  const text = (rows: LeadCsvRow[]) =>
    rows
      .map((row) =>
        csvRow([
          row.first_name,
          row.last_name,
          STAGE_LABELS[row.stage as LeadStage] ?? row.stage,
          STATUS_LABELS[row.status] ?? row.status,
          row.agent_name,
          row.created,
          row.first_contact,
          row.last_activity,
          row.zip,
          LEAD_TYPE_LABELS[row.lead_type as LeadType] ?? row.lead_type,
          row.closing_date,
          row.sale_price === null ? null : Number(row.sale_price),
        ]),
      )
      .join('');
  return (async function* () {
    yield CSV_BOM +
      csvRow([
        'First name',
        'Last name',
        'Stage',
        'Status',
        'Agent',
        `Created (${zone})`,
        `First contact (${zone})`,
        `Last activity (${zone})`,
        'ZIP',
        'Type',
        'Closing date',
        'Sale price',
      ]);
    let rows = first;
    while (rows.length > 0) {
      yield text(rows);
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      rows = await batch({ cursor: last.cursor, id: last.id });
    }
  })();
}
