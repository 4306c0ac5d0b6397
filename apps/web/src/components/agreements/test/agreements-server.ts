import type {
  AgentDocument,
  AgentRecord,
  DocumentState,
  SignatureResponse,
  Signer,
  SigningDocumentKind,
} from '@portal/shared';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';

/** Test data shaped like the /api/digisigner answers of packages/shared schemas/signing.ts. */

export const BROKER = {
  name: 'Dana Broker',
  phone: '+14805550100',
  email: 'dana@summit.example',
  is_billing_contact: true,
  billing_contact: null,
};

export const SIGN_URL = 'http://localhost:3000/sign/agent-token';

export function buildAgentDocument(
  kind: SigningDocumentKind,
  overrides: Partial<AgentDocument> = {},
): AgentDocument {
  return {
    url: `/api/digisigner/document/${kind}-doc`,
    id: `${kind}-request`,
    document_id: `${kind}-doc`,
    created_date: '2026-03-02T15:00:00.000Z',
    status: 'pending',
    document_url: null,
    email_sent: false,
    ...(kind === 'master' ? { agent_status: 'pending' as const, broker_status: 'pending' as const } : {}),
    ...overrides,
  };
}

function signers(kind: SigningDocumentKind, state: DocumentState): Signer[] {
  const agentSigned = state !== 'waiting_for_you';
  const agent: Signer = {
    role: kind === 'service' ? 'Advertiser' : 'Agent',
    name: 'Alex Agent',
    email: 'agent@example.com',
    order: 1,
    sign_document_url: agentSigned ? null : SIGN_URL,
    is_signature_completed: agentSigned,
    signed_at: agentSigned ? '2026-03-03T16:30:00.000Z' : null,
  };
  if (kind === 'service') return [agent];
  const brokerSigned = state === 'completed';
  return [
    agent,
    {
      role: 'Broker',
      name: BROKER.name,
      email: BROKER.email,
      order: 2,
      sign_document_url: null,
      is_signature_completed: brokerSigned,
      signed_at: brokerSigned ? '2026-03-05T10:00:00.000Z' : null,
    },
  ];
}

export function buildSignature(
  kind: SigningDocumentKind,
  state: DocumentState,
  overrides: Partial<SignatureResponse> = {},
): SignatureResponse {
  const completed = state === 'completed';
  const document = buildAgentDocument(kind, {
    status: completed ? 'completed' : 'pending',
    document_url: completed ? `/api/digisigner/document/${kind}-doc` : null,
    email_sent: kind === 'master' && state !== 'waiting_for_you',
    ...(kind === 'master'
      ? {
          agent_status: state === 'waiting_for_you' ? 'pending' : 'signed',
          broker_status: completed ? 'signed' : 'pending',
        }
      : {}),
  });
  return {
    signature_request_id: document.id,
    documents: [{ document_id: document.document_id, signers: signers(kind, state) }],
    kind,
    state,
    provider: 'builtin',
    document,
    broker_email_sent_now: false,
    broker_emailed_at: kind === 'master' && state !== 'waiting_for_you' ? '2026-03-03T16:31:00.000Z' : null,
    completed_at: completed
      ? kind === 'master'
        ? '2026-03-05T10:00:00.000Z'
        : '2026-03-03T16:30:00.000Z'
      : null,
    ...overrides,
  };
}

/**
 * A signed-in agent and the agreement routes. GET /api/portal/me answers with `agent()` as it
 * is at the time, so a test can move the record on (the server setting the step).
 */
export function agreementsServer(overrides: Partial<AgentRecord>, handlers: Record<string, Handler> = {}) {
  let agent = buildAgent(overrides);
  const mocks = mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
    'PATCH /api/portal/me/agent_profile': (request) => {
      agent = { ...agent, ...(JSON.parse(request.body ?? '{}') as Partial<AgentRecord>) };
      return json(200, agent);
    },
    ...handlers,
  });
  return {
    ...mocks,
    setAgent: (changes: Partial<AgentRecord>) => {
      agent = { ...agent, ...changes };
    },
    bodies: (key: string) => mocks.callsTo(key).map((call) => JSON.parse(call.body ?? 'null') as unknown),
  };
}

/** The toast (sonner) saying `text`, with its kind: success, info, error. */
export async function findToast(text: string) {
  return waitFor(() => {
    const toast = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].find((element) =>
      element.textContent?.includes(text),
    );
    expect(toast, `a toast saying "${text}"`).toBeDefined();
    return { type: toast!.dataset.type, element: toast! };
  });
}

export const toastTexts = () =>
  [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map(
    (element) => element.textContent ?? '',
  );
