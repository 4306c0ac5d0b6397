import { EmailSchema, ERROR, TOKEN_TTL_SECONDS } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { agents, groupMemberships, groups, type UserRow, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { agentDisplayName } from '../agents/display-name';
import { consumeLinkToken, issueLinkToken } from '../auth/one-time-tokens';
import { type IssuedSession, startSession } from '../auth/sessions';
import { findUserByEmail } from '../auth/users';

/**
 * The office's operations on corporate users and groups (ADR 16): the admin CLI calls them today
 * and the superuser console will call the same ones. Each writes an audit row naming its actor.
 */

export interface Actor {
  id?: string | null;
  email: string;
  /** The superuser's name, kept with the audit row (the CLI has none). */
  name?: string | null;
  /** Where the request came from (the console); the CLI has none. */
  ip?: string | null;
}

export const CORPORATE_LINK_INVALID =
  'This sign-in link has already been used or has expired. Ask the portal support team for a new one.';

const conflict = (detail: string) => new AppError('conflict', detail);

async function corporateUserByEmail(db: Executor, rawEmail: string): Promise<UserRow> {
  const user = await findUserByEmail(db, rawEmail.trim().toLowerCase());
  if (!user) throw notFound(`No user has the e-mail ${rawEmail}`);
  if (user.userRole !== 'corporate') throw badRequest(`${user.email} is not a corporate user`);
  return user;
}

async function agentByEmail(db: Executor, rawEmail: string) {
  const user = await findUserByEmail(db, rawEmail.trim().toLowerCase());
  if (!user) throw notFound(`No user has the e-mail ${rawEmail}`);
  const [agent] = await db.select().from(agents).where(eq(agents.userId, user.id));
  if (!agent) throw badRequest(`${user.email} has no agent record`);
  return { user, agent };
}

export async function findGroup(db: Executor, groupId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(groupId))
    throw notFound(`No group has the id ${groupId}`);
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw notFound(`No group has the id ${groupId}`);
  return group;
}

/** A one-time sign-in link for a corporate user, valid for TOKEN_TTL_SECONDS.corporate_login. */
export async function corporateLoginLink(deps: AppDeps, rawEmail: string, actor: Actor): Promise<string> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const user = await corporateUserByEmail(tx, rawEmail);
    if (!user.isActive) throw badRequest(`${user.email} is deactivated: reactivate it first`);
    const token = await issueLinkToken(tx, {
      secret: deps.config.tokenSecret,
      type: 'corporate_login',
      subject: user.id,
      userId: user.id,
      ttlSeconds: TOKEN_TTL_SECONDS.corporate_login,
    });
    await audit(tx, {
      action: 'corporate_login_link',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'user',
      targetId: user.id,
      targetName: user.name || user.email,
      ip: actor.ip ?? null,
    });
    return `${deps.config.publicUrl}/login/corporate/${token}`;
  });
}

export async function createCorporateUser(
  deps: AppDeps,
  options: { email: string; name: string; referral_fee_percent?: number | null; actor: Actor },
): Promise<{ user: UserRow; link: string }> {
  const email = EmailSchema.safeParse(options.email);
  if (!email.success) throw badRequest(`"${options.email}" is not a valid e-mail address`);
  const name = options.name.trim();
  if (!name) throw badRequest('Give the corporate user a name (the office, e.g. "Summit Realty")');
  if (name.length > 200) throw badRequest('The name is too long (at most 200 characters)');
  const { db } = deps.database;
  const taken = () => conflict(`${email.data} already has an account`);
  const user = await db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email.data)) throw taken();
    // Two creates of one address at once both pass the check: the unique index decides.
    const [created] = await tx
      .insert(users)
      .values({
        email: email.data,
        name,
        userRole: 'corporate',
        referralFeePercent: options.referral_fee_percent ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw taken();
    await audit(tx, {
      action: 'create_corporate_user',
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      actorName: options.actor.name,
      targetType: 'user',
      targetId: created!.id,
      targetName: name,
      details: {
        after: { email: email.data, name, referral_fee_percent: options.referral_fee_percent ?? null },
      },
      ip: options.actor.ip ?? null,
    });
    return created!;
  });
  return { user, link: await corporateLoginLink(deps, user.email, options.actor) };
}

export async function createGroup(
  deps: AppDeps,
  options: { name: string; corporateEmail: string; actor: Actor },
) {
  const name = options.name.trim();
  if (!name) throw badRequest('Give the group a name');
  if (name.length > 200) throw badRequest('The group name is too long (at most 200 characters)');
  return deps.database.db.transaction(async (tx) => {
    const corporate = await corporateUserByEmail(tx, options.corporateEmail);
    const [group] = await tx.insert(groups).values({ name, corporateUserId: corporate.id }).returning();
    await audit(tx, {
      action: 'create_group',
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      actorName: options.actor.name,
      targetType: 'group',
      targetId: group!.id,
      targetName: name,
      details: {
        after: { name, corporate_user_id: corporate.id },
        office_id: corporate.id,
        office_name: corporate.name || corporate.email,
      },
      ip: options.actor.ip ?? null,
    });
    return group!;
  });
}

/**
 * Adds an agent to a group, or changes whether it manages it. An agent with no corporate user is
 * linked to the group's, so the office that owns the group sees it; one linked to another office
 * stays linked there (the group's office then counts it but does not see its leads).
 */
export async function addToGroup(
  deps: AppDeps,
  options: { groupId: string; agentEmail: string; isManager: boolean; actor: Actor },
) {
  return deps.database.db.transaction(async (tx) => {
    const group = await findGroup(tx, options.groupId);
    const { user, agent } = await agentByEmail(tx, options.agentEmail);
    const linked = !agent.corporateUserId && group.corporateUserId !== null;
    const [existing] = await tx
      .select({ isManager: groupMemberships.isManager })
      .from(groupMemberships)
      .where(and(eq(groupMemberships.groupId, group.id), eq(groupMemberships.agentId, agent.id)));
    if (linked) {
      await tx
        .update(agents)
        .set({ corporateUserId: group.corporateUserId, updatedAt: sql`now()` })
        .where(eq(agents.id, agent.id));
    }
    await tx
      .insert(groupMemberships)
      .values({ groupId: group.id, agentId: agent.id, isManager: options.isManager })
      .onConflictDoUpdate({
        target: [groupMemberships.groupId, groupMemberships.agentId],
        set: { isManager: options.isManager },
      });
    // Nothing changed (already a member, as manager or not): nothing to record.
    if (existing && existing.isManager === options.isManager && !linked)
      return {
        group,
        user,
        linkedToCorporate: false,
        otherOffice: agent.corporateUserId !== null && agent.corporateUserId !== group.corporateUserId,
      };
    await audit(tx, {
      // Promoting and demoting read as such, not as another "added".
      action: !existing
        ? options.isManager
          ? 'add_manager_to_group'
          : 'add_to_group'
        : options.isManager
          ? 'promote_manager'
          : 'demote_manager',
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      actorName: options.actor.name,
      targetType: 'group',
      targetId: group.id,
      targetName: group.name,
      details: {
        agent_id: agent.id,
        agent_name: agentDisplayName(agent, user),
        before: existing ? { member: true, is_manager: existing.isManager } : { member: false },
        after: {
          member: true,
          is_manager: options.isManager,
          ...(linked ? { corporate_user_id: group.corporateUserId } : {}),
        },
        linked_to_corporate: linked,
      },
      ip: options.actor.ip ?? null,
    });
    return {
      group,
      user,
      linkedToCorporate: linked,
      otherOffice: agent.corporateUserId !== null && agent.corporateUserId !== group.corporateUserId,
    };
  });
}

export async function removeFromGroup(
  deps: AppDeps,
  options: { groupId: string; agentEmail: string; actor: Actor },
) {
  return deps.database.db.transaction(async (tx) => {
    const group = await findGroup(tx, options.groupId);
    const { user, agent } = await agentByEmail(tx, options.agentEmail);
    const removed = await tx
      .delete(groupMemberships)
      .where(and(eq(groupMemberships.groupId, group.id), eq(groupMemberships.agentId, agent.id)))
      .returning();
    if (removed.length === 0) throw notFound(`${user.email} is not in the group ${group.name}`);
    await audit(tx, {
      action: 'remove_from_group',
      actorId: options.actor.id,
      actorEmail: options.actor.email,
      actorName: options.actor.name,
      targetType: 'group',
      targetId: group.id,
      targetName: group.name,
      details: {
        agent_id: agent.id,
        agent_name: agentDisplayName(agent, user),
        before: { member: true, is_manager: removed[0]!.isManager },
        after: { member: false },
      },
      ip: options.actor.ip ?? null,
    });
    return { group, user };
  });
}

/**
 * GET /login/corporate/:token: spends the link and starts a session, together or not at all.
 * Only an active corporate user signs in this way.
 */
export async function signInWithCorporateLink(
  deps: AppDeps,
  options: { token: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  // Guessing links is throttled per IP like guessing access codes (SECURITY.md item 13).
  await enforceRateLimits(deps.database.db, [
    {
      key: `corporate-link:ip:${options.client.ip}`,
      limit: deps.config.rateLimits.codePerIp,
      windowSeconds: deps.config.rateLimits.windowSeconds,
    },
  ]);
  if (options.token.split('.').length !== 3) throw badRequest(ERROR.invalidTokenFormat);
  return deps.database.db.transaction(async (tx) => {
    const result = await consumeLinkToken(tx, {
      secret: deps.config.tokenSecret,
      token: options.token,
      types: ['corporate_login'],
    });
    if (!result.ok || !result.userId) throw badRequest(CORPORATE_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: sql`now()` })
      .where(and(eq(users.id, result.userId), eq(users.isActive, true), eq(users.userRole, 'corporate')))
      .returning();
    if (!user) throw badRequest(CORPORATE_LINK_INVALID);
    const session = await startSession(tx, {
      jwtSecret: deps.config.jwtSecret,
      userId: user.id,
      ip: options.client.ip,
      userAgent: options.client.userAgent,
    });
    await audit(tx, {
      action: 'login_corporate_link',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
    return { session, user };
  });
}
