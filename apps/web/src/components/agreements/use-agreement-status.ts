import {
  type AgentDocument,
  type AgentRecord,
  type DocumentState,
  type PortalMe,
  SIGNING_DOCUMENT_STEPS,
  type SignatureResponse,
  type SigningDocumentKind,
  type SigningProvider,
  signingMessages,
} from '@portal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { agentDocument, agreementQueryKey, agreementQueryOptions } from '@/lib/agreements-api';
import { errorMessage } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';

/** The record in the cache says something else than the provider: the server has moved on. */
function recordBehind(record: AgentDocument | null, agent: AgentRecord, status: SignatureResponse): boolean {
  if (status.state === 'completed' && agent.onboarding_steps[SIGNING_DOCUMENT_STEPS[status.kind]] !== true) {
    return true;
  }
  if (!record) return true;
  const fresh = status.document;
  return (
    record.status !== fresh.status ||
    record.agent_status !== fresh.agent_status ||
    record.broker_status !== fresh.broker_status ||
    record.email_sent !== fresh.email_sent
  );
}

/**
 * Where one agreement stands, with the toasts of SPEC.md section 8:
 * - the page loads the request's status (the server syncs with the provider first) and asks
 *   again when the window regains focus, as the agent comes back from signing;
 * - "Check status" says signed / not signed / completed, or that the check failed;
 * - the first time a page load finds the agent signed and the broker not (or the server says
 *   this very call e-mailed the broker), and on "Check status" then, it says in one message
 *   that the document goes to the broker;
 * - when the provider is ahead of the agent record (a signature, the step set), /portal/me is
 *   fetched again so the onboarding overview and the signup wizard follow.
 */
export function useAgreementStatus(kind: SigningDocumentKind, agent: AgentRecord) {
  const queryClient = useQueryClient();
  const record = agentDocument(agent, kind);
  const requestId = record?.id ?? null;
  const query = useQuery({ ...agreementQueryOptions(requestId ?? ''), enabled: requestId !== null });
  const [checking, setChecking] = useState(false);

  const latest = useRef({ agent, record });
  latest.current = { agent, record };
  const lastState = useRef<DocumentState | null>(null);
  // Which e-signature the messages speak of: the request's own provider once its status is known.
  // Before that (nothing prepared yet, or the status could not be read) the built-in one, the
  // portal's default; a DigiSigner deployment has a status as soon as an agreement exists.
  const provider = useRef<SigningProvider>('builtin');
  if (query.data) provider.current = query.data.provider;
  const brokerAnnounced = useRef(false);
  /** The answer (by its time in the cache) already spoken about, so none is announced twice. */
  const handledDataAt = useRef(0);
  const handledErrorAt = useRef(0);
  const busy = useRef(false);

  const announce = useCallback(
    (status: SignatureResponse, explicit: boolean) => {
      const previous = lastState.current;
      lastState.current = status.state;
      provider.current = status.provider;
      const text = signingMessages(status.provider);
      // Signed by the agent, not yet by the broker: one message says exactly that, never beside
      // a second one calling the agreement signed. Shown again on "Check status", in place of
      // the one still on screen.
      const waitingForBroker = status.state === 'waiting_for_broker';
      if (waitingForBroker && (explicit || status.broker_email_sent_now || !brokerAnnounced.current)) {
        brokerAnnounced.current = true;
        toast.success(text.agentSignedSendingToBroker, {
          id: `agreement-broker-${status.signature_request_id}`,
        });
      }
      if (explicit) {
        if (status.state === 'completed') toast.success(text.completed);
        else if (!waitingForBroker) toast.info(text.notSigned);
      } else if (status.state === 'completed' && previous !== null && previous !== 'completed') {
        toast.success(text.completed);
      }
      if (recordBehind(latest.current.record, latest.current.agent, status)) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true });
      }
    },
    [queryClient],
  );

  // Answers that arrive by themselves: the first load, a retry, the status cached by "prepare".
  useEffect(() => {
    if (!query.data || busy.current || query.dataUpdatedAt <= handledDataAt.current) return;
    handledDataAt.current = query.dataUpdatedAt;
    announce(query.data, false);
  }, [query.data, query.dataUpdatedAt, announce]);

  useEffect(() => {
    if (!query.isError || busy.current || query.errorUpdatedAt <= handledErrorAt.current) return;
    handledErrorAt.current = query.errorUpdatedAt;
    // The server words its refusal for the request's provider; a gateway's error has no words.
    if (!query.data) toast.error(errorMessage(query.error, signingMessages(provider.current).retrieveError));
  }, [query.isError, query.errorUpdatedAt, query.data, query.error]);

  const check = useCallback(
    async (explicit: boolean) => {
      if (!requestId) {
        if (!explicit) return;
        // Prepared meanwhile (another tab, the office)? The record would say so.
        setChecking(true);
        try {
          await queryClient.refetchQueries({ queryKey: meQueryKey, exact: true });
        } finally {
          setChecking(false);
        }
        const fresh = queryClient.getQueryData<PortalMe>(meQueryKey)?.agent_profile;
        if (!fresh || !agentDocument(fresh, kind)) toast.info(signingMessages(provider.current).notGenerated);
        return;
      }
      if (busy.current) return;
      busy.current = true;
      if (explicit) setChecking(true);
      const key = agreementQueryKey(requestId);
      try {
        const status = await queryClient.fetchQuery({ ...agreementQueryOptions(requestId), staleTime: 0 });
        handledDataAt.current = queryClient.getQueryState(key)?.dataUpdatedAt ?? Date.now();
        announce(status, explicit);
      } catch {
        handledErrorAt.current = queryClient.getQueryState(key)?.errorUpdatedAt ?? Date.now();
        if (explicit) toast.error(signingMessages(provider.current).statusError);
        // Back from signing and the check failed: the agent must not think the signature was lost.
        else if (lastState.current === 'waiting_for_you')
          toast.error(signingMessages(provider.current).signatureStatusError);
      } finally {
        busy.current = false;
        if (explicit) setChecking(false);
      }
    },
    [announce, kind, queryClient, requestId],
  );

  // Back from signing (another tab, the provider's page): ask again, quietly unless news.
  useEffect(() => {
    if (!requestId) return;
    const onFocus = () => {
      if (lastState.current !== 'completed') void check(false);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [requestId, check]);

  return {
    record,
    requestId,
    status: query.data ?? null,
    loading: requestId !== null && query.isPending,
    error: query.data ? null : query.error,
    checking,
    /** The wording of this request's provider (the built-in one until a status is known). */
    messages: signingMessages(provider.current),
    /** "Check status": says what it found. */
    check: () => check(true),
    /** Load again after a failure. */
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
