import { randomBytes } from 'node:crypto';
import { ERROR, SIGNUP_ENTRY_STATUS, TOKEN_TTL_SECONDS } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { accessCodes, agents, groupMemberships, rateLimits, type UserRow, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits, resetRateLimit } from '../../lib/rate-limit';
import {
  magicLinkMessage,
  passwordResetMessage,
  registrationAttemptMessage,
  verifyEmailMessage,
} from './emails';
import { peekTokenType } from './jwt';
import { consumeLinkToken, issueLinkToken } from './one-time-tokens';
import { assertAcceptablePassword, burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { type IssuedSession, revokeAllSessions, rotateRefreshToken, startSession } from './sessions';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

const loginKeys = (deps: AppDeps, email: string, ip: string) => {
  const { rateLimits: limits } = deps.config;
  return [
    {
      key: `login:account:${email.trim().toLowerCase()}`,
      limit: limits.loginPerAccount,
      windowSeconds: limits.windowSeconds,
    },
    { key: `login:ip:${ip}`, limit: limits.loginPerIp, windowSeconds: limits.windowSeconds },
  ];
};

/** POST /login. Unknown e-mail and wrong password look the same, in status, body and time. */
export async function login(
  deps: AppDeps,
  options: { email: string; password: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  const { db } = deps.database;
  const keys = loginKeys(deps, options.email, options.client.ip);
  await enforceRateLimits(db, keys);

  const user = await findUserByEmail(db, options.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, options.password);
  else await burnPasswordCheck(options.password);
  if (!user || !valid || !user.isActive) {
    await audit(db, {
      action: 'login_failed',
      actorEmail: options.email.slice(0, 254),
      ip: options.client.ip,
    });
    throw badRequest(ERROR.loginBadCredentials);
  }

  // A success clears the account's count and gives back the attempt it took from the address.
  await resetRateLimit(db, keys[0]!.key);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, keys[1]!.key));

  const session = await startSession(db, {
    jwtSecret: deps.config.jwtSecret,
    userId: user.id,
    ip: options.client.ip,
    userAgent: options.client.userAgent,
  });
  await audit(db, { action: 'login', actorId: user.id, actorEmail: user.email, ip: options.client.ip });
  return { session, user };
}

export async function refresh(
  deps: AppDeps,
  refreshToken: string,
): Promise<{ session: IssuedSession; user: UserRow }> {
  const result = await rotateRefreshToken(deps.database, { jwtSecret: deps.config.jwtSecret, refreshToken });
  if (!result.ok) throw new AppError('unauthorized', ERROR.notAuthenticated);
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, result.userId));
  if (!user || !user.isActive) {
    await revokeAllSessions(deps.database.db, result.userId, 'user inactive');
    throw new AppError('unauthorized', ERROR.notAuthenticated);
  }
  return { session: result.session, user };
}

/** Throttles every endpoint that sends mail, per address and per IP (SECURITY.md item 12). */
async function throttleMail(deps: AppDeps, purpose: string, email: string, ip: string) {
  const { rateLimits: limits } = deps.config;
  await enforceRateLimits(deps.database.db, [
    { key: `mail:${purpose}:to:${email.toLowerCase()}`, limit: limits.emailPerAddress, windowSeconds: 3600 },
    { key: `mail:ip:${ip}`, limit: limits.emailPerIp, windowSeconds: 3600 },
  ]);
}

const link = (deps: AppDeps, path: string) => `${deps.config.publicUrl}${path}`;

async function sendAccountEmail(
  deps: AppDeps,
  to: string,
  build: (token: string) => { subject: string; text: string; html: string; template: string },
  issue: (tx: Executor) => Promise<string>,
): Promise<void> {
  const id = await deps.database.db.transaction(async (tx) => {
    const token = await issue(tx);
    return addEmail(tx, deps.config, { to, ...build(token) });
  });
  await dispatch(deps.queue, id);
}

export async function requestEmailVerification(
  deps: AppDeps,
  email: string,
  client: ClientInfo,
): Promise<void> {
  await throttleMail(deps, 'verify', email, client.ip);
  const user = await findUserByEmail(deps.database.db, email);
  if (!user || !user.isActive || user.isVerified) return;
  await sendVerificationEmail(deps, user);
}

async function sendVerificationEmail(deps: AppDeps, user: UserRow): Promise<void> {
  await sendAccountEmail(
    deps,
    user.email,
    (token) => verifyEmailMessage(link(deps, `/verify-email/${token}`)),
    (tx) =>
      issueLinkToken(tx, {
        secret: deps.config.tokenSecret,
        type: 'verify_email',
        subject: user.id,
        userId: user.id,
        ttlSeconds: TOKEN_TTL_SECONDS.verify_email,
      }),
  );
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<UserRow> {
  const { db } = deps.database;
  const result = await consumeLinkToken(db, {
    secret: deps.config.tokenSecret,
    token,
    types: ['verify_email'],
  });
  if (!result.ok || !result.userId) throw badRequest(ERROR.verificationFailed);
  const [user] = await db
    .update(users)
    .set({ isVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, result.userId))
    .returning();
  if (!user) throw badRequest(ERROR.verificationFailed);
  await audit(db, { action: 'email_verified', actorId: user.id, actorEmail: user.email });
  return user;
}

export async function requestPasswordReset(deps: AppDeps, email: string, client: ClientInfo): Promise<void> {
  await throttleMail(deps, 'reset', email, client.ip);
  const user = await findUserByEmail(deps.database.db, email);
  if (!user || !user.isActive) return;
  await sendAccountEmail(
    deps,
    user.email,
    (token) => passwordResetMessage(link(deps, `/recovery/${token}`)),
    (tx) =>
      issueLinkToken(tx, {
        secret: deps.config.tokenSecret,
        type: 'password_reset',
        subject: user.id,
        userId: user.id,
        ttlSeconds: TOKEN_TTL_SECONDS.password_reset,
      }),
  );
}

export async function confirmPasswordReset(
  deps: AppDeps,
  options: { token: string; newPassword: string; client: ClientInfo },
): Promise<void> {
  // A weak password is refused before the link is spent, so the user can try another.
  assertAcceptablePassword(options.newPassword);
  const passwordHash = await hashPassword(options.newPassword);
  await deps.database.db.transaction(async (tx) => {
    const result = await consumeLinkToken(tx, {
      secret: deps.config.tokenSecret,
      token: options.token,
      types: ['password_reset'],
    });
    if (!result.ok || !result.userId) throw badRequest(ERROR.tokenInvalid);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, isVerified: true, updatedAt: sql`now()` })
      .where(and(eq(users.id, result.userId), eq(users.isActive, true)))
      .returning();
    if (!user) throw badRequest(ERROR.tokenInvalid);
    await revokeAllSessions(tx, user.id, 'password reset');
    await resetRateLimit(tx, `login:account:${user.email.toLowerCase()}`);
    await audit(tx, {
      action: 'password_reset',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
  });
}

export async function requestMagicLink(deps: AppDeps, email: string, client: ClientInfo): Promise<void> {
  await throttleMail(deps, 'magic', email, client.ip);
  const user = await findUserByEmail(deps.database.db, email);
  if (!user || !user.isActive) return;
  await sendAccountEmail(
    deps,
    user.email,
    (token) => magicLinkMessage(link(deps, `/login/magic/${token}`)),
    (tx) =>
      issueLinkToken(tx, {
        secret: deps.config.tokenSecret,
        type: 'default_login',
        subject: user.id,
        userId: user.id,
        ttlSeconds: TOKEN_TTL_SECONDS.magic_link,
      }),
  );
}

export async function validateMagicToken(
  deps: AppDeps,
  options: { token: string; expectedType?: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  if (options.token.split('.').length !== 3) throw badRequest(ERROR.invalidTokenFormat);
  const type = peekTokenType(options.token);
  if (type === null) throw badRequest(ERROR.invalidTokenFormat);
  const expected = options.expectedType === 'user_login' ? 'default_login' : options.expectedType;
  if (type !== 'default_login' || (expected && expected !== type))
    throw badRequest(ERROR.unsupportedTokenType);

  const { db } = deps.database;
  const result = await consumeLinkToken(db, {
    secret: deps.config.tokenSecret,
    token: options.token,
    types: ['default_login'],
  });
  if (!result.ok || !result.userId) throw badRequest(ERROR.tokenInvalid);
  const [user] = await db
    .update(users)
    .set({ isVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, result.userId), eq(users.isActive, true)))
    .returning();
  if (!user) throw badRequest(ERROR.tokenInvalid);
  const session = await startSession(db, {
    jwtSecret: deps.config.jwtSecret,
    userId: user.id,
    ip: options.client.ip,
    userAgent: options.client.userAgent,
  });
  await audit(db, {
    action: 'login_magic_link',
    actorId: user.id,
    actorEmail: user.email,
    ip: options.client.ip,
  });
  return { session, user };
}

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

/** POST /portal/register: creates the user and the agent record, and signs them in. */
export async function register(
  deps: AppDeps,
  options: { email: string; accessCode: string; password: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  await throttleAccessCodes(deps, options.client.ip);
  assertAcceptablePassword(options.password);
  const passwordHash = await hashPassword(options.password);
  const { db } = deps.database;
  const email = options.email.trim().toLowerCase();

  const outcome = await db.transaction(async (tx) => {
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
    if (code.groupId) await tx.insert(groupMemberships).values({ groupId: code.groupId, agentId: agent!.id });
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
    return { existing: false as const, user: user! };
  });

  if (outcome.existing) {
    // The owner hears about it (unless that mail is throttled); the caller learns only that
    // this registration failed. See docs/decisions/0004-registration-of-a-known-email.md.
    const mayMail = await throttleMail(deps, 'register', email, options.client.ip).then(
      () => true,
      () => false,
    );
    if (mayMail) {
      const id = await addEmail(db, deps.config, {
        to: email,
        ...registrationAttemptMessage(link(deps, '/login'), link(deps, '/recovery')),
      });
      await dispatch(deps.queue, id);
    }
    throw badRequest(ERROR.registrationFailed);
  }

  await sendVerificationEmail(deps, outcome.user);
  const session = await startSession(db, {
    jwtSecret: deps.config.jwtSecret,
    userId: outcome.user.id,
    ip: options.client.ip,
    userAgent: options.client.userAgent,
  });
  return { session, user: outcome.user };
}
