import { randomBytes } from 'node:crypto';
import { ERROR, SIGNUP_ENTRY_STATUS, TOKEN_TTL_SECONDS } from '@portal/shared';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import {
  accessCodes,
  agents,
  groupMemberships,
  pendingRegistrations,
  type UserRow,
  users,
} from '../../db/schema';
import { registrationAttemptMessage, registrationLinkMessage } from '../../emails/account';
import { audit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { badRequest } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits } from '../../lib/rate-limit';
import { throttleMail } from './links';
import { consumeLinkToken, issueLinkToken } from './one-time-tokens';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { type IssuedSession, startSession } from './sessions';
import { findUserByEmail } from './users';

async function throttleAccessCodes(deps: AppDeps, ip: string) {
  await enforceRateLimits(deps.database.db, [
    {
      key: `access-code:ip:${ip}`,
      limit: deps.config.rateLimits.codePerIp,
      windowSeconds: deps.config.rateLimits.windowSeconds,
    },
  ]);
}

async function findUsableAccessCode(db: Executor, code: string, lock = false) {
  const query = db
    .select()
    .from(accessCodes)
    .where(
      and(
        sql`lower(${accessCodes.code}) = ${code.trim().toLowerCase()}`,
        sql`${accessCodes.disabledAt} is null`,
        sql`(${accessCodes.expiresAt} is null or ${accessCodes.expiresAt} > now())`,
        sql`(${accessCodes.maxUses} is null or ${accessCodes.usedCount} < ${accessCodes.maxUses})`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** POST /portal/signup: is this access code good for joining? Guessing is throttled per IP. */
export async function checkSignup(
  deps: AppDeps,
  options: { email: string; accessCode: string; client: ClientInfo },
) {
  await throttleAccessCodes(deps, options.client.ip);
  const code = await findUsableAccessCode(deps.database.db, options.accessCode);
  if (!code) throw badRequest(ERROR.invalidAccessCode);
  return { email: options.email, access_code: code.code, valid: true as const };
}

const slug = (email: string) =>
  (email.split('@')[0] ?? 'agent')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'agent';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * POST /portal/register: one answer for every address (SECURITY.md item 4). Both paths check
 * the code, hash the password and write one e-mail in one transaction, so they also take about
 * the same time. A new address gets a pending registration and the link that creates the
 * account; an address with an account gets a note to its owner. Nothing is created in `users`
 * until the link is opened, so a password tried at /login afterwards tells nothing either.
 */
export async function register(
  deps: AppDeps,
  options: { email: string; accessCode: string; password: string; client: ClientInfo },
): Promise<void> {
  await throttleAccessCodes(deps, options.client.ip);
  assertAcceptablePassword(options.password);
  // Hashing is costly: only for a code that works (it is checked again, locked, when the link is opened).
  if (!(await findUsableAccessCode(deps.database.db, options.accessCode)))
    throw badRequest(ERROR.invalidAccessCode);
  const email = options.email.trim().toLowerCase();
  // Counted for every address alike: a refusal here says nothing about the account.
  await throttleMail(deps, 'register', email, options.client.ip);
  const passwordHash = await hashPassword(options.password);

  await deps.database.db.transaction(async (tx) => {
    const code = await findUsableAccessCode(tx, options.accessCode);
    if (!code) throw badRequest(ERROR.invalidAccessCode);
    // Two requests for one address wait for each other: the newest replaces the earlier.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${email}`}))`);
    if (await findUserByEmail(tx, email)) {
      return addEmail(tx, deps.config, {
        to: email,
        ...(await registrationAttemptMessage(
          `${deps.config.publicUrl}/login`,
          `${deps.config.publicUrl}/recovery`,
        )),
      });
    }
    await tx
      .delete(pendingRegistrations)
      .where(or(eq(pendingRegistrations.email, email), lt(pendingRegistrations.expiresAt, sql`now()`)));
    const [pending] = await tx
      .insert(pendingRegistrations)
      .values({
        email,
        accessCodeId: code.id,
        passwordHash,
        ip: options.client.ip,
        expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS.registration})`,
      })
      .returning({ id: pendingRegistrations.id });
    const token = await issueLinkToken(tx, {
      secret: deps.config.tokenSecret,
      type: 'registration',
      subject: pending!.id,
      userId: null,
      ttlSeconds: TOKEN_TTL_SECONDS.registration,
    });
    return addEmail(tx, deps.config, {
      to: email,
      ...(await registrationLinkMessage(`${deps.config.publicUrl}/signup/confirm/${token}`)),
    });
  });
  dispatch(deps.queue);
}

/**
 * POST /portal/register/confirm: the e-mailed link creates the user and the agent record at
 * signup_status mailingAddress and starts the session, all in one transaction: a failure leaves
 * nothing behind and the link unspent. Opening it proves the address, so the user is verified.
 */
export async function confirmRegistration(
  deps: AppDeps,
  options: { token: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  const { db } = deps.database;
  try {
    return await db.transaction(async (tx) => {
      const spent = await consumeLinkToken(tx, {
        secret: deps.config.tokenSecret,
        token: options.token,
        types: ['registration'],
      });
      if (!spent.ok) throw badRequest(ERROR.tokenInvalid);
      // The address's lock first, then its pending row, in the order a new registration of the
      // same address takes them: a link opened during "Send the link again" waits, never deadlocks.
      const [found] = await tx
        .select({ email: pendingRegistrations.email })
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.id, spent.subject));
      if (!found) throw badRequest(ERROR.tokenInvalid);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${found.email}`}))`);
      const [pending] = await tx
        .delete(pendingRegistrations)
        .where(
          and(eq(pendingRegistrations.id, spent.subject), gt(pendingRegistrations.expiresAt, sql`now()`)),
        )
        .returning();
      if (!pending) throw badRequest(ERROR.tokenInvalid);
      const email = pending.email;
      if (await findUserByEmail(tx, email)) throw badRequest(ERROR.accountExists);
      const [code] = await tx
        .select()
        .from(accessCodes)
        .where(
          and(
            eq(accessCodes.id, pending.accessCodeId),
            sql`${accessCodes.disabledAt} is null`,
            sql`(${accessCodes.expiresAt} is null or ${accessCodes.expiresAt} > now())`,
            sql`(${accessCodes.maxUses} is null or ${accessCodes.usedCount} < ${accessCodes.maxUses})`,
          ),
        )
        .for('update');
      if (!code) throw badRequest(ERROR.invalidAccessCode);

      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: pending.passwordHash,
          isAgent: true,
          userRole: 'agent',
          isVerified: true,
        })
        .returning();
      const [agent] = await tx
        .insert(agents)
        .values({
          userId: user!.id,
          agentEmail: email,
          agentUri: `${slug(email)}-${randomBytes(3).toString('hex')}`,
          accessCode: code.code,
          signupStatus: SIGNUP_ENTRY_STATUS,
          signUpDate: sql`now()`,
          corporateUserId: code.corporateUserId,
          createdById: user!.id,
        })
        .returning();
      if (code.groupId)
        await tx.insert(groupMemberships).values({ groupId: code.groupId, agentId: agent!.id });
      await tx
        .update(accessCodes)
        .set({ usedCount: sql`${accessCodes.usedCount} + 1` })
        .where(eq(accessCodes.id, code.id));
      await audit(tx, {
        action: 'register',
        actorId: user!.id,
        actorEmail: email,
        targetType: 'agent',
        targetId: agent!.id,
        details: { access_code: code.code },
        ip: options.client.ip,
      });
      const session = await startSession(tx, {
        jwtSecret: deps.config.jwtSecret,
        userId: user!.id,
        ip: options.client.ip,
        userAgent: options.client.userAgent,
      });
      return { user: user!, session };
    });
  } catch (error) {
    // An account made for the address at the same moment (by a superuser): the unique index.
    if (isUniqueViolation(error)) throw badRequest(ERROR.accountExists);
    throw error;
  }
}
