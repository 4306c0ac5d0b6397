import { ERROR, type PortalLang, type RecipientContext, TOKEN_TTL_SECONDS } from '@portal/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { agents, oneTimeTokens, rateLimits, recipients, type UserRow, users } from '../../db/schema';
import {
  magicLinkMessage,
  passwordResetMessage,
  recipientMagicLinkMessage,
  verifyEmailMessage,
} from '../../emails/account';
import type { Email } from '../../emails/render';
import { QUEUES } from '../../jobs/queue';
import { audit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { sha256 } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';
import { peekTokenType, verifyLinkToken } from '../../lib/jwt';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits, resetRateLimit } from '../../lib/rate-limit';
import { confirmBySignIn } from '../recipients/confirmation';
import { agentServing, recipientContext, startRecipientSession } from '../recipients/sessions';
import { loginPairPrefix } from './login';
import { consumeLinkToken, issueLinkToken, type LinkType } from './one-time-tokens';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { type IssuedSession, revokeAllSessions, sessionRefusal, startSession } from './sessions';
import { findUserByEmail } from './users';

/**
 * Account e-mails (verify, reset, magic link). The request only counts the attempt and queues a
 * job carrying the address: known and unknown addresses take the same path and the same time
 * (SECURITY.md item 11). The job looks the address up and sends only to known accounts.
 */
export const ACCOUNT_EMAIL_PURPOSES = ['verify', 'reset', 'magic'] as const;
export type AccountEmailPurpose = (typeof ACCOUNT_EMAIL_PURPOSES)[number];
/** The job's data: `lang` only for a page in another language than English (a reset from /es/recovery). */
export interface AccountEmailJob {
  purpose: AccountEmailPurpose;
  email: string;
  lang?: PortalLang;
}

/** Throttles every endpoint that sends mail, per address and per IP (SECURITY.md item 12). */
export async function throttleMail(deps: AppDeps, purpose: string, email: string, ip: string) {
  const { rateLimits: limits } = deps.config;
  await enforceRateLimits(deps.database.db, [
    { key: `mail:${purpose}:to:${email.toLowerCase()}`, limit: limits.emailPerAddress, windowSeconds: 3600 },
    { key: `mail:ip:${ip}`, limit: limits.emailPerIp, windowSeconds: 3600 },
  ]);
}

export async function requestAccountEmail(
  deps: AppDeps,
  options: { purpose: AccountEmailPurpose; email: string; lang?: PortalLang; client: ClientInfo },
): Promise<void> {
  await throttleMail(deps, options.purpose, options.email, options.client.ip);
  const job: AccountEmailJob = { purpose: options.purpose, email: options.email.trim().toLowerCase() };
  if (options.lang && options.lang !== 'en') job.lang = options.lang;
  await deps.queue.send(QUEUES.accountEmail, job, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
}

const link = (deps: AppDeps, path: string) => `${deps.config.publicUrl}${path}`;

const PURPOSES: Record<
  AccountEmailPurpose,
  {
    type: LinkType;
    ttl: number;
    path: string;
    /** Whether the page the link opens has translations under a language prefix (/es/recovery/). */
    translated?: boolean;
    message: (url: string, lang: PortalLang) => Promise<Email>;
    wants: (user: UserRow) => boolean;
  }
> = {
  verify: {
    type: 'verify_email',
    ttl: TOKEN_TTL_SECONDS.verify_email,
    path: '/verify-email/',
    message: verifyEmailMessage,
    wants: (user) => !user.isVerified,
  },
  reset: {
    type: 'password_reset',
    ttl: TOKEN_TTL_SECONDS.password_reset,
    path: '/recovery/',
    translated: true,
    message: passwordResetMessage,
    wants: () => true,
  },
  magic: {
    type: 'default_login',
    ttl: TOKEN_TTL_SECONDS.magic_link,
    path: '/login/magic/',
    message: magicLinkMessage,
    wants: () => true,
  },
};

/** Issues the link token and writes the e-mail, in the caller's transaction; returns the message id. */
export async function writeAccountEmail(
  deps: AppDeps,
  tx: Executor,
  purpose: AccountEmailPurpose,
  user: UserRow,
  lang: PortalLang = 'en',
): Promise<string> {
  const spec = PURPOSES[purpose];
  // A page without translations is English: so is its e-mail.
  const language: PortalLang = spec.translated ? lang : 'en';
  const prefix = language === 'en' ? '' : `/${language}`;
  const token = await issueLinkToken(tx, {
    secret: deps.config.tokenSecret,
    type: spec.type,
    subject: user.id,
    userId: user.id,
    ttlSeconds: spec.ttl,
  });
  return addEmail(tx, deps.config, {
    to: user.email,
    ...(await spec.message(link(deps, `${prefix}${spec.path}${token}`), language)),
  });
}

/**
 * The job: sends the e-mail if the address belongs to an active account that wants it. A
 * sign-in link for an address with no account but listed as a lead recipient (a team member)
 * is a recipient link instead: it opens the limited recipient portal.
 */
export async function sendAccountEmail(
  deps: AppDeps,
  purpose: AccountEmailPurpose,
  email: string,
  lang: PortalLang = 'en',
): Promise<boolean> {
  const messageIds = await deps.database.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) {
      if (!user.isActive || !PURPOSES[purpose].wants(user)) return [];
      // A sign-in link would not sign a suspended or terminated agent in (ADR 28): none is sent.
      if (purpose === 'magic' && (await sessionRefusal(tx, user.id))) return [];
      return [await writeAccountEmail(deps, tx, purpose, user, lang)];
    }
    if (purpose !== 'magic') return [];
    const listed = await tx
      .select()
      .from(recipients)
      .innerJoin(agents, eq(agents.id, recipients.agentId))
      .where(
        and(
          sql`lower(${recipients.email}) = ${email.toLowerCase()}`,
          eq(recipients.isActive, true),
          eq(recipients.isAgent, false),
          agentServing,
        ),
      );
    const ids: string[] = [];
    for (const { recipients: recipient, agents: agent } of listed) {
      const agentName = agent.agent.trim() || `${agent.agentFirstName} ${agent.agentLastName}`.trim();
      const token = await issueLinkToken(tx, {
        secret: deps.config.tokenSecret,
        type: 'recipient_login',
        subject: recipient.id,
        userId: null,
        ttlSeconds: TOKEN_TTL_SECONDS.magic_link,
      });
      ids.push(
        await addEmail(tx, deps.config, {
          to: recipient.email,
          ...(await recipientMagicLinkMessage(link(deps, `/login/magic/${token}`), agentName)),
        }),
      );
    }
    return ids;
  });
  if (messageIds.length === 0) return false;
  dispatch(deps.queue);
  return true;
}

/**
 * GET /verify/:token (SPEC.md section 8): "Invalid token format" for something that is not a
 * link at all, "Verification failed" for a link that does not work (forged, expired, replaced,
 * used). Only the signed-in owner of a real link that was already used is told, with 409, that
 * the address is verified: to anyone else that link is just one that failed.
 */
export async function verifyEmail(deps: AppDeps, token: string, callerId?: string): Promise<UserRow> {
  if (token.split('.').length !== 3 || peekTokenType(token) === null) {
    throw badRequest(ERROR.invalidTokenFormat);
  }
  const { db } = deps.database;
  const verified = await db.transaction(async (tx) => {
    const result = await consumeLinkToken(tx, {
      secret: deps.config.tokenSecret,
      token,
      types: ['verify_email'],
    });
    if (!result.ok || !result.userId) return null;
    const [user] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, result.userId))
      .returning();
    if (!user) return null;
    await audit(tx, { action: 'email_verified', actorId: user.id, actorEmail: user.email });
    return user;
  });
  if (verified) return verified;
  if (callerId && (await usedByVerifiedOwner(db, token, callerId))) {
    throw new AppError('conflict', ERROR.emailAlreadyVerified);
  }
  throw badRequest(ERROR.verificationFailed);
}

/** Whether `token` is a verification link we issued, already spent, to `userId`, who is verified. */
async function usedByVerifiedOwner(db: Executor, token: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.type, 'verify_email'),
        eq(oneTimeTokens.userId, userId),
        isNotNull(oneTimeTokens.usedAt),
        eq(users.isVerified, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function confirmPasswordReset(
  deps: AppDeps,
  options: { token: string; newPassword: string; client: ClientInfo },
): Promise<void> {
  // Hashing is costly: count the attempt and check the link's signature before doing it.
  const { rateLimits: limits } = deps.config;
  await enforceRateLimits(deps.database.db, [
    {
      key: `reset-confirm:ip:${options.client.ip}`,
      limit: limits.codePerIp * 2,
      windowSeconds: limits.windowSeconds,
    },
  ]);
  const signed = await verifyLinkToken(deps.config.tokenSecret, options.token);
  if (!signed.ok || signed.claims.type !== 'password_reset') throw badRequest(ERROR.tokenInvalid);
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
    // The waits other addresses built up on this account go too: its owner proved who they are.
    await tx.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${loginPairPrefix(user.email)})`);
    await audit(tx, {
      action: 'password_reset',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
  });
}

export type MagicSignIn =
  | { kind: 'user'; session: IssuedSession; user: UserRow }
  | { kind: 'recipient'; sessionToken: string; context: RecipientContext };

export async function validateMagicToken(
  deps: AppDeps,
  options: { token: string; expectedType?: string; client: ClientInfo },
): Promise<MagicSignIn> {
  if (options.token.split('.').length !== 3) throw badRequest(ERROR.invalidTokenFormat);
  const type = peekTokenType(options.token);
  if (type === null) throw badRequest(ERROR.invalidTokenFormat);
  const expected = options.expectedType === 'user_login' ? 'default_login' : options.expectedType;
  if ((type !== 'default_login' && type !== 'recipient_login') || (expected && expected !== type)) {
    throw badRequest(ERROR.unsupportedTokenType);
  }

  // Spending the link and starting the session happen together, or not at all.
  return deps.database.db.transaction(async (tx): Promise<MagicSignIn> => {
    const result = await consumeLinkToken(tx, {
      secret: deps.config.tokenSecret,
      token: options.token,
      types: [type],
    });
    if (!result.ok) throw badRequest(ERROR.tokenInvalid);
    if (type === 'recipient_login') {
      const [row] = await tx
        .select({ recipient: recipients, agent: agents })
        .from(recipients)
        .innerJoin(agents, eq(agents.id, recipients.agentId))
        .where(and(eq(recipients.id, result.subject), eq(recipients.isActive, true), agentServing));
      if (!row) throw badRequest(ERROR.tokenInvalid);
      // The link went to the recipient's address (links to an earlier address were revoked when
      // it changed): signing in with it proves the mailbox, as the invitation's link does.
      await confirmBySignIn(tx, row.recipient);
      const sessionToken = await startRecipientSession(tx, {
        recipientId: row.recipient.id,
        ip: options.client.ip,
      });
      await audit(tx, {
        action: 'login_recipient',
        actorEmail: row.recipient.email,
        targetType: 'recipient',
        targetId: row.recipient.id,
        ip: options.client.ip,
      });
      return { kind: 'recipient', sessionToken, context: recipientContext(row.recipient, row.agent) };
    }
    if (!result.userId) throw badRequest(ERROR.tokenInvalid);
    const [user] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: sql`now()` })
      .where(and(eq(users.id, result.userId), eq(users.isActive, true)))
      .returning();
    if (!user) throw badRequest(ERROR.tokenInvalid);
    const session = await startSession(tx, {
      jwtSecret: deps.config.jwtSecret,
      userId: user.id,
      ip: options.client.ip,
      userAgent: options.client.userAgent,
    });
    await audit(tx, {
      action: 'login_magic_link',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
    return { kind: 'user', session, user };
  });
}

export { findUserByEmail };
