import {
  LEAD_TYPES,
  type Lead,
  type LeadType,
  type RoutingReader,
  sharedRoutingReason,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { LeadRow } from '../../db/schema';

/**
 * Who reads the lead: the office's own (the console, the intake client that posted it) see the
 * whole routing decision; an agent, their recipients (`you`), an office or a group manager
 * (`agent`) read why the lead is the agent's, never who else serves the ZIP.
 */
export type LeadReader = 'office' | RoutingReader;

export function toLead(row: LeadRow, reader: LeadReader): Lead {
  return {
    id: row.id,
    agent_id: row.agentId,
    lead_type: row.leadType as LeadType,
    status: row.status,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    email: row.email,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    county: row.county,
    source: row.source,
    external_id: row.externalId,
    notes: row.notes,
    routing: row.routing
      ? {
          decision: row.routing.decision,
          reason:
            reader === 'office'
              ? row.routing.reason
              : sharedRoutingReason(
                  { zip: row.zip, lead_type: row.leadType, decision: row.routing.decision },
                  reader,
                ),
          candidates: reader === 'office' ? row.routing.candidates : 0,
          decided_at: row.routing.decidedAt,
        }
      : null,
    closing_date: row.closingDate,
    sale_price: row.salePrice === null ? null : Number(row.salePrice),
    gross_commission: row.grossCommission === null ? null : Number(row.grossCommission),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** sharedRoutingReason in SQL: each decision and lead type's words, with the lead's ZIP put in. */
function reasonSql(reader: RoutingReader): string {
  const ZIP = '{zip}';
  const cases = (['assigned', 'manual'] as const).flatMap((decision) =>
    LEAD_TYPES.map(
      (type) =>
        `when ${quote(`${decision}:${type}`)} then ${quote(sharedRoutingReason({ zip: ZIP, lead_type: type, decision }, reader))}`,
    ),
  );
  return `replace(case (routing->>'decision') || ':' || lead_type ${cases.join(' ')}
    else ${quote(sharedRoutingReason({ zip: ZIP, lead_type: '', decision: 'unassigned' }, reader))} end, '${ZIP}', zip)`;
}

/**
 * toLead in SQL, for the leads pages: PostgreSQL writes each lead's JSON and the server passes
 * it on without building an object per field (ADR 43). For a select from leads alone: the
 * columns are not qualified. The tests check every such answer against LeadSchema. The pages
 * are read outside the console only: the reason is the reader's (`toLead`'s `reader`).
 */
const leadJsonOf = (reader: RoutingReader) =>
  sql.raw(`json_build_object(
  'id', id, 'agent_id', agent_id, 'lead_type', lead_type, 'status', status,
  'first_name', first_name, 'last_name', last_name, 'phone', phone, 'email', email,
  'street', street, 'city', city, 'state', state, 'zip', zip, 'county', county,
  'source', source, 'external_id', external_id, 'notes', notes,
  'routing', case when routing is null then null else json_build_object(
    'decision', routing->'decision', 'reason', ${reasonSql(reader)},
    'candidates', 0, 'decided_at', routing->'decidedAt') end,
  'closing_date', closing_date, 'sale_price', sale_price::float8,
  'gross_commission', gross_commission::float8,
  'created_at', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updated_at', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

export const leadJson: Record<RoutingReader, ReturnType<typeof sql.raw>> = {
  you: leadJsonOf('you'),
  agent: leadJsonOf('agent'),
};

/** Lower-cased name, e-mail, address and phone digits: what the workspace search looks in. */
export function searchTextOf(lead: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}): string {
  return [
    `${lead.firstName} ${lead.lastName}`,
    lead.email,
    lead.phone.replace(/\D/g, ''),
    `${lead.street}, ${lead.city}, ${lead.state} ${lead.zip}`,
  ]
    .join(' | ')
    .toLowerCase();
}
