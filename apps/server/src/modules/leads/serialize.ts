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

/**
 * A recipient (a team member signed in by link) reads every lead field but the money: the sale
 * price and the gross commission are the agent's (ADR 60).
 */
export function toLead(row: LeadRow, reader: LeadReader, { money = true }: { money?: boolean } = {}): Lead {
  // An open offer hides the seller from everyone but the office's own (ADR 62).
  const hide = reader !== 'office' && row.offerExpiresAt !== null;
  const seller = (value: string) => (hide ? '' : value);
  return {
    id: row.id,
    agent_id: row.agentId,
    lead_type: row.leadType as LeadType,
    status: row.status,
    first_name: seller(row.firstName),
    last_name: seller(row.lastName),
    phone: seller(row.phone),
    email: seller(row.email),
    street: seller(row.street),
    city: row.city,
    state: row.state,
    zip: row.zip,
    county: row.county,
    source: row.source,
    external_id: row.externalId,
    notes: seller(row.notes),
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
    sale_price: row.salePrice === null || !money ? null : Number(row.salePrice),
    gross_commission: row.grossCommission === null || !money ? null : Number(row.grossCommission),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    stage: row.stage,
    next_action_at: row.nextActionAt?.toISOString() ?? null,
    next_action: row.nextAction,
    first_contact_at: row.firstContactAt?.toISOString() ?? null,
    last_activity_at: row.lastActivityAt?.toISOString() ?? null,
    speed_to_contact_seconds: row.firstContactAt
      ? Math.max(0, Math.round((row.firstContactAt.getTime() - row.createdAt.getTime()) / 1000))
      : null,
    opened_at: row.openedAt?.toISOString() ?? null,
    hold_until: row.holdUntil,
    lost_reason: row.lostReason,
    lost_reason_text: row.lostReasonText,
    offer:
      row.offerExpiresAt === null
        ? null
        : {
            offered_at: (row.assignedAt ?? row.createdAt).toISOString(),
            expires_at: row.offerExpiresAt.toISOString(),
          },
    accepted_at: row.acceptedAt?.toISOString() ?? null,
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

/** A seller's field, empty while the lead is offered (outside the console: these pages). */
const seller = (column: string) => `case when offer_expires_at is null then ${column} else '' end`;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * toLead in SQL, for the leads pages: PostgreSQL writes each lead's JSON and the server passes
 * it on without building an object per field (ADR 43). For a select from leads alone: the
 * columns are not qualified. The tests check every such answer against LeadSchema. The pages
 * are read outside the console only: the reason is the reader's (`toLead`'s `reader`), and
 * without `money` (a recipient) the sale price and commission are null. `extra` adds fields
 * the select computes (the work queue's bucket).
 */
const leadJsonOf = (reader: RoutingReader, money: boolean, extra = '') =>
  sql.raw(`json_build_object(
  'id', id, 'agent_id', agent_id, 'lead_type', lead_type, 'status', status,
  'first_name', ${seller('first_name')}, 'last_name', ${seller('last_name')},
  'phone', ${seller('phone')}, 'email', ${seller('email')},
  'street', ${seller('street')}, 'city', city, 'state', state, 'zip', zip, 'county', county,
  'source', source, 'external_id', external_id, 'notes', ${seller('notes')},
  'routing', case when routing is null then null else json_build_object(
    'decision', routing->'decision', 'reason', ${reasonSql(reader)},
    'candidates', 0, 'decided_at', routing->'decidedAt') end,
  'closing_date', closing_date,
  'sale_price', ${money ? 'sale_price::float8' : 'null::float8'},
  'gross_commission', ${money ? 'gross_commission::float8' : 'null::float8'},
  'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')},
  'stage', stage, 'next_action_at', ${iso('next_action_at')}, 'next_action', next_action,
  'first_contact_at', ${iso('first_contact_at')}, 'last_activity_at', ${iso('last_activity_at')},
  -- greatest() skips nulls: a lead never contacted keeps its null.
  'speed_to_contact_seconds', case when first_contact_at is not null
    then greatest(0, round(extract(epoch from first_contact_at - created_at)))::int end,
  'opened_at', ${iso('opened_at')}, 'hold_until', hold_until,
  'lost_reason', lost_reason, 'lost_reason_text', lost_reason_text,
  'offer', case when offer_expires_at is not null then json_build_object(
    'offered_at', ${iso('coalesce(assigned_at, created_at)')}, 'expires_at', ${iso('offer_expires_at')}) end,
  'accepted_at', ${iso('accepted_at')}${extra})`);

export const leadJson: Record<RoutingReader, ReturnType<typeof sql.raw>> = {
  you: leadJsonOf('you', true),
  agent: leadJsonOf('agent', true),
};

/** The lead as a recipient reads it: the agent's reason, no money. */
export const recipientLeadJson = leadJsonOf('you', false);

/** The work queue's rows (`view=queue`): the lead and its `queue_bucket` column. */
export const queueLeadJson = {
  agent: leadJsonOf('you', true, `, 'queue_bucket', queue_bucket`),
  recipient: leadJsonOf('you', false, `, 'queue_bucket', queue_bucket`),
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
