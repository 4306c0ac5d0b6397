import {
  type AdminAgentDetail,
  type AdminAgentPatch,
  type AdminAgentRow,
  type AdminAgentsQuery,
  type AgentStatus,
  allowedStatusChanges,
  isOnboardingComplete,
  isRatingRequired,
  ONBOARDING_SECTIONS,
  onboardingProgress,
  type PortalMe,
  type SignupStatus,
  sectionStatus,
} from '@portal/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Db, Executor } from '../../db/client';
import {
  type AgentRow,
  agents,
  auditLog,
  leadCounts,
  leads,
  recipients,
  signatureRequests,
  signatureSigners,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readSettings } from '../../lib/settings';
import { agentDisplayName } from '../agents/display-name';
import { loadAgentRecord } from '../agents/queries';
import { toAgentRecord, toUser } from '../agents/serialize';
import { activateIfOnboardingComplete, changeAgentStatus } from '../agents/status';
import { agentCapacity } from '../leads/capacity';
import { toLead } from '../leads/serialize';
import { ensureAgentRecipientFor } from '../recipients/service';
import { ensureFinalPdf } from '../signing/flow';
import { type ConsoleActor, toAuditEntry } from './common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AGENT_NOT_FOUND = 'Agent not found';

export async function findAgent(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AgentRow> {
  if (!UUID.test(id)) throw notFound(AGENT_NOT_FOUND);
  const query = db.select().from(agents).where(eq(agents.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(AGENT_NOT_FOUND);
  return row;
}

const displayName = (row: Pick<AgentRow, 'agent' | 'agentFirstName' | 'agentLastName'>) =>
  row.agent || `${row.agentFirstName} ${row.agentLastName}`.trim();

const SORTS = {
  name: sql`lower(${agents.agentLastName})`,
  email: sql`lower(${agents.agentEmail})`,
  agent_status: agents.agentStatus,
  signup_status: agents.signupStatus,
  created_at: agents.createdAt,
} as const;

/**
 * GET /admin/agents: a page of agents, searched by trigram (name, e-mail, phone digits, URI; a
 * ZIP the agent serves), filtered by statuses, in a stable order (id breaks ties).
 */
export async function listAgents(db: Db, query: AdminAgentsQuery) {
  const where: SQL[] = [];
  const q = query.q?.toLowerCase();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const terms: SQL[] = [sql`${agents.searchText} like ${`%${escapeLike(q)}%`}`];
    // A phone number typed with punctuation matches the digits kept in search_text.
    if (digits.length >= 4 && digits !== q) terms.push(sql`${agents.searchText} like ${`%${digits}%`}`);
    if (/^\d{5}$/.test(q)) terms.push(sql`${agents.zipcodes} @> array[${q}]::text[]`);
    where.push(sql`(${sql.join(terms, sql` or `)})`);
  }
  if (query.status) where.push(eq(agents.agentStatus, query.status));
  if (query.signup_status) where.push(eq(agents.signupStatus, query.signup_status));
  const condition = where.length ? and(...where) : undefined;
  const direction = query.order === 'asc' ? asc : desc;

  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: agents.id,
        userId: agents.userId,
        agent: agents.agent,
        agentFirstName: agents.agentFirstName,
        agentLastName: agents.agentLastName,
        agentEmail: agents.agentEmail,
        agentPhone: agents.agentPhone,
        brokerage: agents.brokerage,
        agentUri: agents.agentUri,
        agentStatus: agents.agentStatus,
        signupStatus: agents.signupStatus,
        zipCount: sql<number>`cardinality(${agents.zipcodes})`,
        leads30: sql<number>`coalesce((${agents.leadsCount}->>'l_30')::int, 0)`,
        corporateUserName: users.name,
        createdAt: agents.createdAt,
      })
      .from(agents)
      .leftJoin(users, eq(users.id, agents.corporateUserId))
      .where(condition)
      .orderBy(direction(SORTS[query.sort]), direction(agents.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(agents).where(condition),
  ]);
  const items: AdminAgentRow[] = rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    name: displayName(row),
    email: row.agentEmail,
    phone: row.agentPhone,
    brokerage: row.brokerage,
    agent_uri: row.agentUri,
    agent_status: row.agentStatus as AgentStatus,
    signup_status: row.signupStatus as SignupStatus,
    zip_count: Number(row.zipCount),
    leads_last_30_days: Number(row.leads30),
    corporate_user_name: row.corporateUserName,
    created_at: row.createdAt.toISOString(),
  }));
  return { items, total: count?.n ?? 0 };
}

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /admin/agents/:id: the whole record and what surrounds it, for the agent's console page. */
export async function agentDetail(deps: AppDeps, id: string): Promise<AdminAgentDetail> {
  const db = deps.database.db;
  const row = await findAgent(db, id);
  // The agent is their own first recipient: lead delivery makes that row when it is missing
  // (leads/delivery.ts), so the record shows it as delivery will find it, not an empty list.
  await db.transaction((tx) => ensureAgentRecipientFor(tx, row.id));
  const officeZone = deps.config.onboardingCalls.officeTimezone;
  const record = row.userId ? await loadAgentRecord(db, row.userId, { officeZone }) : null;
  const agent =
    record ?? toAgentRecord(row, { capacity: (await agentCapacity(db, row, { officeZone })).capacity });
  const [user] = row.userId ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
  const [requests, people, latest, counts, history] = await Promise.all([
    db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.agentId, row.id))
      .orderBy(desc(signatureRequests.createdAt)),
    db
      .select()
      .from(recipients)
      .where(eq(recipients.agentId, row.id))
      .orderBy(asc(recipients.position), asc(recipients.createdAt)),
    db
      .select()
      .from(leads)
      .where(eq(leads.agentId, row.id))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(20),
    db.select().from(leadCounts).where(eq(leadCounts.agentId, row.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'agent'), eq(auditLog.targetId, row.id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(50),
  ]);
  const signers = requests.length
    ? await db
        .select()
        .from(signatureSigners)
        .where(
          sql`${signatureSigners.requestId} in (${sql.join(
            requests.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(signatureSigners.signingOrder))
    : [];
  // The newest request of each kind is the agreement; older ones were replaced.
  const current = new Map<string, (typeof requests)[number]>();
  for (const request of requests) if (!current.has(request.kind)) current.set(request.kind, request);
  const base = `${deps.config.apiBase}/admin/agents/${row.id}/documents`;

  return {
    agent,
    user: user
      ? {
          id: user.id,
          email: user.email,
          name: user.name,
          is_active: user.isActive,
          is_verified: user.isVerified,
          created_at: user.createdAt.toISOString(),
        }
      : null,
    onboarding: {
      sections: ONBOARDING_SECTIONS.map((section) => ({
        section: section.id,
        title: section.title,
        status: sectionStatus(section, agent),
      })),
      percent: onboardingProgress(agent),
      complete: isOnboardingComplete(agent),
    },
    allowed_status_changes: [...allowedStatusChanges(row.agentStatus as AgentStatus)],
    agreements: [...current.values()].map((request) => ({
      kind: request.kind,
      title: request.title,
      status: request.status,
      provider: request.provider,
      created_at: request.createdAt.toISOString(),
      completed_at: request.completedAt?.toISOString() ?? null,
      signers: signers
        .filter((s) => s.requestId === request.id)
        .map((s) => ({
          role: s.role,
          name: s.name,
          email: s.email,
          signed_at: s.signedAt?.toISOString() ?? null,
        })),
      original_pdf_url: `${base}/${request.kind}?version=original`,
      final_pdf_url: request.status === 'completed' ? `${base}/${request.kind}?version=final` : null,
    })),
    recipients: people.map((p) => ({
      id: p.id,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone_number: p.phoneNumber,
      send_sms: p.sendSms,
      send_email: p.sendEmail,
      phone_call: p.phoneCall,
      is_primary: p.isPrimary,
      is_active: p.isActive,
      is_agent: p.isAgent,
    })),
    leads: {
      items: latest.map((row) => toLead(row, 'office')),
      counts: {
        active: counts.find((c) => c.status === 'active')?.n ?? 0,
        archived: counts.find((c) => c.status === 'archived')?.n ?? 0,
        closed: counts.find((c) => c.status === 'closed')?.n ?? 0,
      },
    },
    audit: history.map((row) => toAuditEntry(row)),
  };
}

/** The agreement PDF of one kind: the final copy when asked and signed, else the original. */
export async function agentDocument(
  deps: AppDeps,
  id: string,
  kind: 'service' | 'master',
  version: 'original' | 'final',
) {
  const db = deps.database.db;
  const row = await findAgent(db, id);
  const [request] = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.agentId, row.id), eq(signatureRequests.kind, kind)))
    .orderBy(desc(signatureRequests.createdAt))
    .limit(1);
  if (!request) throw notFound(`This agent has no ${kind} agreement yet`);
  const slug = `${request.title.toLowerCase().replaceAll(' ', '-')}-${displayName(row)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
  if (version === 'final') {
    if (request.status !== 'completed')
      throw new AppError('conflict', 'The agreement is not signed by everyone yet: download the original');
    // A DigiSigner agreement's final copy is fetched on first need.
    const loaded = request.finalKey ? null : await ensureFinalPdf(deps, request.id);
    const finalKey = request.finalKey ?? loaded!.request.finalKey!;
    return { stream: await deps.providers.storage.read(finalKey), filename: `${slug}.pdf` };
  }
  return { stream: await deps.providers.storage.read(request.originalKey), filename: `${slug}-unsigned.pdf` };
}

/** GET /admin/agents/:id/preview: exactly what GET /portal/me answers to this agent. */
export async function agentPreview(db: Db, id: string): Promise<PortalMe> {
  const row = await findAgent(db, id);
  if (!row.userId) throw notFound('This agent has no user account to preview');
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  const agent = await loadAgentRecord(db, row.userId);
  if (!user || !agent) throw notFound(AGENT_NOT_FOUND);
  const settings = await readSettings(db);
  return {
    ...toUser(user),
    agent_profile: agent,
    zipcodes: agent.zipcodes,
    rating_required: isRatingRequired(agent, new Date(), settings.rating_interval_days),
  };
}

/** Office-owned fields: API name -> column. */
const FIELD_COLUMNS = {
  wp_id: 'wpId',
  agent_uri: 'agentUri',
  crm_email: 'crmEmail',
  airport: 'airport',
  travel_notes: 'travelNotes',
  location_confirmed: 'locationConfirmed',
  mobile_device: 'mobileDevice',
  agent_tracking_phone_number: 'agentTrackingPhoneNumber',
  additional_tracking_phone_numbers: 'additionalTrackingPhoneNumbers',
  dial_out_num: 'dialOutNum',
  dial_out_num_seller: 'dialOutNumSeller',
  agent_call_notes: 'agentCallNotes',
  google_business_profile_name: 'googleBusinessProfileName',
  google_notes: 'googleNotes',
  gbp_link: 'gbpLink',
  google_sheet_id: 'googleSheetId',
  google_ads_date: 'googleAdsDate',
  total_ad_spend: 'totalAdSpend',
  referral_fee_percent: 'referralFeePercent',
  subagents: 'subagents',
  subagents_notes: 'subagentsNotes',
  onboarding_completed_override: 'onboardingCompletedOverride',
  can_see_portal_onboarding: 'canSeePortalOnboarding',
  can_see_portal_zips: 'canSeePortalZips',
  can_see_portal_recipients: 'canSeePortalRecipients',
  monthly_lead_cap: 'monthlyLeadCap',
} as const satisfies Partial<Record<keyof AdminAgentPatch, keyof AgentRow>>;

/** Values compared as data: the same object with its keys in another order is the same. */
const canonical = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      )
    : Array.isArray(value)
      ? value.map(canonical)
      : (value ?? null);
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * PATCH /admin/agents/:id: the office-owned fields, a status move (through the shared rule, with
 * its reason) and a signup reset, in one transaction with one audit row holding before and after.
 */
export async function patchAgent(deps: AppDeps, id: string, patch: AdminAgentPatch, actor: ConsoleActor) {
  await applyAgentPatch(deps, id, patch, actor).catch((error: unknown) => {
    // Two superusers giving the same URI at once: the unique index decides, the loser is told.
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505')
      throw new AppError('conflict', `The agent URI "${patch.agent_uri}" belongs to another agent`);
    throw error;
  });
  return agentDetail(deps, id);
}

async function applyAgentPatch(deps: AppDeps, id: string, patch: AdminAgentPatch, actor: ConsoleActor) {
  await deps.database.db.transaction(async (tx) => {
    const row = await findAgent(tx, id, { lock: true });
    const set: Partial<Record<keyof AgentRow, unknown>> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(FIELD_COLUMNS) as [
      keyof typeof FIELD_COLUMNS,
      keyof AgentRow,
    ][]) {
      const value = patch[field];
      if (value === undefined || same(row[column], value)) continue;
      set[column] = value;
      before[field] = row[column];
      after[field] = value;
    }
    if (patch.google) {
      const google = { ...row.google, ...patch.google };
      if (!same(google, row.google)) {
        set.google = google;
        before.google = row.google;
        after.google = google;
      }
    }
    if (patch.agent_uri && patch.agent_uri !== row.agentUri) {
      const [taken] = await tx
        .select({ id: agents.id })
        .from(agents)
        .where(eq(agents.agentUri, patch.agent_uri));
      if (taken)
        throw new AppError('conflict', `The agent URI "${patch.agent_uri}" belongs to another agent`);
    }
    if (patch.signup_status && patch.signup_status !== row.signupStatus) {
      set.signupStatus = patch.signup_status;
      before.signup_status = row.signupStatus;
      after.signup_status = patch.signup_status;
    }
    if (Object.keys(set).length > 0) {
      await tx
        .update(agents)
        .set({ ...(set as Partial<AgentRow>), updatedAt: sql`now()` })
        .where(eq(agents.id, row.id));
      await audit(tx, {
        action: 'admin_update_agent',
        actorId: actor.id,
        actorEmail: actor.email,
        actorName: actor.name,
        targetType: 'agent',
        targetId: row.id,
        targetName: agentDisplayName(row),
        details: { before, after, ...(patch.reason ? { reason: patch.reason } : {}) },
        ip: actor.ip,
      });
    }
    if (patch.agent_status && patch.agent_status !== row.agentStatus) {
      const [fresh] = await tx.select().from(agents).where(eq(agents.id, row.id));
      await changeAgentStatus(tx, fresh!, {
        to: patch.agent_status,
        actor: 'superuser',
        actorId: actor.id,
        actorEmail: actor.email,
        actorName: actor.name,
        reason: patch.reason!,
        ip: actor.ip,
      });
    } else if (patch.agent_status === row.agentStatus && Object.keys(set).length === 0) {
      throw badRequest(`The agent is already ${row.agentStatus}.`);
    }
    // The override can complete onboarding: the automatic move follows, as for the agent's own steps.
    if (patch.onboarding_completed_override) await activateIfOnboardingComplete(tx, row.id);
  });
}
