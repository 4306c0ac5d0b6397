import {
  AGENT_RECIPIENT_REMOVAL_DETAIL,
  deriveOnboardingSteps,
  ERROR,
  hasChannel,
  INACTIVE_PRIMARY_DETAIL,
  type Recipient,
  type RecipientCreate,
  RecipientCreateSchema,
  type RecipientUpdate,
  recipientChannelProblem,
  SILENT_PRIMARY_DETAIL,
} from '@portal/shared';
import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Db, Tx } from '../../db/client';
import { type AgentRow, agents, type RecipientRow, recipients, type UserRow, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { dispatch } from '../../lib/outbox';
import { readSettings } from '../../lib/settings';
import { toAgentRecord } from '../agents/serialize';
import { activateIfOnboardingComplete } from '../agents/status';
import { portalVisible } from '../agents/visibility';
import { isEmailConfirmed, revokeRecipientLinks, writeInvitation } from './confirmation';

/** `user` is the agent's account: its verified address confirms the agent's own row. */
export function toRecipient(row: RecipientRow, user: UserRow): Recipient {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    email: row.email,
    send_sms: row.sendSms,
    send_email: row.sendEmail,
    phone_call: row.phoneCall,
    is_primary: row.isPrimary,
    is_active: row.isActive,
    is_agent: row.isAgent,
    email_confirmed: isEmailConfirmed(row, user),
    email_invited_at: row.emailInvitedAt ? row.emailInvitedAt.toISOString() : null,
  };
}

/** The agent, locked for this transaction, after checking the recipients part is visible to them. */
async function lockAgent(tx: Tx, user: UserRow): Promise<AgentRow> {
  const [agent] = await tx.select().from(agents).where(eq(agents.userId, user.id)).for('update');
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  const visible = await portalVisible(tx, agent, user.userRole, 'can_see_portal_recipients');
  if (!visible) throw forbidden('Lead routing is managed for you by your brokerage.');
  return agent;
}

/** The first recipient is always the agent: primary, with texts, e-mails and calls on. */
async function ensureAgentRecipient(tx: Tx, agent: AgentRow, user: UserRow): Promise<void> {
  const [existing] = await tx
    .select({ id: recipients.id })
    .from(recipients)
    .where(eq(recipients.agentId, agent.id))
    .limit(1);
  if (existing) return;
  await tx
    .insert(recipients)
    .values({
      agentId: agent.id,
      firstName: agent.agentFirstName || user.name?.split(' ')[0] || user.email.split('@')[0]!,
      lastName: agent.agentLastName,
      phoneNumber: agent.agentPhone,
      email: agent.agentEmail || user.email,
      sendSms: true,
      sendEmail: true,
      phoneCall: true,
      isPrimary: true,
      isActive: true,
      isAgent: true,
      position: 0,
    })
    .onConflictDoNothing();
}

/**
 * The agent is their own first recipient (SPEC.md section 9) even before they open the routing
 * page: lead delivery makes sure the row exists.
 */
export async function ensureAgentRecipientFor(tx: Tx, agentId: string): Promise<void> {
  const [existing] = await tx
    .select({ id: recipients.id })
    .from(recipients)
    .where(eq(recipients.agentId, agentId))
    .limit(1);
  if (existing) return;
  const [row] = await tx
    .select({ agent: agents, user: users })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(eq(agents.id, agentId));
  if (row) await ensureAgentRecipient(tx, row.agent, row.user);
}

const ordered = (tx: Tx, agentId: string) =>
  tx
    .select()
    .from(recipients)
    .where(eq(recipients.agentId, agentId))
    .orderBy(asc(recipients.position), asc(recipients.createdAt));

/** Writes the agent record's mirror of the list and its lead_routing step, in the same transaction. */
async function syncAgent(tx: Tx, agent: AgentRow): Promise<RecipientRow[]> {
  const rows = await ordered(tx, agent.id);
  const mirror = rows.map((r) => ({
    first_name: r.firstName,
    last_name: r.lastName,
    phone_number: r.phoneNumber,
    email: r.email,
    send_sms: r.sendSms,
    send_email: r.sendEmail,
    phone_call: r.phoneCall,
  }));
  const steps = deriveOnboardingSteps(toAgentRecord({ ...agent, recipients: mirror }));
  await tx
    .update(agents)
    .set({ recipients: mirror, onboardingSteps: steps as AgentRow['onboardingSteps'], updatedAt: sql`now()` })
    .where(eq(agents.id, agent.id));
  await activateIfOnboardingComplete(tx, agent.id);
  return rows;
}

export async function listRecipients(db: Db, user: UserRow): Promise<Recipient[]> {
  return db.transaction(async (tx) => {
    const agent = await lockAgent(tx, user);
    await ensureAgentRecipient(tx, agent, user);
    return (await syncAgent(tx, agent)).map((row) => toRecipient(row, user));
  });
}

async function clearPrimary(tx: Tx, agentId: string, except?: string) {
  await tx
    .update(recipients)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(recipients.agentId, agentId),
        eq(recipients.isPrimary, true),
        except ? ne(recipients.id, except) : undefined,
      ),
    );
}

/** A routing list has a ceiling (console > Settings > Quotas). */
export const recipientQuotaDetail = (limit: number) =>
  `Your routing list already has ${limit} people, the most an account can have. Remove someone to add someone else.`;

/**
 * Adds a recipient; one with an e-mail address is sent an invitation to confirm it (SECURITY.md
 * item 27), whatever its channels: the composer and the recipient portal use the address too.
 */
export async function addRecipient(deps: AppDeps, user: UserRow, input: RecipientCreate): Promise<Recipient> {
  const { db } = deps.database;
  const data = RecipientCreateSchema.parse(input);
  if (data.is_primary && !data.is_active) throw badRequest(INACTIVE_PRIMARY_DETAIL);
  if (data.is_primary && !hasChannel(data)) throw badRequest(SILENT_PRIMARY_DETAIL);
  const { quotas } = await readSettings(db);
  const { recipient, messageId } = await db.transaction(async (tx) => {
    const agent = await lockAgent(tx, user);
    await ensureAgentRecipient(tx, agent, user);
    // Counted under the agent's lock: two additions at once cannot both take the last place.
    const [last] = await tx
      .select({ position: max(recipients.position), people: count() })
      .from(recipients)
      .where(eq(recipients.agentId, agent.id));
    if ((last?.people ?? 0) >= quotas.recipients_per_agent) {
      throw badRequest(recipientQuotaDetail(quotas.recipients_per_agent));
    }
    if (data.is_primary) await clearPrimary(tx, agent.id);
    const [row] = await tx
      .insert(recipients)
      .values({
        agentId: agent.id,
        firstName: data.first_name,
        lastName: data.last_name,
        phoneNumber: data.phone_number,
        email: data.email,
        sendSms: data.send_sms,
        sendEmail: data.send_email,
        phoneCall: data.phone_call,
        isActive: data.is_active,
        isPrimary: data.is_primary,
        position: (last?.position ?? 0) + 1,
      })
      .returning();
    await syncAgent(tx, agent);
    const messageId = await writeInvitation(deps, tx, { agent, user, recipient: row! });
    await audit(tx, {
      action: 'recipient_added',
      actorId: user.id,
      targetType: 'recipient',
      targetId: row!.id,
    });
    const [saved] = await tx.select().from(recipients).where(eq(recipients.id, row!.id));
    return { recipient: toRecipient(saved!, user), messageId };
  });
  if (messageId) dispatch(deps.queue);
  return recipient;
}

async function ownRecipient(tx: Tx, agentId: string, id: string): Promise<RecipientRow> {
  const [row] = await tx
    .select()
    .from(recipients)
    .where(and(eq(recipients.id, id), eq(recipients.agentId, agentId)));
  // Another agent's recipient is "not found" (SECURITY.md item 15).
  if (!row) throw notFound('Recipient not found');
  return row;
}

/**
 * Updates a recipient. A new e-mail address is unconfirmed: the confirmation goes, the links
 * sent to the old address stop working, and the new address is invited.
 */
export async function updateRecipient(
  deps: AppDeps,
  user: UserRow,
  id: string,
  patch: RecipientUpdate,
): Promise<Recipient> {
  const { recipient, messageId } = await deps.database.db.transaction(async (tx) => {
    const agent = await lockAgent(tx, user);
    const current = await ownRecipient(tx, agent.id, id);
    const merged = {
      first_name: patch.first_name ?? current.firstName,
      last_name: patch.last_name ?? current.lastName,
      phone_number: patch.phone_number ?? current.phoneNumber,
      email: patch.email ?? current.email,
      send_sms: patch.send_sms ?? current.sendSms,
      send_email: patch.send_email ?? current.sendEmail,
      phone_call: patch.phone_call ?? current.phoneCall,
      is_active: patch.is_active ?? current.isActive,
      is_primary: patch.is_primary ?? current.isPrimary,
    };
    if (merged.is_primary && !merged.is_active) {
      throw badRequest(
        current.isPrimary
          ? 'Make another recipient primary before deactivating this one.'
          : INACTIVE_PRIMARY_DETAIL,
      );
    }
    if (current.isPrimary && patch.is_primary === false) {
      throw badRequest('There is always one primary recipient: make another one primary instead.');
    }
    const problem = recipientChannelProblem(merged);
    if (problem) throw badRequest(problem.message);
    if (merged.is_primary && !hasChannel(merged)) throw badRequest(SILENT_PRIMARY_DETAIL);
    if (merged.is_primary && !current.isPrimary) await clearPrimary(tx, agent.id, id);
    const newAddress = merged.email.trim().toLowerCase() !== current.email.trim().toLowerCase();
    if (newAddress) await revokeRecipientLinks(tx, id);
    const [row] = await tx
      .update(recipients)
      .set({
        firstName: merged.first_name,
        lastName: merged.last_name,
        phoneNumber: merged.phone_number,
        email: merged.email,
        sendSms: merged.send_sms,
        sendEmail: merged.send_email,
        phoneCall: merged.phone_call,
        isActive: merged.is_active,
        isPrimary: merged.is_primary,
        ...(newAddress ? { emailConfirmedAt: null, emailInvitedAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(recipients.id, id))
      .returning();
    await syncAgent(tx, agent);
    const messageId =
      newAddress && !isEmailConfirmed(row!, user)
        ? await writeInvitation(deps, tx, { agent, user, recipient: row! })
        : null;
    await audit(tx, {
      action: 'recipient_updated',
      actorId: user.id,
      targetType: 'recipient',
      targetId: id,
      details: { fields: Object.keys(patch) },
    });
    const [saved] = await tx.select().from(recipients).where(eq(recipients.id, id));
    return { recipient: toRecipient(saved!, user), messageId };
  });
  if (messageId) dispatch(deps.queue);
  return recipient;
}

export async function removeRecipient(db: Db, user: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const agent = await lockAgent(tx, user);
    const current = await ownRecipient(tx, agent.id, id);
    if (current.isAgent) throw badRequest(AGENT_RECIPIENT_REMOVAL_DETAIL);
    await tx.delete(recipients).where(eq(recipients.id, id));
    // The primary left: the agent takes the role back, told of leads at least by e-mail (a
    // primary is never silent, and the agent's own recipient always has an address).
    if (current.isPrimary) {
      await tx
        .update(recipients)
        .set({
          isPrimary: true,
          isActive: true,
          sendEmail: sql`${recipients.sendEmail} or not (${recipients.sendSms} or ${recipients.phoneCall})`,
        })
        .where(and(eq(recipients.agentId, agent.id), eq(recipients.isAgent, true)));
    }
    await syncAgent(tx, agent);
    await audit(tx, { action: 'recipient_removed', actorId: user.id, targetType: 'recipient', targetId: id });
  });
}
