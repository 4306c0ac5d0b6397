import { SIGNING_DOCUMENT_STEPS, SIGNING_MESSAGES, signingMessages } from '@portal/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { agents, signatureEvents, signatureRequests, signatureSigners } from '../../db/schema';
import { brokerSigningEmail, completedEmail } from '../../emails/signing';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { type ProviderSignerStatus, SigningProviderError } from '../../providers/signing/interface';
import { activateIfOnboardingComplete } from '../agents/status';
import { linkExpiry, newLinkNonce, signingUrl } from './links';
import { finaliseAgreementPdf } from './pdf';
import { currentSigner, type LoadedRequest, loadRequest, saveAgentDocument } from './records';

/** The name printed as the issuer and the e-mails' sender. */
export const COMPANY = 'Agent Portal';

export const storageKey = (agentId: string, requestId: string, which: string) =>
  `agreements/${agentId}/${requestId}/${which}.pdf`;

export interface EventInput {
  requestId: string;
  signerId?: string | null;
  kind: 'created' | 'viewed' | 'signed' | 'link_sent' | 'reminder_sent' | 'completed' | 'cancelled';
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

export async function recordEvent(db: Executor, event: EventInput): Promise<void> {
  await db.insert(signatureEvents).values({
    requestId: event.requestId,
    signerId: event.signerId ?? null,
    kind: event.kind,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    details: event.details ?? {},
  });
}

/** Dates in the signing e-mails read in the agent's time zone: the broker works where they do. */
async function agentTimezone(db: Executor, agentId: string): Promise<string | null> {
  const [agent] = await db.select({ timezone: agents.timezone }).from(agents).where(eq(agents.id, agentId));
  return agent?.timezone ?? null;
}

const brokerOf = (loaded: LoadedRequest) => loaded.signers.find((s) => s.role === 'Broker') ?? null;

/**
 * Writes the e-mail that sends the broker a signing link, in the caller's transaction (the caller
 * holds the request locked). Built-in: a fresh link, which replaces any earlier one. DigiSigner:
 * the broker's address at DigiSigner. Returns the outbox id to dispatch after commit.
 */
export async function queueBrokerEmail(
  tx: Executor,
  deps: AppDeps,
  loaded: LoadedRequest,
  reason: 'first' | 'reminder' | 'resend',
): Promise<string> {
  const { config } = deps;
  const broker = brokerOf(loaded);
  if (!broker) throw notFound(SIGNING_MESSAGES.brokerSignerNotFound);
  let link: string | null;
  let expiresAt: Date | null = null;
  if (loaded.request.provider === 'builtin') {
    const nonce = newLinkNonce();
    expiresAt = linkExpiry();
    await tx
      .update(signatureSigners)
      .set({ linkNonce: nonce, linkExpiresAt: expiresAt })
      .where(eq(signatureSigners.id, broker.id));
    broker.linkNonce = nonce;
    broker.linkExpiresAt = expiresAt;
    link = signingUrl(config, broker.id, nonce);
  } else {
    link = broker.providerSignUrl;
  }
  if (!link) throw new AppError('unavailable', signingMessages(loaded.request.provider).retrieveError);
  const agent = loaded.signers.find((s) => s.signingOrder === 1);
  const email = await brokerSigningEmail({
    brokerName: broker.name,
    agentName: agent?.name ?? 'Your agent',
    link,
    reminder: reason === 'reminder' ? loaded.request.remindersSent + 1 : 0,
    expiresAt,
    timezone: await agentTimezone(tx, loaded.request.agentId),
  });
  const id = await addEmail(tx, config, {
    to: broker.email,
    from: config.officeEmail,
    ...email,
    meta: { agentId: loaded.request.agentId, signatureRequestId: loaded.request.id },
  });
  const now = new Date();
  const [updated] = await tx
    .update(signatureRequests)
    .set({
      brokerEmailSentAt: loaded.request.brokerEmailSentAt ?? now,
      lastBrokerEmailAt: now,
      ...(reason === 'reminder' ? { remindersSent: sql`${signatureRequests.remindersSent} + 1` } : {}),
    })
    .where(eq(signatureRequests.id, loaded.request.id))
    .returning();
  loaded.request = updated!;
  await recordEvent(tx, {
    requestId: loaded.request.id,
    signerId: broker.id,
    kind: reason === 'reminder' ? 'reminder_sent' : 'link_sent',
    details: { to: broker.email, reason },
  });
  return id;
}

export interface AfterSignature {
  completed: boolean;
  /** Outbox messages to dispatch after commit. */
  messages: string[];
  brokerEmailedNow: boolean;
}

/**
 * What follows a signature, in the same transaction: when everyone has signed, the request is
 * completed and the onboarding step set (which may make the agent active); when only the agent
 * has signed the master agreement, the broker is e-mailed, once (`email_sent`).
 */
export async function afterSignature(
  tx: Executor,
  deps: AppDeps,
  loaded: LoadedRequest,
): Promise<AfterSignature> {
  const result: AfterSignature = { completed: false, messages: [], brokerEmailedNow: false };
  const next = currentSigner(loaded.signers);
  if (!next) {
    const [completed] = await tx
      .update(signatureRequests)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(signatureRequests.id, loaded.request.id), eq(signatureRequests.status, 'pending')))
      .returning();
    if (completed) {
      loaded.request = completed;
      const step = SIGNING_DOCUMENT_STEPS[completed.kind];
      await tx
        .update(agents)
        .set({
          onboardingSteps: sql`${agents.onboardingSteps} || jsonb_build_object(${step}::text, true)`,
          updatedAt: sql`now()`,
        })
        .where(eq(agents.id, completed.agentId));
      await recordEvent(tx, { requestId: completed.id, kind: 'completed' });
      await activateIfOnboardingComplete(tx, completed.agentId);
      result.completed = true;
    }
  } else if (next.role === 'Broker' && loaded.request.brokerEmailSentAt === null) {
    result.messages.push(await queueBrokerEmail(tx, deps, loaded, 'first'));
    result.brokerEmailedNow = true;
  }
  await saveAgentDocument(tx, deps.config, loaded);
  return result;
}

/** After the commit: send the e-mails, then make the final PDF of a completed request. */
export async function afterCommit(deps: AppDeps, requestId: string, after: AfterSignature): Promise<void> {
  if (after.messages.length > 0) dispatch(deps.queue);
  if (after.completed) {
    try {
      await ensureFinalPdf(deps, requestId);
    } catch (error) {
      // The request is complete either way; the next status check or download makes the PDF.
      console.warn('[signing] final PDF not made yet', requestId, (error as Error).message);
    }
  }
}

/**
 * The completed agreement's final PDF, made once: the signatures placed (built-in) or DigiSigner's
 * signed copy, plus the audit certificate page. Kept in storage with its SHA-256 for /verify-document.
 */
export async function ensureFinalPdf(deps: AppDeps, requestId: string): Promise<LoadedRequest> {
  const { database, providers, config } = deps;
  const loaded = await loadRequest(database.db, requestId);
  if (!loaded) throw notFound(signingMessages(providers.signing.name).documentIdNotFound);
  const { request, signers } = loaded;
  if (request.status !== 'completed' || request.finalKey) return loaded;

  let source: Buffer;
  try {
    if (request.provider === 'builtin') {
      source = await readAll(await providers.storage.read(request.originalKey));
    } else {
      const signed = await providers.signing.downloadSigned(request.providerDocumentId);
      if (!signed) throw new SigningProviderError('DigiSigner returned no document');
      source = signed;
    }
  } catch (error) {
    if (error instanceof SigningProviderError)
      throw new AppError('unavailable', signingMessages(request.provider).retrieveError);
    throw error;
  }
  const events = await database.db
    .select()
    .from(signatureEvents)
    .where(eq(signatureEvents.requestId, request.id))
    .orderBy(asc(signatureEvents.at));
  const nameOf = new Map(signers.map((s) => [s.id, `${s.role} ${s.name}`]));
  let bytes: Buffer;
  try {
    bytes = await finaliseAgreementPdf(source, {
      requestId: request.id,
      title: request.title,
      company: COMPANY,
      provider: request.provider,
      originalSha256: request.originalSha256,
      createdAt: request.createdAt,
      completedAt: request.completedAt ?? new Date(),
      signers: signers.map((s) => ({
        role: s.role,
        name: s.name,
        email: s.email,
        order: s.signingOrder,
        signedAt: s.signedAt,
        ip: s.signedIp,
        userAgent: s.signedUserAgent,
        firstViewedAt: s.firstViewedAt,
        mark: request.provider === 'builtin' ? s.signature : null,
      })),
      verifyUrl: `${config.publicUrl}/verify-document`,
      events: auditEvents(events, nameOf),
    });
  } catch (error) {
    console.error('[signing] final PDF failed', request.id, error);
    throw new AppError('unavailable', SIGNING_MESSAGES.pdfFailed);
  }
  // Each attempt writes its own file; the one recorded first is the final copy, the others go.
  const key = storageKey(request.agentId, request.id, `final-${randomToken(6)}`);
  await providers.storage.write(key, bytes, 'application/pdf');
  const { fresh, messages } = await database.db.transaction(async (tx) => {
    const [won] = await tx
      .update(signatureRequests)
      .set({ finalKey: key, finalSha256: sha256(bytes) })
      .where(and(eq(signatureRequests.id, request.id), isNull(signatureRequests.finalKey)))
      .returning({ id: signatureRequests.id });
    const fresh = (await loadRequest(tx, request.id))!;
    await saveAgentDocument(tx, config, fresh);
    // Whoever stored the final copy first sends it to every signer, once.
    const messages = won ? await queueCompletedEmails(tx, deps, fresh, bytes) : [];
    return { fresh, messages };
  });
  if (fresh.request.finalKey !== key) await providers.storage.delete(key).catch(() => undefined);
  if (messages.length > 0) dispatch(deps.queue);
  return fresh;
}

/** Every signer gets the signed copy, with its audit certificate, attached. */
async function queueCompletedEmails(tx: Executor, deps: AppDeps, loaded: LoadedRequest, pdf: Buffer) {
  const { config } = deps;
  const { request, signers } = loaded;
  const names = signers.map((s) => `${s.name} (${s.role})`).join(' and ');
  const verify = `${config.publicUrl}/verify-document`;
  const filename = `${request.title.toLowerCase().replaceAll(' ', '-')}.pdf`;
  const timezone = await agentTimezone(tx, request.agentId);
  const ids: string[] = [];
  for (const signer of signers) {
    const email = await completedEmail({
      title: request.title,
      names,
      signerName: signer.name,
      verifyUrl: verify,
      completedAt: request.completedAt,
      timezone,
    });
    ids.push(
      await addEmail(tx, config, {
        to: signer.email,
        from: config.officeEmail,
        ...email,
        attachments: [{ filename, contentType: 'application/pdf', content: pdf.toString('base64') }],
        meta: { agentId: request.agentId, signatureRequestId: request.id },
      }),
    );
  }
  return ids;
}

const EVENT_WORDS: Record<string, (who: string) => string> = {
  created: () => 'Prepared for signature',
  viewed: (who) => `Opened by ${who}`,
  signed: (who) => `Signed by ${who}`,
  link_sent: (who) => `Signing link e-mailed to ${who}`,
  reminder_sent: (who) => `Reminder e-mailed to ${who}`,
  completed: () => 'Completed: every party has signed',
  cancelled: () => 'Withdrawn',
};

const describeEvent = (kind: string, who = 'a signer') => (EVENT_WORDS[kind] ?? (() => kind))(who);

/**
 * The events printed on the audit page. Every view is a row in the database; the page shows each
 * signer's first view with the count, so reloading a link cannot grow the PDF without end.
 */
function auditEvents(events: (typeof signatureEvents.$inferSelect)[], nameOf: Map<string, string>) {
  const views = new Map<string, number>();
  for (const e of events)
    if (e.kind === 'viewed') views.set(e.signerId ?? '', (views.get(e.signerId ?? '') ?? 0) + 1);
  const printed = new Set<string>();
  return events.flatMap((e) => {
    const who = nameOf.get(e.signerId ?? '');
    if (e.kind !== 'viewed') return [{ at: e.at, what: describeEvent(e.kind, who), ip: e.ip }];
    if (printed.has(e.signerId ?? '')) return [];
    printed.add(e.signerId ?? '');
    const count = views.get(e.signerId ?? '') ?? 1;
    const what = `${describeEvent('viewed', who)}${count > 1 ? ` (first of ${count} views)` : ''}`;
    return [{ at: e.at, what, ip: e.ip }];
  });
}

/** The provider's signer for ours: by role and e-mail, else by e-mail, else by position. */
function matchRemoteSigner(
  remote: ProviderSignerStatus[],
  signer: { role: string; email: string },
  index: number,
) {
  const email = signer.email.toLowerCase();
  return (
    remote.find((s) => s.role === signer.role && s.email.toLowerCase() === email) ??
    remote.find((s) => s.email.toLowerCase() === email && (!s.role || s.role === signer.role)) ??
    (remote.length > index && !remote[index]!.role ? remote[index] : undefined)
  );
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * DigiSigner holds the signatures: reads the signers' state back, records new signatures, and
 * runs what follows them (broker e-mail, completion). Called by status checks and the callback.
 */
export async function syncFromProvider(deps: AppDeps, requestId: string): Promise<AfterSignature> {
  const { database, providers } = deps;
  const first = await loadRequest(database.db, requestId);
  const none: AfterSignature = { completed: false, messages: [], brokerEmailedNow: false };
  if (!first || first.request.provider === 'builtin' || first.request.status !== 'pending') return none;
  let status: Awaited<ReturnType<typeof providers.signing.fetchStatus>>;
  try {
    status = await providers.signing.fetchStatus(first.request.providerRequestId);
  } catch (error) {
    if (error instanceof SigningProviderError) {
      console.warn('[signing] DigiSigner status failed', requestId, error.message);
      throw new AppError('unavailable', signingMessages(first.request.provider).retrieveError);
    }
    throw error;
  }
  if (!status) return none;
  const after = await database.db.transaction(async (tx) => {
    const loaded = await loadRequest(tx, requestId, { lock: true });
    if (!loaded || loaded.request.status !== 'pending') return none;
    for (const [index, signer] of loaded.signers.entries()) {
      const remote = matchRemoteSigner(status.signers, signer, index);
      if (!remote) {
        console.error('[signing] DigiSigner has no signer matching', requestId, signer.role);
        continue;
      }
      const changes: Partial<typeof signatureSigners.$inferInsert> = {};
      if (remote.signUrl && remote.signUrl !== signer.providerSignUrl)
        changes.providerSignUrl = remote.signUrl;
      // DigiSigner's own "completed" counts for every signer.
      if ((remote.signed || status.completed) && !signer.signedAt) changes.signedAt = new Date();
      if (Object.keys(changes).length === 0) continue;
      const [updated] = await tx
        .update(signatureSigners)
        .set(changes)
        .where(eq(signatureSigners.id, signer.id))
        .returning();
      Object.assign(signer, updated);
      if (changes.signedAt) {
        await recordEvent(tx, {
          requestId,
          signerId: signer.id,
          kind: 'signed',
          details: { via: 'digisigner' },
        });
      }
    }
    return afterSignature(tx, deps, loaded);
  });
  await afterCommit(deps, requestId, after);
  return after;
}
