import type { AdminAccessCode, AdminAccessCodeCreate, AdminAccessCodePatch } from '@portal/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { accessCodes, groups, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { escapeLike } from './agents';
import { type ConsoleActor, iso } from './common';

type AccessCodeRow = typeof accessCodes.$inferSelect;
const corporate = alias(users, 'corporate');
const SIGNUPS_SHOWN = 20;

/** Codes as the console shows them, with their binding's names and latest sign-ups. */
async function present(db: Executor, rows: AccessCodeRow[]): Promise<AdminAccessCode[]> {
  if (rows.length === 0) return [];
  const corporateIds = [...new Set(rows.map((r) => r.corporateUserId).filter((id): id is string => !!id))];
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is string => !!id))];
  const [owners, groupRows, signups] = await Promise.all([
    corporateIds.length
      ? db
          .select({ id: corporate.id, name: corporate.name, email: corporate.email })
          .from(corporate)
          .where(inArray(corporate.id, corporateIds))
      : [],
    groupIds.length
      ? db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds))
      : [],
    // The newest sign-ups of each code on the page (agents keep the code they joined with).
    db.execute<{ code: string; agent_id: string; name: string; email: string; created_at: string }>(sql`
      select s.code, s.agent_id, s.name, s.email, s.created_at from (
        select lower(a.access_code) as code, a.id as agent_id,
               coalesce(nullif(a.agent, ''), trim(a.agent_first_name || ' ' || a.agent_last_name)) as name,
               a.agent_email as email, a.created_at,
               row_number() over (partition by lower(a.access_code) order by a.created_at desc) as n
        from agents a
        where lower(a.access_code) in (${sql.join(
          rows.map((r) => sql`${r.code.toLowerCase()}`),
          sql`, `,
        )})
      ) s where s.n <= ${SIGNUPS_SHOWN} order by s.created_at desc`),
  ]);
  const signupRows = (Array.isArray(signups) ? signups : (signups as { rows: unknown[] }).rows) as {
    code: string;
    agent_id: string;
    name: string;
    email: string;
    created_at: string | Date;
  }[];
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    description: row.description,
    max_uses: row.maxUses,
    used_count: row.usedCount,
    expires_at: iso(row.expiresAt),
    disabled: row.disabledAt !== null,
    corporate_user_id: row.corporateUserId,
    corporate_user_name: (() => {
      const owner = owners.find((o) => o.id === row.corporateUserId);
      return owner ? owner.name || owner.email : null;
    })(),
    group_id: row.groupId,
    group_name: groupRows.find((g) => g.id === row.groupId)?.name ?? null,
    referral_fee_percent: row.referralFeePercent,
    created_at: row.createdAt.toISOString(),
    signups: signupRows
      .filter((s) => s.code === row.code.toLowerCase())
      .map((s) => ({
        agent_id: s.agent_id,
        name: s.name,
        email: s.email,
        created_at: new Date(s.created_at).toISOString(),
      })),
  }));
}

const CODE_SORTS = {
  code: sql`lower(${accessCodes.code})`,
  used_count: accessCodes.usedCount,
  expires_at: accessCodes.expiresAt,
  created_at: accessCodes.createdAt,
} as const;

export async function listAccessCodes(
  db: Db,
  query: { q?: string; skip: number; limit: number; sort: keyof typeof CODE_SORTS; order: 'asc' | 'desc' },
) {
  const direction = query.order === 'asc' ? asc : desc;
  const condition = query.q
    ? sql`(${accessCodes.code} ilike ${`%${escapeLike(query.q)}%`} or coalesce(${accessCodes.description}, '') ilike ${`%${escapeLike(query.q)}%`})`
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(accessCodes)
      .where(condition)
      .orderBy(direction(CODE_SORTS[query.sort]), direction(accessCodes.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(accessCodes).where(condition),
  ]);
  return { items: await present(db, rows), total: count?.n ?? 0 };
}

async function findCode(db: Executor, code: string, lock = false): Promise<AccessCodeRow> {
  const query = db
    .select()
    .from(accessCodes)
    .where(sql`lower(${accessCodes.code}) = ${code.trim().toLowerCase()}`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`No access code ${code}`);
  return row;
}

/**
 * A code's corporate user and group: the user must be a corporate user, the group must exist and
 * belong to that user; a group alone binds its office too (as the CLI does).
 */
async function checkBinding(db: Executor, corporateUserId: string | null, groupId: string | null) {
  let owner = corporateUserId;
  if (corporateUserId) {
    const [user] = await db.select().from(users).where(eq(users.id, corporateUserId));
    if (!user || user.userRole !== 'corporate') throw badRequest('Choose a corporate user for the code');
  }
  if (groupId) {
    const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
    if (!group) throw badRequest('The group chosen for the code does not exist');
    if (owner && group.corporateUserId !== owner)
      throw badRequest(`The group ${group.name} belongs to another corporate user`);
    owner = group.corporateUserId;
  }
  return { corporateUserId: owner, groupId };
}

const expiryProblem = (value: string | null | undefined) =>
  value && Date.parse(value) < Date.now() ? 'The expiry is in the past: choose a later date' : null;

export async function createAccessCode(db: Db, input: AdminAccessCodeCreate, actor: ConsoleActor) {
  const problem = expiryProblem(input.expires_at);
  if (problem) throw badRequest(problem);
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: accessCodes.id })
      .from(accessCodes)
      .where(sql`lower(${accessCodes.code}) = ${input.code.toLowerCase()}`);
    if (existing) throw new AppError('conflict', `The access code ${input.code} already exists`);
    const binding = await checkBinding(tx, input.corporate_user_id ?? null, input.group_id ?? null);
    const [created] = await tx
      .insert(accessCodes)
      .values({
        code: input.code,
        description: input.description || null,
        maxUses: input.max_uses ?? null,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        corporateUserId: binding.corporateUserId,
        groupId: binding.groupId,
        referralFeePercent: input.referral_fee_percent ?? null,
        createdById: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('conflict', `The access code ${input.code} already exists`);
    await audit(tx, {
      action: 'admin_create_access_code',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'access_code',
      targetName: created.code,
      targetId: created.code,
      details: { after: snapshot(created) },
      ip: actor.ip,
    });
    return created;
  });
  return (await present(db, [row]))[0]!;
}

const snapshot = (row: AccessCodeRow) => ({
  description: row.description,
  max_uses: row.maxUses,
  expires_at: iso(row.expiresAt),
  disabled: row.disabledAt !== null,
  corporate_user_id: row.corporateUserId,
  group_id: row.groupId,
  referral_fee_percent: row.referralFeePercent,
});

export async function patchAccessCode(
  db: Db,
  code: string,
  patch: AdminAccessCodePatch,
  actor: ConsoleActor,
) {
  const row = await db.transaction(async (tx) => {
    const current = await findCode(tx, code, true);
    const set: Partial<AccessCodeRow> = {};
    if (patch.description !== undefined) set.description = patch.description || null;
    if (patch.referral_fee_percent !== undefined) set.referralFeePercent = patch.referral_fee_percent;
    if (patch.max_uses !== undefined) {
      if (patch.max_uses !== null && patch.max_uses < current.usedCount)
        throw badRequest(
          `The code was already used ${current.usedCount} times: allow at least that many uses`,
        );
      set.maxUses = patch.max_uses;
    }
    if (patch.expires_at !== undefined) {
      const problem = expiryProblem(patch.expires_at);
      if (problem) throw badRequest(problem);
      set.expiresAt = patch.expires_at ? new Date(patch.expires_at) : null;
    }
    if (patch.disabled !== undefined)
      set.disabledAt = patch.disabled ? (current.disabledAt ?? new Date()) : null;
    if (patch.corporate_user_id !== undefined || patch.group_id !== undefined) {
      const binding = await checkBinding(
        tx,
        patch.corporate_user_id !== undefined ? patch.corporate_user_id : current.corporateUserId,
        patch.group_id !== undefined ? patch.group_id : current.groupId,
      );
      set.corporateUserId = binding.corporateUserId;
      set.groupId = binding.groupId;
    }
    const [updated] = Object.keys(set).length
      ? await tx.update(accessCodes).set(set).where(eq(accessCodes.id, current.id)).returning()
      : [current];
    // Nothing changed: nothing to record.
    if (JSON.stringify(snapshot(current)) === JSON.stringify(snapshot(updated!))) return current;
    await audit(tx, {
      action: 'admin_update_access_code',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'access_code',
      targetName: current.code,
      targetId: current.code,
      details: { before: snapshot(current), after: snapshot(updated!) },
      ip: actor.ip,
    });
    return updated!;
  });
  return (await present(db, [row]))[0]!;
}

/** Codes usable right now (the overview's figure). */
export const usableCodesCondition = and(
  sql`${accessCodes.disabledAt} is null`,
  sql`(${accessCodes.expiresAt} is null or ${accessCodes.expiresAt} > now())`,
  sql`(${accessCodes.maxUses} is null or ${accessCodes.usedCount} < ${accessCodes.maxUses})`,
);
