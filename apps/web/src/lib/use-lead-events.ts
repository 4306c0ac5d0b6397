import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { apiUrl, getAuthSnapshot, refreshSession, sessionHeaders, subscribeAuth } from '@/lib/api-client';

/**
 * New and changed leads as they happen (GET /api/portal/me/events, ADR 59). An event carries a
 * lead's id only: the page reads what it shows again. `resync` says events may have been missed
 * (the stream was away): the page reads everything it shows again.
 */
export interface LeadStreamNotice {
  type: 'lead.created' | 'lead.updated' | 'resync';
  id?: string;
}

export interface LeadEventsOptions {
  /** false: no stream (a page that polls anyway, a view that does not show leads). */
  enabled?: boolean;
}

/** The first wait after a drop, as the server's `retry:` says; it doubles up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 3000;
const MAX_WAIT_MS = 60_000;
/** A tab hidden this long lets its stream go (the server's slot too); it comes back when shown. */
const HIDDEN_PAUSE_MS = 5 * 60_000;

type Ending =
  /** The server asked for a new stream; `fresh`: with a new access token first. */
  | { kind: 'reconnect'; fresh: boolean }
  | { kind: 'unauthorized' }
  /** Dropped, refused for a while (429, 503), or not reachable: again after a wait. */
  | { kind: 'retry' }
  /** Refused for good (403, 406): this session has no stream. */
  | { kind: 'stop' };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads Server-Sent Events from a response body, calling `onEvent` for each. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (type: string, data: string) => void,
  onRetry: (ms: number) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent(type || 'message', data.join('\n'));
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const text of lines) line(text);
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Follows the live lead events while mounted and `enabled`, with the session's own credentials
 * (the bearer token or the recipient session header, never in the URL). An expired token is
 * refreshed and the stream opened again; a dropped stream comes back after a growing wait.
 * `connected` is false whenever no stream is open: pages keep polling then.
 */
export function useLeadEvents(
  onEvent: (event: LeadStreamNotice) => void,
  options: LeadEventsOptions = {},
): { connected: boolean } {
  const enabled = options.enabled ?? true;
  const [connected, setConnected] = useState(false);
  const latest = useRef(onEvent);
  latest.current = onEvent;
  /** A stream was asked for before in this mount: the next one opens with a resync. */
  const askedBefore = useRef(false);
  const hiddenLong = useHiddenLong();
  // Who is listening: a new stream when that changes, not when a token is refreshed.
  const auth = useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
  const who = auth.recipient ? `recipient:${auth.recipient.recipient_id}` : auth.signedIn ? 'user' : null;

  useEffect(() => {
    if (!enabled || hiddenLong || !who) return;
    const controller = new AbortController();
    const { signal } = controller;
    const emit = (event: LeadStreamNotice) => {
      if (!signal.aborted) latest.current(event);
    };

    const connectOnce = async (onRetry: (ms: number) => void): Promise<Ending> => {
      const reopened = askedBefore.current;
      askedBefore.current = true;
      let response: Response;
      try {
        response = await fetch(apiUrl('/portal/me/events'), {
          headers: { Accept: 'text/event-stream', ...sessionHeaders() },
          credentials: 'include',
          cache: 'no-store',
          signal,
        });
      } catch {
        return { kind: 'retry' };
      }
      if (response.status === 401) return { kind: 'unauthorized' };
      if (!response.ok || !response.body) {
        return response.status === 429 || response.status >= 500 ? { kind: 'retry' } : { kind: 'stop' };
      }
      setConnected(true);
      // What happened while no stream was open is read again.
      if (reopened) emit({ type: 'resync' });
      let ending: Ending = { kind: 'retry' };
      try {
        await readEvents(
          response.body,
          (type, data) => {
            if (type === 'reconnect') {
              let reason = '';
              try {
                reason = (JSON.parse(data) as { reason?: string }).reason ?? '';
              } catch {
                // Not JSON: a plain reconnect.
              }
              ending = { kind: 'reconnect', fresh: reason === 'token_expired' };
              return;
            }
            if (type === 'resync') return emit({ type: 'resync' });
            if (type !== 'lead.created' && type !== 'lead.updated') return;
            try {
              const { id } = JSON.parse(data) as { id?: unknown };
              if (typeof id === 'string') emit({ type, id });
            } catch {
              // A malformed event is skipped; the next one or the polling brings the change.
            }
          },
          onRetry,
        );
      } catch {
        // Dropped (or aborted by unmount).
      } finally {
        if (!signal.aborted) setConnected(false);
      }
      return ending;
    };

    void (async () => {
      let firstWait = FIRST_WAIT_MS;
      let wait = firstWait;
      let refreshedFor401 = false;
      while (!signal.aborted) {
        const startedAt = Date.now();
        const ending = await connectOnce((ms) => {
          firstWait = ms;
        });
        if (signal.aborted) return;
        if (ending.kind === 'stop') return;
        if (ending.kind === 'unauthorized' || (ending.kind === 'reconnect' && ending.fresh)) {
          // A recipient session is never refreshed: the page's own calls end it.
          if (getAuthSnapshot().recipient) return;
          if (ending.kind === 'unauthorized' && refreshedFor401) return;
          try {
            await refreshSession();
          } catch {
            // The session is over: the page's own calls say so and sign the user out.
            return;
          }
          refreshedFor401 = ending.kind === 'unauthorized';
          continue;
        }
        refreshedFor401 = false;
        if (ending.kind === 'reconnect') {
          // Every client of a stopping server comes back at once otherwise.
          await sleep(Math.random() * 1000, signal);
          wait = firstWait;
          continue;
        }
        // A stream that stayed open a while starts over from the first wait.
        if (Date.now() - startedAt > MAX_WAIT_MS) wait = firstWait;
        await sleep(wait * (0.8 + Math.random() * 0.4), signal);
        wait = Math.min(wait * 2, MAX_WAIT_MS);
      }
    })();

    return () => {
      controller.abort();
      setConnected(false);
    };
  }, [enabled, hiddenLong, who]);

  return { connected };
}

/** True once the tab has been hidden for HIDDEN_PAUSE_MS, false again as soon as it is shown. */
function useHiddenLong(): boolean {
  const [hiddenLong, setHiddenLong] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(() => setHiddenLong(true), HIDDEN_PAUSE_MS);
      } else {
        setHiddenLong(false);
      }
    };
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return hiddenLong;
}
