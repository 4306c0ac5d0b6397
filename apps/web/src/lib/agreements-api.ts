import {
  type AgentDocument,
  AgentDocumentSchema,
  type AgentRecord,
  type GenerateDocumentRequest,
  type PortalMe,
  type SignatureResponse,
  type SigningDocumentKind,
} from '@portal/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '@/lib/save-blob';
import { api, isApiError } from './api-client';
import { meQueryKey } from './auth';

/**
 * The agent's two agreements (`/api/digisigner/*`, SPEC.md section 7), shared by the onboarding
 * and signup pages. The agent record holds each agreement's document (`service_document`,
 * `master_document`); its `id` is the signature request asked about here.
 */

const DOCUMENT_FIELD = {
  service: 'service_document',
  master: 'master_document',
} as const satisfies Record<SigningDocumentKind, keyof AgentRecord>;

/** The agreement's document on the agent record, or null when it has not been prepared. */
export function agentDocument(agent: AgentRecord, kind: SigningDocumentKind): AgentDocument | null {
  const parsed = AgentDocumentSchema.safeParse(agent[DOCUMENT_FIELD[kind]]);
  return parsed.success ? parsed.data : null;
}

const requestPath = (requestId: string) => `/digisigner/${encodeURIComponent(requestId)}`;

export const agreementQueryKey = (requestId: string) => ['agreements', requestId] as const;

/** GET /digisigner/:requestId: the request as the provider has it now (the server syncs first). */
export const getAgreement = (requestId: string) => api.get<SignatureResponse>(requestPath(requestId));

/**
 * Each visit asks again (the agent may have signed in another tab or on their phone), except
 * just after the request was prepared; checks pass `staleTime: 0`. The page re-checks itself
 * when the window regains focus, so the library's own focus refetch is off.
 */
export const agreementQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: agreementQueryKey(requestId),
    queryFn: () => getAgreement(requestId),
    staleTime: 5_000,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** POST /digisigner/generate: 201 with the new request, 200 with the pending one. */
export const generateAgreement = (request: GenerateDocumentRequest) =>
  api.post<SignatureResponse>('/digisigner/generate', request);

/** POST /digisigner/:requestId/send-to-broker: the broker is e-mailed a fresh link. */
export const sendAgreementToBroker = (requestId: string) =>
  api.post<{ detail: string }>(`${requestPath(requestId)}/send-to-broker`);

/** GET /digisigner/document/:documentId: the final PDF once completed, else the original. */
export const getAgreementPdf = (documentId: string) =>
  api.get<Blob>(`/digisigner/document/${encodeURIComponent(documentId)}`, { responseType: 'blob' });

/** The agent record in the cache as the server now has it: the document, the areas printed. */
function keepDocumentOnRecord(
  queryClient: QueryClient,
  kind: SigningDocumentKind,
  document: AgentDocument,
  serviceAreas: string | undefined,
) {
  queryClient.setQueryData<PortalMe>(meQueryKey, (me) => {
    if (!me?.agent_profile) return me;
    const record: AgentRecord = { ...me.agent_profile, [DOCUMENT_FIELD[kind]]: document };
    if (serviceAreas !== undefined) record.service_document_areas = serviceAreas;
    return { ...me, agent_profile: record };
  });
}

/** Prepares the agreement; the answer becomes the request's cached status. */
export function useGenerateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAgreement,
    onSuccess: (response, request) => {
      queryClient.setQueryData(agreementQueryKey(response.signature_request_id), response);
      keepDocumentOnRecord(queryClient, response.kind, response.document, request.service_document_areas);
    },
    // 409: already signed by everyone; the record in the cache is behind.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true });
      }
    },
  });
}

export function useSendAgreementToBroker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAgreementToBroker,
    // The status says when the broker was last e-mailed.
    onSuccess: (_answer, requestId) =>
      queryClient.invalidateQueries({ queryKey: agreementQueryKey(requestId) }),
  });
}

export const AGREEMENT_FILE_NAMES: Record<SigningDocumentKind, string> = {
  service: 'service-agreement.pdf',
  master: 'master-referral-agreement.pdf',
};

/**
 * Downloads the agreement's PDF. The file needs the bearer token, so it is fetched here and
 * handed to the browser as an object URL behind an `<a download>`.
 */
export async function downloadAgreementPdf(documentId: string, fileName: string) {
  const blob = await getAgreementPdf(documentId);
  saveBlob(blob, fileName);
}
