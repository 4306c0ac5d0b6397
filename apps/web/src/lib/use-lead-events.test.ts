import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recipientSession } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { startRecipientSession, startUserSession } from './api-client';
import { type LeadStreamNotice, useLeadEvents } from './use-lead-events';

/**
 * The live lead events as a page uses them: the stream is read as it comes from a mocked fetch
 * whose body the test writes, chunk by chunk (a web stream of Node's: jsdom has none).
 */
interface Call {
  url: string;
  method: string;
  headers: Headers;
  signal: AbortSignal | undefined;
}

/** An open event stream the test writes to; it errors when the client aborts, as fetch's does. */
function eventStream(signal: AbortSignal | undefined) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  let open = true;
  signal?.addEventListener('abort', () => {
    if (open) controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    open = false;
  });
  return {
    response: new Response(body as unknown as BodyInit, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => {
      open = false;
      controller.close();
    },
    drop: () => {
      open = false;
      controller.error(new TypeError('network error'));
    },
  };
}

type Stream = ReturnType<typeof eventStream>;

/**
 * fetch answering GET /api/portal/me/events with `answers` in turn (a status, or an open stream
 * the test gets in `streams`), and POST /api/refresh with a new token.
 */
function mockServer(
  answers: (number | 'stream')[],
  refresh: () => Response = () => json(200, { access_token: 'fresh' }),
) {
  const calls: Call[] = [];
  const streams: Stream[] = [];
  let n = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ url, method, headers: new Headers(init.headers), signal: init.signal ?? undefined });
    if (method === 'POST' && url.endsWith('/api/refresh')) return refresh();
    if (!url.endsWith('/api/portal/me/events')) throw new Error(`Unexpected fetch: ${method} ${url}`);
    const answer = answers[n++] ?? 'stream';
    if (answer !== 'stream') return json(answer, { detail: `refused ${answer}` });
    const stream = eventStream(init.signal ?? undefined);
    streams.push(stream);
    return stream.response;
  });
  vi.stubGlobal('fetch', fetchMock);
  const streamCalls = () => calls.filter((call) => call.url.endsWith('/api/portal/me/events'));
  return { calls, streams, streamCalls };
}

/** Lets the hook's promises and React's updates run (fake timers advanced by `ms`). */
const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useLeadEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens the stream with the bearer token in a header, reports connected and passes the events on', async () => {
    const server = mockServer(['stream']);
    startUserSession('token-1');
    const events: LeadStreamNotice[] = [];
    const { result } = renderHook(() => useLeadEvents((event) => events.push(event)));
    await settle();

    const [call] = server.streamCalls();
    expect(call!.url).toBe('/api/portal/me/events');
    expect(call!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(call!.headers.get('Accept')).toBe('text/event-stream');
    expect(result.current.connected).toBe(true);

    const stream = server.streams[0]!;
    stream.write('retry: 3000\n\n: ping\n\nevent: lead.cre');
    stream.write('ated\ndata: {"id":"lead-1"}\n\nevent: lead.updated\r\ndata: {"id":"lead-2"}\r\n\r\n');
    stream.write('event: something.else\ndata: {"id":"x"}\n\nevent: lead.updated\ndata: not json\n\n');
    await settle();
    expect(events).toEqual([
      { type: 'lead.created', id: 'lead-1' },
      { type: 'lead.updated', id: 'lead-2' },
    ]);
  });

  it('sends the recipient session header in a recipient session', async () => {
    const server = mockServer(['stream']);
    startRecipientSession(recipientSession);
    renderHook(() => useLeadEvents(() => {}));
    await settle();
    const [call] = server.streamCalls();
    expect(call!.headers.get('X-Recipient-Session')).toBe(recipientSession.session_token);
    expect(call!.headers.get('Authorization')).toBeNull();
  });

  it('refreshes the token and opens the stream again on a 401', async () => {
    const server = mockServer([401, 'stream']);
    startUserSession('stale');
    const { result } = renderHook(() => useLeadEvents(() => {}));
    await settle();
    expect(server.calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET']);
    expect(server.streamCalls().map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
    expect(result.current.connected).toBe(true);
  });

  it('gives up when the refresh fails: the session is over', async () => {
    const server = mockServer([401], () => json(401, { detail: 'Not authenticated' }));
    startUserSession('stale');
    const { result } = renderHook(() => useLeadEvents(() => {}));
    await settle(120_000);
    expect(server.streamCalls()).toHaveLength(1);
    expect(result.current.connected).toBe(false);
  });

  it('comes back with a fresh token when the server ends the stream because the token expired', async () => {
    const server = mockServer(['stream', 'stream']);
    startUserSession('token-1');
    const events: LeadStreamNotice[] = [];
    renderHook(() => useLeadEvents((event) => events.push(event)));
    await settle();
    server.streams[0]!.write('event: reconnect\ndata: {"reason":"token_expired"}\n\n');
    server.streams[0]!.end();
    await settle();
    expect(server.streamCalls().map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer token-1',
      'Bearer fresh',
    ]);
    // Whatever changed between the two streams is read again.
    expect(events).toEqual([{ type: 'resync' }]);
  });

  it('reconnects after a drop with a growing wait, not connected meanwhile, then asks for a resync', async () => {
    const server = mockServer(['stream', 503, 'stream']);
    startUserSession('token-1');
    const events: LeadStreamNotice[] = [];
    const { result } = renderHook(() => useLeadEvents((event) => events.push(event)));
    await settle();
    expect(result.current.connected).toBe(true);

    server.streams[0]!.drop();
    await settle();
    expect(result.current.connected).toBe(false);
    await settle(2900);
    expect(server.streamCalls()).toHaveLength(1);
    await settle(200);
    // Refused for a while (503): the next wait is twice as long.
    expect(server.streamCalls()).toHaveLength(2);
    expect(result.current.connected).toBe(false);
    // The second try was 3 s after the drop; the third comes 6 s after it.
    await settle(5800);
    expect(server.streamCalls()).toHaveLength(2);
    await settle(200);
    expect(server.streamCalls()).toHaveLength(3);
    expect(result.current.connected).toBe(true);
    expect(events).toEqual([{ type: 'resync' }]);
  });

  it('passes a resync from the server on', async () => {
    const server = mockServer(['stream']);
    startUserSession('token-1');
    const onEvent = vi.fn();
    renderHook(() => useLeadEvents(onEvent));
    await settle();
    server.streams[0]!.write('event: resync\ndata: {}\n\n');
    await settle();
    expect(onEvent).toHaveBeenCalledWith({ type: 'resync' });
  });

  it('stops for good when refused (403) and never opens a stream when disabled or signed out', async () => {
    const refused = mockServer([403]);
    startUserSession('token-1');
    const { result } = renderHook(() => useLeadEvents(() => {}));
    await settle(120_000);
    expect(refused.streamCalls()).toHaveLength(1);
    expect(result.current.connected).toBe(false);

    const disabled = mockServer(['stream']);
    renderHook(() => useLeadEvents(() => {}, { enabled: false }));
    await settle(10_000);
    expect(disabled.calls).toEqual([]);
  });

  it('closes the stream when unmounted', async () => {
    const server = mockServer(['stream']);
    startUserSession('token-1');
    const { unmount } = renderHook(() => useLeadEvents(() => {}));
    await settle();
    const [call] = server.streamCalls();
    expect(call!.signal?.aborted).toBe(false);
    unmount();
    expect(call!.signal?.aborted).toBe(true);
    await settle(120_000);
    expect(server.streamCalls()).toHaveLength(1);
  });

  it('lets the stream go while the tab is hidden long, and opens it again with a resync when shown', async () => {
    const server = mockServer(['stream', 'stream']);
    startUserSession('token-1');
    const events: LeadStreamNotice[] = [];
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useLeadEvents((event) => events.push(event)));
    await settle();
    expect(result.current.connected).toBe(true);
    await settle(5 * 60_000);
    expect(server.streamCalls()[0]!.signal?.aborted).toBe(true);
    expect(result.current.connected).toBe(false);

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle();
    expect(server.streamCalls()).toHaveLength(2);
    expect(result.current.connected).toBe(true);
    expect(events).toEqual([{ type: 'resync' }]);
  });
});
