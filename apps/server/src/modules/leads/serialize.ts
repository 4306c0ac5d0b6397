import type { Lead, LeadType } from '@portal/shared';
import type { LeadRow } from '../../db/schema';

export function toLead(row: LeadRow): Lead {
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
          reason: row.routing.reason,
          candidates: row.routing.candidates,
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
