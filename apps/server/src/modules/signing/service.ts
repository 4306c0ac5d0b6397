import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AgentDocument,
  BROKER_REMINDER_AFTER_DAYS,
  BROKER_REMINDER_MAX,
  ERROR,
  type GenerateDocumentRequest,
  SIGNING_DOCUMENT_STEPS,
  SIGNING_MESSAGES,
  type SignatureResponse,
  type SigningDocumentKind,
  serviceAreaSummary,
  signingMessages,
} from '@portal/shared';
import { and, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { type AgentRow, agents, signatureRequests, signatureSigners, type UserRow } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { dispatch } from '../../lib/outbox';
import { enforceRateLimits } from '../../lib/rate-limit';
import { readSettings } from '../../lib/settings';
import { SigningProviderError } from '../../providers/signing/interface';
import { findAgentByUserId } from '../agents/queries';
import { agentRate } from '../billing/rate';
import { geoDataset } from '../geo/dataset';
import { COMPANY, ensureFinalPdf, queueBrokerEmail, recordEvent, storageKey, syncFromProvider } from './flow';
import { linkExpiry, newLinkNonce } from './links';
import { generateAgreementPdf } from './pdf';
import {
  currentSigner,
  type LoadedRequest,
  latestCompleted,
  loadRequest,
  saveAgentDocument,
  signatureResponse,
} from './records';
import { buildAgreement } from './template';

const conflict = (detail: string) => new AppError('conflict', detail);
const WITHDRAWN = 'This agreement was withdrawn and replaced by a newer one. Open the agreement page again.';
const unprocessable = (detail: string) => new AppError('unprocessable', detail);

async function agentOf(deps: AppDeps, user: UserRow): Promise<AgentRow> {
  const agent = await findAgentByUserId(deps.database.db, user.id);
  // Corporate users, team members and superusers have no agreements of their own to sign.
  if (!agent) throw forbidden(ERROR.agentProfileNotFound);
  return agent;
}

const agentName = (agent: AgentRow) =>
  [agent.agentFirstName, agent.agentLastName].filter((p) => p.trim()).join(' ') ||
  agent.agent ||
  agent.agentUri;

/** The agent's request with that id; another agent's is "not found", never "forbidden". */
async function ownRequest(deps: AppDeps, agent: AgentRow, requestId: string): Promise<LoadedRequest> {
  const loaded = /^[0-9a-f-]{36}$/i.test(requestId) ? await loadRequest(deps.database.db, requestId) : null;
  if (!loaded || loaded.request.agentId !== agent.id)
    throw notFound(signingMessages(deps.providers.signing.name).documentIdNotFound);
  return loaded;
}

async function pendingRequest(deps: AppDeps, agentId: string, kind: SigningDocumentKind) {
  const [row] = await deps.database.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.agentId, agentId),
        eq(signatureRequests.kind, kind),
        eq(signatureRequests.status, 'pending'),
      ),
    );
  return row ? loadRequest(deps.database.db, row.id) : null;
}

/** A built-in link for the agent that has expired is replaced when the agent asks for it. */
async function refreshAgentLink(deps: AppDeps, loaded: LoadedRequest): Promise<LoadedRequest> {
  if (loaded.request.provider !== 'builtin' || loaded.request.status !== 'pending') return loaded;
  const next = currentSigner(loaded.signers);
  if (!next || next.signingOrder !== 1) return loaded;
  if (next.linkNonce && next.linkExpiresAt && next.linkExpiresAt > new Date()) return loaded;
  await deps.database.db
    .update(signatureSigners)
    .set({ linkNonce: newLinkNonce(), linkExpiresAt: linkExpiry() })
    // Conditional on the link it replaces: two checks at once make one new link, not two.
    .where(
      and(
        eq(signatureSigners.id, next.id),
        isNull(signatureSigners.signedAt),
        next.linkNonce ? eq(signatureSigners.linkNonce, next.linkNonce) : isNull(signatureSigners.linkNonce),
      ),
    );
  return (await loadRequest(deps.database.db, loaded.request.id))!;
}

/**
 * POST /api/digisigner/generate: prepares the agreement from the agent's record and opens a
 * signature request with its signers in order. At most one request per document is open: asking
 * again returns it.
 */
/** The saved service area as the agreement states it: exactly what is covered (shared rule). */
async function describeServiceArea(agent: AgentRow): Promise<string> {
  if (agent.zipcodes.length === 0) return '';
  const dataset = await geoDataset();
  const codes = new Set(agent.zipcodes.flatMap((zip) => dataset.zip(zip)?.state ?? []));
  return serviceAreaSummary(
    { zipcodes: agent.zipcodes, excluded_zips: agent.excludedZips, excluded_cities: agent.excludedCities },
    [...codes].flatMap((code) => dataset.state(code) ?? []),
  );
}

export async function generateDocument(
  deps: AppDeps,
  user: UserRow,
  body: GenerateDocumentRequest,
): Promise<{ created: boolean; response: SignatureResponse }> {
  const { database, providers, config } = deps;
  let agent = await agentOf(deps, user);
  const kind = body.document;
  // The rate the agreement states (ADR 66): a signed one stating another is signed again.
  const [rate, settings] = await Promise.all([agentRate(database.db, agent.id), readSettings(database.db)]);
  const signed = await latestCompleted(database.db, agent.id, kind);
  const rateOutdated = signed !== null && signed.ratePercent !== rate.rate_percent;
  if (agent.onboardingSteps[SIGNING_DOCUMENT_STEPS[kind]] === true && !rateOutdated) {
    throw conflict(
      `The ${kind === 'service' ? 'service agreement' : 'master referral agreement'} is already signed.`,
    );
  }
  const areasChanged =
    kind === 'service' &&
    body.service_document_areas !== undefined &&
    body.service_document_areas !== agent.serviceDocumentAreas;
  if (areasChanged) {
    [agent] = (await database.db
      .update(agents)
      .set({ serviceDocumentAreas: body.service_document_areas, updatedAt: sql`now()` })
      .where(eq(agents.id, agent.id))
      .returning()) as [AgentRow];
  }
  const broker = agent.brokerOfRecord;
  if (kind === 'master' && (!broker?.name?.trim() || !broker?.email?.trim())) {
    throw unprocessable(SIGNING_MESSAGES.brokerIncomplete);
  }
  const existing = await pendingRequest(deps, agent.id, kind);
  let replacing: { id: string; reason: string } | null = null;
  if (existing) {
    const named = existing.signers.find((s) => s.role === 'Broker');
    const brokerChanged =
      named &&
      !named.signedAt &&
      (named.name !== broker!.name.trim() ||
        named.email.toLowerCase() !== broker!.email.trim().toLowerCase());
    // New service areas change the text, until the agent has signed it.
    const areasOutdated = areasChanged && !existing.signers[0]?.signedAt;
    // So does another referral fee rate, until the request is complete.
    const rateChanged = existing.request.ratePercent !== rate.rate_percent;
    if (!brokerChanged && !areasOutdated && !rateChanged) {
      return { created: false, response: signatureResponse(config, await refreshAgentLink(deps, existing)) };
    }
    // The agreement as prepared is out of date: it is withdrawn when the new one is stored. Each
    // replacement can e-mail a new broker, so they are counted (SECURITY.md item 12).
    await enforceRateLimits(database.db, [
      { key: `signing:replace:${agent.id}`, limit: 3, windowSeconds: 24 * 60 * 60 },
    ]);
    replacing = {
      id: existing.request.id,
      reason: brokerChanged
        ? 'the broker of record changed'
        : areasOutdated
          ? 'the service areas changed'
          : 'the referral fee rate changed',
    };
  }
  const email = agent.agentEmail.trim() || user.email;
  const agreement = buildAgreement(
    kind,
    {
      agentName: agentName(agent),
      agentEmail: email,
      agentPhone: agent.agentPhone,
      brokerage: agent.brokerage,
      // What the agent typed for the agreement, else the service area they saved.
      serviceAreas: agent.serviceDocumentAreas.trim() || (await describeServiceArea(agent)),
      broker: broker ? { name: broker.name.trim(), email: broker.email.trim(), phone: broker.phone } : null,
      date: new Date().toISOString().slice(0, 10),
      referralFeePercent: rate.rate_percent,
      invoiceDueDays: settings.billing.invoice_due_days,
    },
    COMPANY,
  );
  if (agreement.signers.some((s) => s.email.toLowerCase() === '')) throw badRequest(ERROR.emailNotFound);

  const requestId = randomUUID();
  const pdf = await generateAgreementPdf(agreement, { requestId, company: COMPANY });
  const originalKey = storageKey(agent.id, requestId, 'original');
  await providers.storage.write(originalKey, pdf, 'application/pdf');

  let remote: { requestId: string; documentId: string };
  let signUrls = new Map<string, string | null>();
  try {
    remote = await providers.signing.createRequest({
      title: agreement.title,
      filename: `${agreement.title.toLowerCase().replaceAll(' ', '-')}.pdf`,
      pdf,
      signers: agreement.signers,
    });
    const status = await providers.signing.fetchStatus(remote.requestId);
    signUrls = new Map(status?.signers.map((s) => [s.role, s.signUrl]) ?? []);
  } catch (error) {
    await providers.storage.delete(originalKey).catch(() => undefined);
    if (error instanceof SigningProviderError) {
      console.warn('[signing] provider refused the request', error.message);
      throw new AppError('unavailable', signingMessages(providers.signing.name).retrieveError);
    }
    throw error;
  }

  try {
    const loaded = await database.db.transaction(async (tx) => {
      if (replacing) await cancelRequest(tx, replacing.id, replacing.reason);
      await tx.insert(signatureRequests).values({
        id: requestId,
        agentId: agent.id,
        kind,
        provider: providers.signing.name,
        providerRequestId: remote.requestId,
        providerDocumentId: remote.documentId,
        title: agreement.title,
        content: agreement.sections,
        originalKey,
        originalSha256: sha256(pdf),
        ratePercent: rate.rate_percent,
      });
      await tx.insert(signatureSigners).values(
        agreement.signers.map((signer) => ({
          requestId,
          role: signer.role,
          name: signer.name,
          email: signer.email,
          signingOrder: signer.order,
          providerSignUrl: signUrls.get(signer.role) ?? null,
          // Only the first signer's link exists now; the broker's is made when it is their turn.
          ...(providers.signing.name === 'builtin' && signer.order === 1
            ? { linkNonce: newLinkNonce(), linkExpiresAt: linkExpiry() }
            : {}),
        })),
      );
      await recordEvent(tx, {
        requestId,
        kind: 'created',
        details: { provider: providers.signing.name, signers: agreement.signers.map((s) => s.role) },
      });
      const fresh = (await loadRequest(tx, requestId))!;
      await saveAgentDocument(tx, config, fresh);
      return fresh;
    });
    return { created: true, response: signatureResponse(config, loaded) };
  } catch (error) {
    await providers.storage.delete(originalKey).catch(() => undefined);
    // Two tabs asked at once: the other one's request stands.
    const again = await pendingRequest(deps, agent.id, kind);
    if (again) return { created: false, response: signatureResponse(config, again) };
    throw error;
  }
}

/** Withdraws an open request, in the caller's transaction: its links stop working. */
async function cancelRequest(tx: Executor, requestId: string, reason: string) {
  const [cancelled] = await tx
    .update(signatureRequests)
    .set({ status: 'cancelled' })
    .where(and(eq(signatureRequests.id, requestId), eq(signatureRequests.status, 'pending')))
    .returning({ id: signatureRequests.id });
  if (!cancelled) return;
  await tx.update(signatureSigners).set({ linkNonce: null }).where(eq(signatureSigners.requestId, requestId));
  await recordEvent(tx, { requestId, kind: 'cancelled', details: { reason } });
}

/** GET /api/digisigner/:requestId: where the request stands, brought up to date with the provider. */
export async function signatureStatus(
  deps: AppDeps,
  user: UserRow,
  requestId: string,
): Promise<SignatureResponse> {
  const agent = await agentOf(deps, user);
  let loaded = await ownRequest(deps, agent, requestId);
  if (loaded.request.status === 'cancelled') throw new AppError('gone', WITHDRAWN);
  let brokerEmailSentNow = false;
  if (loaded.request.provider === 'digisigner' && loaded.request.status === 'pending') {
    brokerEmailSentNow = (await syncFromProvider(deps, requestId)).brokerEmailedNow;
    loaded = (await loadRequest(deps.database.db, requestId))!;
  }
  if (loaded.request.status === 'completed' && !loaded.request.finalKey) {
    loaded = await ensureFinalPdf(deps, requestId).catch(() => loaded);
  }
  loaded = await refreshAgentLink(deps, loaded);
  return signatureResponse(deps.config, loaded, { brokerEmailSentNow });
}

/** POST /api/digisigner/:requestId/send-to-broker: the agent asks for the broker's link to be e-mailed again. */
export async function sendToBroker(deps: AppDeps, user: UserRow, requestId: string): Promise<void> {
  const agent = await agentOf(deps, user);
  const loaded = /^[0-9a-f-]{36}$/i.test(requestId) ? await loadRequest(deps.database.db, requestId) : null;
  if (!loaded || loaded.request.agentId !== agent.id || loaded.request.kind !== 'master') {
    throw notFound(SIGNING_MESSAGES.masterNotFound);
  }
  if (loaded.request.status === 'completed') throw conflict(signingMessages(loaded.request.provider).signed);
  if (loaded.request.status === 'cancelled') throw new AppError('gone', WITHDRAWN);
  if (loaded.request.provider === 'digisigner') await syncFromProvider(deps, requestId);
  await deps.database.db.transaction(async (tx) => {
    const locked = (await loadRequest(tx, requestId, { lock: true }))!;
    if (locked.request.status === 'cancelled') throw new AppError('gone', WITHDRAWN);
    if (locked.request.status !== 'pending') throw conflict(signingMessages(locked.request.provider).signed);
    const broker = locked.signers.find((s) => s.role === 'Broker');
    if (!broker) throw notFound(SIGNING_MESSAGES.brokerSignerNotFound);
    if (!broker.name.trim() || !broker.email.trim()) throw unprocessable(SIGNING_MESSAGES.brokerNotFound);
    if (!locked.signers.find((s) => s.signingOrder === 1)?.signedAt)
      throw conflict(SIGNING_MESSAGES.signFirst);
    // SECURITY.md item 12: per request and per address, so no one is flooded from the office address.
    await enforceRateLimits(tx, [
      { key: `signing:resend:${requestId}`, limit: 3, windowSeconds: 60 * 60 },
      { key: `signing:resend:to:${broker.email.toLowerCase()}`, limit: 5, windowSeconds: 24 * 60 * 60 },
    ]);
    await queueBrokerEmail(tx, deps, locked, 'resend');
    await saveAgentDocument(tx, deps.config, locked);
  });
  dispatch(deps.queue);
}

async function requestByDocument(deps: AppDeps, agentId: string, documentId: string) {
  const [row] = await deps.database.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.agentId, agentId), eq(signatureRequests.providerDocumentId, documentId)));
  return row ? loadRequest(deps.database.db, row.id) : null;
}

/**
 * The agent whose documents a user may handle: their own, or any for a superuser naming
 * agent_uri. Another agent's agent_uri is not found, as their document would be (SECURITY.md item 15).
 */
async function documentOwner(deps: AppDeps, user: UserRow, agentUri?: string): Promise<AgentRow> {
  if (user.isSuperuser && agentUri) {
    const [agent] = await deps.database.db.select().from(agents).where(eq(agents.agentUri, agentUri));
    if (!agent) throw notFound(ERROR.agentProfileNotFound);
    return agent;
  }
  const agent = await agentOf(deps, user);
  if (agentUri !== undefined && agentUri !== agent.agentUri)
    throw notFound(signingMessages(deps.providers.signing.name).documentIdNotFound);
  return agent;
}

/** POST /api/digisigner/document/:documentId: makes sure the completed PDF is kept and on the agent's record. */
export async function saveFinalDocument(
  deps: AppDeps,
  user: UserRow,
  documentId: string,
  body: { agent_uri: string; document: SigningDocumentKind },
): Promise<AgentDocument> {
  const agent = await documentOwner(deps, user, body.agent_uri);
  const loaded = await requestByDocument(deps, agent.id, documentId);
  if (!loaded || loaded.request.kind !== body.document)
    throw notFound(signingMessages(deps.providers.signing.name).documentIdNotFound);
  if (loaded.request.provider === 'digisigner' && loaded.request.status === 'pending') {
    await syncFromProvider(deps, loaded.request.id);
  }
  const fresh = await ensureFinalPdf(deps, loaded.request.id);
  if (fresh.request.status !== 'completed') throw conflict(signingMessages(fresh.request.provider).notSigned);
  return signatureResponse(deps.config, fresh).document;
}

/** GET /api/digisigner/document/:documentId: the final PDF when completed, else the original. */
export async function downloadDocument(
  deps: AppDeps,
  user: UserRow,
  documentId: string,
  version: 'original' | 'final' | undefined,
): Promise<{ stream: Readable; filename: string }> {
  const agent = await documentOwner(deps, user);
  let loaded = await requestByDocument(deps, agent.id, documentId);
  if (!loaded) throw notFound(signingMessages(deps.providers.signing.name).documentIdNotFound);
  const slug = loaded.request.title.toLowerCase().replaceAll(' ', '-');
  const wantFinal = version === 'final' || (version === undefined && loaded.request.status === 'completed');
  if (!wantFinal) {
    return {
      stream: await deps.providers.storage.read(loaded.request.originalKey),
      filename: `${slug}-unsigned.pdf`,
    };
  }
  if (loaded.request.status !== 'completed')
    throw conflict(signingMessages(loaded.request.provider).notSigned);
  loaded = await ensureFinalPdf(deps, loaded.request.id);
  return { stream: await deps.providers.storage.read(loaded.request.finalKey!), filename: `${slug}.pdf` };
}

/** The hourly reminder: brokers who have not signed three days after the last e-mail, at most three times. */
export async function sendBrokerReminders(deps: AppDeps, now = new Date()): Promise<number> {
  const { database } = deps;
  const cutoff = new Date(now.getTime() - BROKER_REMINDER_AFTER_MS);
  // A suspended or terminated agent's broker is not chased (ADR 28).
  const due = await database.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .innerJoin(agents, eq(agents.id, signatureRequests.agentId))
    .where(
      and(
        notInArray(agents.agentStatus, ['suspended', 'terminated']),
        eq(signatureRequests.kind, 'master'),
        eq(signatureRequests.status, 'pending'),
        lt(signatureRequests.lastBrokerEmailAt, cutoff),
        lt(signatureRequests.remindersSent, BROKER_REMINDER_LIMIT),
      ),
    )
    .orderBy(signatureRequests.lastBrokerEmailAt)
    // At most this many per run (each asks the signing provider first): the next hour takes the rest.
    .limit(200);
  let sent = 0;
  for (const { id } of due) {
    try {
      sent += await remindBroker(deps, id, cutoff);
    } catch (error) {
      // One request that cannot be reminded must not stop the others.
      console.warn('[signing] broker reminder failed', id, (error as Error).message);
    }
  }
  return sent;
}

async function remindBroker(deps: AppDeps, id: string, cutoff: Date): Promise<number> {
  const { database } = deps;
  // DigiSigner may know of a signature whose callback was lost: ask before reminding.
  await syncFromProvider(deps, id);
  {
    const messageId = await database.db.transaction(async (tx) => {
      const loaded = await loadRequest(tx, id, { lock: true });
      if (!loaded || loaded.request.status !== 'pending') return null;
      const last = loaded.request.lastBrokerEmailAt;
      if (!last || last >= cutoff || loaded.request.remindersSent >= BROKER_REMINDER_LIMIT) return null;
      const broker = loaded.signers.find((s) => s.role === 'Broker');
      if (!broker || broker.signedAt) return null;
      const messageId = await queueBrokerEmail(tx, deps, loaded, 'reminder');
      await saveAgentDocument(tx, deps.config, loaded);
      return messageId;
    });
    if (!messageId) return 0;
    dispatch(deps.queue);
    return 1;
  }
}

const BROKER_REMINDER_AFTER_MS = BROKER_REMINDER_AFTER_DAYS * 24 * 3600_000;
const BROKER_REMINDER_LIMIT = BROKER_REMINDER_MAX;

/** The DigiSigner callback: a hint to read the request back from DigiSigner (its body is not trusted). */
export async function handleProviderCallback(
  deps: AppDeps,
  providerRequestId: string | undefined,
): Promise<void> {
  if (!providerRequestId || deps.providers.signing.name !== 'digisigner') return;
  const [row] = await deps.database.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.provider, 'digisigner'),
        eq(signatureRequests.providerRequestId, providerRequestId),
      ),
    );
  if (!row) return;
  try {
    await syncFromProvider(deps, row.id);
  } catch (error) {
    console.warn('[signing] callback sync failed; the next status check retries', (error as Error).message);
  }
}
