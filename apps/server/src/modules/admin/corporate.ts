import {
  type AdminCorporateUser,
  type AdminGroup,
  type AdminGroupDetail,
  type AgentStatus,
  TOKEN_TTL_SECONDS,
} from '@portal/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Db, Executor } from '../../db/client';
import { agents, groupMemberships, groups, sessionFamilies, users } from '../../db/schema';
import { corporateLinkMessage } from '../../emails/account';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import {
  addToGroup,
  corporateLoginLink,
  createCorporateUser,
  createGroup,
  findGroup,
  removeFromGroup,
} from '../corporate/service';
import { escapeLike, findAgent } from './agents';
import type { ConsoleActor } from './common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const expiresAt = () => new Date(Date.now() + TOKEN_TTL_SECONDS.corporate_login * 1000).toISOString();

// ---------------------------------------------------------------------------------------------
// Corporate users

const corporateColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isActive: users.isActive,
  createdAt: users.createdAt,
  referralFeePercent: users.referralFeePercent,
  // Spelled out: in a one-table select Drizzle leaves column names unqualified.
  agentCount: sql<number>`(select count(*)::int from agents a where a.corporate_user_id = "users"."id")`,
  groupCount: sql<number>`(select count(*)::int from groups g where g.corporate_user_id = "users"."id")`,
};

type CorporateRow = {
  id: string;
  email: string;
  name: string | null;
  isActive: boolean;
  createdAt: Date;
  referralFeePercent: number | null;
  agentCount: number;
  groupCount: number;
};

const toCorporateUser = (row: CorporateRow): AdminCorporateUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  is_active: row.isActive,
  agent_count: Number(row.agentCount),
  group_count: Number(row.groupCount),
  referral_fee_percent: row.referralFeePercent,
  created_at: row.createdAt.toISOString(),
});

const CORPORATE_SORTS = {
  name: sql`lower(coalesce(${users.name}, ${users.email}))`,
  email: sql`lower(${users.email})`,
  created_at: users.createdAt,
} as const;

export async function listCorporateUsers(
  db: Db,
  query: {
    q?: string;
    skip: number;
    limit: number;
    sort: keyof typeof CORPORATE_SORTS;
    order: 'asc' | 'desc';
  },
) {
  const direction = query.order === 'asc' ? asc : desc;
  const search = query.q ? `%${escapeLike(query.q)}%` : null;
  const condition = and(
    eq(users.userRole, 'corporate'),
    search ? sql`(${users.email} ilike ${search} or coalesce(${users.name}, '') ilike ${search})` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(corporateColumns)
      .from(users)
      .where(condition)
      .orderBy(direction(CORPORATE_SORTS[query.sort]), direction(users.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(condition),
  ]);
  return { items: rows.map(toCorporateUser), total: count?.n ?? 0 };
}

async function corporateUser(db: Executor, id: string): Promise<AdminCorporateUser> {
  if (!UUID.test(id)) throw notFound('Corporate user not found');
  const [row] = await db
    .select(corporateColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.userRole, 'corporate')));
  if (!row) throw notFound('Corporate user not found');
  return toCorporateUser(row);
}

/** Writes the sign-in e-mail and queues it: the superuser also sees the link, to pass it on. */
async function emailLink(deps: AppDeps, user: AdminCorporateUser, link: string) {
  await addEmail(deps.database.db, deps.config, {
    to: user.email,
    ...(await corporateLinkMessage(link, user.name || user.email)),
    meta: { userId: user.id },
  });
  dispatch(deps.queue);
}

export async function createCorporate(
  deps: AppDeps,
  input: { email: string; name: string; referral_fee_percent?: number | null },
  actor: ConsoleActor,
) {
  const { user, link } = await createCorporateUser(deps, { ...input, actor });
  const created = await corporateUser(deps.database.db, user.id);
  await emailLink(deps, created, link);
  return { user: created, link, expires_at: expiresAt() };
}

export async function sendCorporateLink(deps: AppDeps, id: string, actor: ConsoleActor) {
  const user = await corporateUser(deps.database.db, id);
  const link = await corporateLoginLink(deps, user.email, actor);
  await emailLink(deps, user, link);
  return { link, expires_at: expiresAt() };
}

export async function patchCorporateUser(
  deps: AppDeps,
  id: string,
  patch: { name?: string; is_active?: boolean; referral_fee_percent?: number | null },
  actor: ConsoleActor,
) {
  await deps.database.db.transaction(async (tx) => {
    const before = await corporateUser(tx, id);
    const unchanged =
      (patch.name === undefined || patch.name === before.name) &&
      (patch.is_active === undefined || patch.is_active === before.is_active) &&
      (patch.referral_fee_percent === undefined ||
        patch.referral_fee_percent === before.referral_fee_percent);
    if (unchanged) return;
    await tx
      .update(users)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.is_active !== undefined ? { isActive: patch.is_active } : {}),
        ...(patch.referral_fee_percent !== undefined
          ? { referralFeePercent: patch.referral_fee_percent }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    // A deactivated office is signed out everywhere at once.
    if (patch.is_active === false) {
      await tx
        .update(sessionFamilies)
        .set({ revokedAt: sql`now()`, revokedReason: 'deactivated' })
        .where(and(eq(sessionFamilies.userId, id), sql`${sessionFamilies.revokedAt} is null`));
    }
    await audit(tx, {
      action: 'admin_update_corporate_user',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'user',
      targetId: id,
      targetName: patch.name ?? (before.name || before.email),
      details: {
        before: {
          name: before.name,
          is_active: before.is_active,
          referral_fee_percent: before.referral_fee_percent,
        },
        after: {
          name: patch.name ?? before.name,
          is_active: patch.is_active ?? before.is_active,
          referral_fee_percent:
            patch.referral_fee_percent !== undefined
              ? patch.referral_fee_percent
              : before.referral_fee_percent,
        },
      },
      ip: actor.ip,
    });
  });
  return corporateUser(deps.database.db, id);
}

// ---------------------------------------------------------------------------------------------
// Groups

const groupColumns = {
  id: groups.id,
  name: groups.name,
  corporateUserId: groups.corporateUserId,
  corporateUserName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  createdAt: groups.createdAt,
  memberCount: sql<number>`(select count(*)::int from group_memberships m where m.group_id = "groups"."id")`,
  managerCount: sql<number>`(select count(*)::int from group_memberships m where m.group_id = "groups"."id" and m.is_manager)`,
};

type GroupRow = {
  id: string;
  name: string;
  corporateUserId: string | null;
  corporateUserName: string | null;
  createdAt: Date;
  memberCount: number;
  managerCount: number;
};

const toGroup = (row: GroupRow): AdminGroup => ({
  id: row.id,
  name: row.name,
  corporate_user_id: row.corporateUserId,
  corporate_user_name: row.corporateUserName,
  member_count: Number(row.memberCount),
  manager_count: Number(row.managerCount),
  created_at: row.createdAt.toISOString(),
});

export async function listGroups(
  db: Db,
  query: {
    q?: string;
    corporate_user_id?: string;
    skip: number;
    limit: number;
    sort: 'name' | 'created_at';
    order: 'asc' | 'desc';
  },
) {
  const direction = query.order === 'asc' ? asc : desc;
  const by = query.sort === 'created_at' ? groups.createdAt : sql`lower(${groups.name})`;
  const condition = and(
    query.q ? sql`${groups.name} ilike ${`%${escapeLike(query.q)}%`}` : undefined,
    query.corporate_user_id ? eq(groups.corporateUserId, query.corporate_user_id) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .leftJoin(users, eq(users.id, groups.corporateUserId))
      .where(condition)
      .orderBy(direction(by), direction(groups.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(groups).where(condition),
  ]);
  return { items: rows.map(toGroup), total: count?.n ?? 0 };
}

export async function groupDetail(db: Executor, id: string): Promise<AdminGroupDetail> {
  const group = await findGroup(db, id);
  const [[row], members] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .leftJoin(users, eq(users.id, groups.corporateUserId))
      .where(eq(groups.id, id)),
    db
      .select({
        agentId: agents.id,
        agent: agents.agent,
        first: agents.agentFirstName,
        last: agents.agentLastName,
        email: agents.agentEmail,
        status: agents.agentStatus,
        corporateUserId: agents.corporateUserId,
        isManager: groupMemberships.isManager,
      })
      .from(groupMemberships)
      .innerJoin(agents, eq(agents.id, groupMemberships.agentId))
      .where(eq(groupMemberships.groupId, id))
      .orderBy(desc(groupMemberships.isManager), asc(sql`lower(${agents.agentLastName})`), asc(agents.id)),
  ]);
  return {
    ...toGroup(row!),
    members: members.map((m) => ({
      agent_id: m.agentId,
      name: m.agent || `${m.first} ${m.last}`.trim(),
      email: m.email,
      agent_status: m.status as AgentStatus,
      is_manager: m.isManager,
      other_office: m.corporateUserId !== null && m.corporateUserId !== group.corporateUserId,
    })),
  };
}

export async function createGroupFor(
  deps: AppDeps,
  input: { name: string; corporate_user_id: string },
  actor: ConsoleActor,
) {
  const owner = await corporateUser(deps.database.db, input.corporate_user_id).catch(() => {
    throw badRequest('Choose the corporate user who owns the group');
  });
  const group = await createGroup(deps, { name: input.name, corporateEmail: owner.email, actor });
  return groupDetail(deps.database.db, group.id);
}

export async function renameGroup(deps: AppDeps, id: string, name: string, actor: ConsoleActor) {
  await deps.database.db.transaction(async (tx) => {
    const group = await findGroup(tx, id);
    await tx.update(groups).set({ name }).where(eq(groups.id, id));
    await audit(tx, {
      action: 'admin_rename_group',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'group',
      targetId: id,
      targetName: name,
      details: { before: { name: group.name }, after: { name }, old_name: group.name },
      ip: actor.ip,
    });
  });
  return groupDetail(deps.database.db, id);
}

export async function deleteGroup(deps: AppDeps, id: string, actor: ConsoleActor) {
  await deps.database.db.transaction(async (tx) => {
    const detail = await groupDetail(tx, id);
    await tx.delete(groups).where(eq(groups.id, id));
    await audit(tx, {
      action: 'admin_delete_group',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'group',
      targetId: id,
      targetName: detail.name,
      details: {
        before: {
          name: detail.name,
          corporate_user_id: detail.corporate_user_id,
          members: detail.members.map((m) => ({ agent_id: m.agent_id, is_manager: m.is_manager })),
        },
      },
      ip: actor.ip,
    });
  });
}

/** The agent's sign-in e-mail: the corporate service finds agents by it. */
async function agentEmail(db: Executor, agentId: string): Promise<string> {
  const agent = await findAgent(db, agentId).catch(() => {
    throw badRequest('Choose an agent');
  });
  if (!agent.userId) throw badRequest('This agent has no user account yet, so it cannot join a group');
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, agent.userId));
  if (!user) throw badRequest('This agent has no user account yet, so it cannot join a group');
  return user.email;
}

export async function putMember(
  deps: AppDeps,
  groupId: string,
  input: { agent_id: string; is_manager: boolean },
  actor: ConsoleActor,
) {
  await findGroup(deps.database.db, groupId);
  const email = await agentEmail(deps.database.db, input.agent_id);
  await addToGroup(deps, { groupId, agentEmail: email, isManager: input.is_manager, actor });
  return groupDetail(deps.database.db, groupId);
}

export async function deleteMember(deps: AppDeps, groupId: string, agentId: string, actor: ConsoleActor) {
  await findGroup(deps.database.db, groupId);
  const email = await agentEmail(deps.database.db, agentId);
  await removeFromGroup(deps, { groupId, agentEmail: email, actor });
  return groupDetail(deps.database.db, groupId);
}
