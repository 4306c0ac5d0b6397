import { randomBytes } from 'node:crypto';
import { ERROR, SIGNUP_ENTRY_STATUS } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { accessCodes, agents, groupMemberships, type UserRow, users } from '../../db/schema';
import { registrationAttemptMessage } from '../../emails/account';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { addEmail, dispatchSafely } from '../../lib/outbox';
import { enforceRateLimits } from '../../lib/rate-limit';
import { throttleMail, writeAccountEmail } from './links';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { type IssuedSession, startSession } from './sessions';
import { type ClientInfo, findUserByEmail } from './users';

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
 * POST /portal/register: creates the user and the agent record, writes the verification e-mail
 * and starts the session, all in one transaction: a failure leaves nothing behind.
 */
export async function register(
  deps: AppDeps,
  options: { email: string; accessCode: string; password: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  await throttleAccessCodes(deps, options.client.ip);
  assertAcceptablePassword(options.password);
  // Hashing is costly: only for a code that works (it is checked again, locked, below).
  if (!(await findUsableAccessCode(deps.database.db, options.accessCode)))
    throw badRequest(ERROR.invalidAccessCode);
  const passwordHash = await hashPassword(options.password);
  const { db } = deps.database;
  const email = options.email.trim().toLowerCase();

  let outcome:
    | { existing: true }
    | { existing: false; user: UserRow; session: IssuedSession; messageId: string };
  try {
    outcome = await db.transaction(async (tx) => {
      const code = await findUsableAccessCode(tx, options.accessCode, true);
      if (!code) throw badRequest(ERROR.invalidAccessCode);
      if (await findUserByEmail(tx, email)) return { existing: true as const };

      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, isAgent: true, userRole: 'agent' })
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
      const messageId = await writeAccountEmail(deps, tx, 'verify', user!);
      const session = await startSession(tx, {
        jwtSecret: deps.config.jwtSecret,
        userId: user!.id,
        ip: options.client.ip,
        userAgent: options.client.userAgent,
      });
      return { existing: false as const, user: user!, session, messageId };
    });
  } catch (error) {
    // Two registrations of one address at once: the second meets the unique index.
    if (!isUniqueViolation(error)) throw error;
    outcome = { existing: true };
  }

  if (outcome.existing) {
    await tellOwnerOfAttempt(deps, email, options.client.ip);
    throw badRequest(ERROR.registrationFailed);
  }
  await dispatchSafely(deps.queue, outcome.messageId);
  return { session: outcome.session, user: outcome.user };
}

/**
 * The owner of an existing account hears that someone tried to register with it (unless that
 * mail is throttled); the caller learns only that the registration failed (ADR 4).
 */
async function tellOwnerOfAttempt(deps: AppDeps, email: string, ip: string) {
  const mayMail = await throttleMail(deps, 'register', email, ip).then(
    () => true,
    () => false,
  );
  if (!mayMail) return;
  const id = await addEmail(deps.database.db, deps.config, {
    to: email,
    ...(await registrationAttemptMessage(
      `${deps.config.publicUrl}/login`,
      `${deps.config.publicUrl}/recovery`,
    )),
  });
  await dispatchSafely(deps.queue, id);
}
