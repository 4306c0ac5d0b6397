import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path and query, e.g. /api/portal/me */
  path: string;
  headers: Headers;
  body: string | null;
}

export type Handler = (request: MockRequest, callIndex: number) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** "PATCH /api/things/:id" matches "PATCH /api/things/42". */
function matchesPattern(pattern: string, key: string) {
  if (!pattern.includes('/:')) return false;
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(key);
}

/**
 * Replaces fetch with a table of "METHOD /api/path" handlers ("/:name" matches one path
 * segment). A call nobody expected throws, so a test cannot silently depend on the network.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      window.location.href,
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const request: MockRequest = {
      method,
      path: `${url.pathname}${url.search}`,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    };
    calls.push(request);
    const key = `${method} ${url.pathname}`;
    const handlerKey = key in handlers ? key : Object.keys(handlers).find((p) => matchesPattern(p, key));
    const handler = handlerKey ? handlers[handlerKey] : undefined;
    if (!handlerKey || !handler) throw new Error(`Unexpected fetch: ${key}`);
    const index = counts.get(handlerKey) ?? 0;
    counts.set(handlerKey, index + 1);
    return handler(request, index);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (key: string) =>
      calls.filter((call) => {
        const callKey = `${call.method} ${call.path.split('?')[0]}`;
        return callKey === key || matchesPattern(key, callKey);
      }),
  };
}

/** The start-up refresh of an anonymous visitor: no refresh cookie. */
export const anonymousRefresh: Handler = () => json(401, { detail: 'Not authenticated' });

/** A refresh that signs the visitor in; the browser then holds the server's session hint cookie. */
export const signedInRefresh = (token = 'access-1'): Handler => {
  document.cookie = 'has_session=1; path=/';
  return () => json(200, { access_token: token, token_type: 'bearer', user: { id: 'user-1' } });
};
