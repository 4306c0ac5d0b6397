import type { AgentDocument, DocumentState, SignatureResponse } from '@portal/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import {
  agents,
  type SignatureRequestRow,
  type SignatureSignerRow,
  signatureRequests,
  signatureSigners,
} from '../../db/schema';
import { signingUrl } from './links';

/** A request with its signers in signing order. */
export interface LoadedRequest {
  request: SignatureRequestRow;
  signers: SignatureSignerRow[];
}

export async function loadRequest(
  db: Executor,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<LoadedRequest | null> {
  const query = db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  const [request] = options.lock ? await query.for('update') : await query;
  if (!request) return null;
  const signers = await db
    .select()
    .from(signatureSigners)
    .where(eq(signatureSigners.requestId, requestId))
    .orderBy(asc(signatureSigners.signingOrder));
  return { request, signers };
}

/** The first signer who has not signed, or null when everyone has. */
export const currentSigner = (signers: SignatureSignerRow[]) => signers.find((s) => !s.signedAt) ?? null;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function documentState({ request, signers }: LoadedRequest): DocumentState {
  if (request.status === 'completed') return 'completed';
  return currentSigner(signers)?.signingOrder === 1 ? 'waiting_for_you' : 'waiting_for_broker';
}

/** The record kept on the agent as `service_document` / `master_document` (SPEC.md section 3). */
export function agentDocument(config: Config, loaded: LoadedRequest): AgentDocument {
  const { request, signers } = loaded;
  const base = `${config.apiBase}/digisigner/document/${encodeURIComponent(request.providerDocumentId)}`;
  const completed = request.status === 'completed';
  const document: AgentDocument = {
    url: `${base}?version=original`,
    id: request.id,
    document_id: request.providerDocumentId,
    created_date: request.createdAt.toISOString(),
    status: completed ? 'completed' : 'pending',
    document_url: completed ? base : null,
    email_sent: request.brokerEmailSentAt !== null,
  };
  if (request.kind === 'master') {
    const [agent, broker] = signers;
    document.agent_status = agent?.signedAt ? 'signed' : 'pending';
    document.broker_status = broker?.signedAt ? 'signed' : 'pending';
  }
  return document;
}

/** Writes the document record on the agent, in the caller's transaction. */
export async function saveAgentDocument(tx: Executor, config: Config, loaded: LoadedRequest): Promise<void> {
  const record = agentDocument(config, loaded);
  await tx
    .update(agents)
    .set(loaded.request.kind === 'service' ? { serviceDocument: record } : { masterDocument: record })
    .where(eq(agents.id, loaded.request.agentId));
}

/**
 * The signature response as the agent sees it: only the agent's own pending turn carries a
 * signing address; the broker's link is never shown to the agent.
 */
export function signatureResponse(
  config: Config,
  loaded: LoadedRequest,
  extra: { brokerEmailSentNow?: boolean } = {},
): SignatureResponse {
  const { request, signers } = loaded;
  const next = request.status === 'pending' ? currentSigner(signers) : null;
  const agentTurn = next?.signingOrder === 1 ? next : null;
  return {
    signature_request_id: request.id,
    kind: request.kind,
    provider: request.provider,
    state: documentState(loaded),
    documents: [
      {
        document_id: request.providerDocumentId,
        signers: signers.map((signer) => ({
          role: signer.role,
          name: signer.name,
          email: signer.email,
          order: signer.signingOrder,
          is_signature_completed: signer.signedAt !== null,
          signed_at: iso(signer.signedAt),
          sign_document_url:
            agentTurn?.id === signer.id
              ? request.provider === 'builtin'
                ? signer.linkNonce
                  ? signingUrl(config, signer.id, signer.linkNonce)
                  : null
                : signer.providerSignUrl
              : null,
        })),
      },
    ],
    document: agentDocument(config, loaded),
    broker_email_sent_now: extra.brokerEmailSentNow ?? false,
    broker_emailed_at: iso(request.lastBrokerEmailAt),
    completed_at: iso(request.completedAt),
  };
}

/**
 * The agent's last completed agreement of `kind`, with the referral fee rate it states (ADR 66):
 * the master referral agreement is the one an agent's fees follow from.
 */
export async function latestCompleted(db: Executor, agentId: string, kind: 'service' | 'master') {
  const [row] = await db
    .select({
      id: signatureRequests.id,
      documentId: signatureRequests.providerDocumentId,
      title: signatureRequests.title,
      completedAt: signatureRequests.completedAt,
      ratePercent: signatureRequests.ratePercent,
    })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.agentId, agentId),
        eq(signatureRequests.kind, kind),
        eq(signatureRequests.status, 'completed'),
      ),
    )
    .orderBy(desc(signatureRequests.completedAt))
    .limit(1);
  return row ?? null;
}
