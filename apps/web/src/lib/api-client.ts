import { ERROR, type RecipientContext } from '@portal/shared';
import { env } from '@/config/env';

/**
 * The one place that knows the session tokens.
 *
 * - A user's access token lives only in this module's memory; the refresh token is an
 *   httpOnly cookie the browser sends to /api/refresh.
 * - A recipient session (magic-link login of a lead recipient) is kept here and in
 *   localStorage, sent as `X-Recipient-Session`, and never refreshed.
 * - A 401 on a call made with a user token triggers one refresh (shared by concurrent calls)
 *   and one retry; a second 401 or a failed refresh ends the session.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The server's `{detail}`, or a generic description when the server gave none. */
    readonly detail: string,
    /** Seconds from a `Retry-After` header (429, 503), when present. */
    readonly retryAfterSeconds: number | null = null,
    /** Whether `detail` came from the server's body. */
    readonly fromServer = false,
  ) {
    super(detail);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const RECIPIENT_SESSION_KEY = 'recipient_session';

export interface RecipientSession {
  session_token: string;
  recipient_context: RecipientContext;
}

const RECIPIENT_CONTEXT_FIELDS = [
  'recipient_id',
  'first_name',
  'last_name',
  'email',
  'agent_id',
  'agent_name',
] as const satisfies readonly (keyof RecipientContext)[];

/**
 * A stored or received recipient session, checked as the shared RecipientContextSchema would
 * (every field a string, unknown keys dropped), or null. Hand-written so that zod stays off the
 * first load; api-client.test.ts holds it to the schema.
 */
export function parseRecipientSession(value: unknown): RecipientSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { session_token: token, recipient_context: context } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token.length < 1) return null;
  if (typeof context !== 'object' || context === null) return null;
  const recipient = {} as Record<(typeof RECIPIENT_CONTEXT_FIELDS)[number], string>;
  for (const field of RECIPIENT_CONTEXT_FIELDS) {
    const text = (context as Record<string, unknown>)[field];
    if (typeof text !== 'string') return null;
    recipient[field] = text;
  }
  return { session_token: token, recipient_context: recipient };
}

/** What the rest of the app may know about the session: never a token. */
export interface AuthSnapshot {
  /** A user access token is held. */
  signedIn: boolean;
  recipient: RecipientContext | null;
}

export type AuthLostReason = 'session_expired' | 'recipient_session_expired';

export const AUTH_LOST_MESSAGE: Record<AuthLostReason, string> = {
  session_expired: 'Your session has ended. Please sign in again.',
  recipient_session_expired: ERROR.recipientSessionExpired,
};

// ---------------------------------------------------------------------------------------------
// Session state

let accessToken: string | null = null;
/** undefined until first read from localStorage. */
let recipientSession: RecipientSession | null | undefined;
let refreshInFlight: Promise<RefreshResult> | null = null;
/** Bumped whenever the session is replaced or cleared, so a late refresh cannot revive it. */
let generation = 0;
let snapshot: AuthSnapshot | null = null;
const listeners = new Set<() => void>();
const authLostListeners = new Set<(reason: AuthLostReason) => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRecipientSession(): RecipientSession | null {
  if (recipientSession !== undefined) return recipientSession;
  recipientSession = null;
  const raw = storage()?.getItem(RECIPIENT_SESSION_KEY);
  if (raw) {
    try {
      const parsed = parseRecipientSession(JSON.parse(raw));
      if (parsed) recipientSession = parsed;
      else storage()?.removeItem(RECIPIENT_SESSION_KEY);
    } catch {
      storage()?.removeItem(RECIPIENT_SESSION_KEY);
    }
  }
  return recipientSession;
}

function writeRecipientSession(session: RecipientSession | null) {
  recipientSession = session;
  if (session) storage()?.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(session));
  else storage()?.removeItem(RECIPIENT_SESSION_KEY);
}

function changed() {
  generation += 1;
  snapshot = null;
  for (const listener of listeners) listener();
}

/**
 * Which state of the session this is: it changes whenever the session does (a refresh, a sign-in
 * or out, a recipient session), so an answer fetched for one state can be told from another.
 */
export const sessionGeneration = (): number => generation;

export function getAuthSnapshot(): AuthSnapshot {
  if (!snapshot) {
    snapshot = {
      signedIn: accessToken !== null,
      recipient: readRecipientSession()?.recipient_context ?? null,
    };
  }
  return snapshot;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when the server ends a session the app was using (not on a deliberate logout). */
export function onAuthLost(listener: (reason: AuthLostReason) => void): () => void {
  authLostListeners.add(listener);
  // Lost before anyone listened (the start-up restore runs before React mounts): told now.
  if (unheardLoss) {
    const reason = unheardLoss;
    unheardLoss = null;
    listener(reason);
  }
  return () => authLostListeners.delete(listener);
}

/** A user signed in (login, register, magic link): any recipient session gives way. */
export function startUserSession(token: string) {
  writeRecipientSession(null);
  accessToken = token;
  changed();
}

/** A recipient signed in by magic link: any user session in memory gives way. */
export function startRecipientSession(session: RecipientSession) {
  accessToken = null;
  const parsed = parseRecipientSession(session);
  if (!parsed) throw new TypeError('Not a recipient session: a session token and a recipient context');
  writeRecipientSession(parsed);
  changed();
}

export function clearSession() {
  accessToken = null;
  writeRecipientSession(null);
  changed();
}

let unheardLoss: AuthLostReason | null = null;

function loseSession(reason: AuthLostReason) {
  clearSession();
  if (authLostListeners.size === 0) unheardLoss = reason;
  for (const listener of authLostListeners) listener(reason);
}

/** Test helper: forget everything held in memory (storage is left to the caller). */
export function resetApiClient() {
  accessToken = null;
  recipientSession = undefined;
  refreshInFlight = null;
  snapshot = null;
  listeners.clear();
  authLostListeners.clear();
  unheardLoss = null;
}

// ---------------------------------------------------------------------------------------------
// HTTP

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as it is (a file's bytes), with the file's type or `contentType`. */
  body?: Blob;
  contentType?: string;
  query?: Query;
  /** false: send no session credentials other than cookies (login, refresh, logout...). */
  auth?: boolean;
  signal?: AbortSignal;
  /** 'blob': the body as it came (a file download); errors are still read as `{detail}`. */
  responseType?: 'json' | 'blob';
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

async function send(path: string, options: RequestOptions, headers: Record<string, string>) {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: { Accept: options.responseType === 'blob' ? '*/*' : 'application/json', ...headers },
    signal: options.signal,
  };
  if (options.form) {
    init.body = new URLSearchParams(options.form).toString();
    (init.headers as Record<string, string>)['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    init.body = JSON.stringify(options.json);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  } else if (options.body) {
    init.body = options.body;
    (init.headers as Record<string, string>)['Content-Type'] =
      options.contentType ?? (options.body.type || 'application/octet-stream');
  }
  try {
    return await fetch(apiUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const GENERIC_DETAIL: Record<number, string> = {
  400: 'The request was not accepted.',
  401: ERROR.notAuthenticated,
  403: ERROR.forbidden,
  404: ERROR.notFound,
  429: ERROR.tooManyRequests,
};

async function toApiError(response: Response): Promise<ApiError> {
  let detail: string | null = null;
  try {
    const body = (await response.json()) as { detail?: unknown; message?: unknown };
    if (typeof body.detail === 'string' && body.detail) detail = body.detail;
    else if (typeof body.message === 'string' && body.message) detail = body.message;
  } catch {
    // not JSON: fall back to a generic description
  }
  const fallback = GENERIC_DETAIL[response.status] ?? `Something went wrong (error ${response.status}).`;
  return new ApiError(
    response.status,
    detail ?? fallback,
    parseRetryAfter(response.headers.get('Retry-After')),
    detail !== null,
  );
}

async function parse<T>(
  response: Response,
  responseType: RequestOptions['responseType'] = 'json',
): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export interface RefreshResult {
  access_token: string;
  /** Who the session is for (POST /refresh answers with the user). */
  user?: { user_role?: string };
  [key: string]: unknown;
}

/**
 * Tabs of one browser share the refresh cookie. The server treats a rotated token presented
 * again as theft and ends the session, so refreshes are serialised across tabs with a Web Lock:
 * the second tab waits and sends the cookie the first one received.
 */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('portal-session-refresh', work) as Promise<T>) : work();
}

/** What the page's session-boot script (apps/web/scripts/session-boot.js) sent. */
interface EarlyRefresh {
  url: string;
  response: Promise<Response>;
  /** GET /portal/me with the refresh's access token (null: the refresh gave none). */
  me?: Promise<Response | null>;
  /** An agent's /leads: its newest active leads and its numbers (null: not an agent). */
  leads?: Promise<{ list: Promise<Response>; stats: Promise<Response> } | null> | null;
}

/** The boot script's requests, as the start-up restore takes them; a failure reads as no answer. */
export interface ClaimedEarlyRefresh {
  response: Promise<Response>;
  /** Its GET /portal/me, if it sent one. */
  me: Promise<Response | null>;
  /** Its GET /portal/me/leads (the default view) and GET /portal/me/lead-stats, if it sent them. */
  leads: { list: Promise<Response | null>; stats: Promise<Response | null> };
}

const answerOrNull = (sent: Promise<Response | null | undefined> | undefined | null) =>
  (sent ?? Promise.resolve(null)).then(
    (response) => response ?? null,
    () => null,
  );

declare global {
  interface Window {
    /** The boot script's refresh; `null` once the app has started or the restore has claimed it. */
    __portalEarlyRefresh?: EarlyRefresh | null;
  }
}

// The app has started: a boot script that runs only now sends nothing (the pages name it ahead of
// the entry, which runs it first; this guards against any page or cache that does otherwise). A second refresh would rotate the cookie again, or, in a browser without Web
// Locks, present the same one twice, which the server takes for theft.
if (typeof window !== 'undefined') window.__portalEarlyRefresh ??= null;

/**
 * The start-up restore's claim on the POST /refresh the boot script sent while this code was
 * downloading (lib/session-restore.ts), once per page: any later caller gets null, so no later
 * refresh can pick up that old answer. Null too when it went to another API than this build's.
 */
export function claimEarlyRefresh(): ClaimedEarlyRefresh | null {
  if (typeof window === 'undefined') return null;
  const early = window.__portalEarlyRefresh;
  window.__portalEarlyRefresh = null;
  if (!early || early.url !== apiUrl('/refresh')) return null;
  const leads = (early.leads ?? Promise.resolve(null)).catch(() => null);
  return {
    response: early.response.catch(() => {
      throw new ApiError(0, UNREACHABLE);
    }),
    me: answerOrNull(early.me),
    leads: {
      list: answerOrNull(leads.then((asked) => asked?.list)),
      stats: answerOrNull(leads.then((asked) => asked?.stats)),
    },
  };
}

/**
 * What one of the boot script's requests answered (claimEarlyRefresh), read as any answer of
 * `api`; without a usable answer (none sent, a failure, a refusal) `ask` sends the request as
 * usual, with the access token now held.
 */
export async function readEarly<T>(sent: Promise<Response | null>, ask: () => Promise<T>): Promise<T> {
  const response = await sent;
  if (response?.ok) return parse<T>(response);
  return ask();
}

/**
 * POST /refresh with the cookie. Concurrent callers share one request, so a rotated refresh
 * token is never presented twice. `sent`: the boot script's request (claimEarlyRefresh), whose
 * answer is read instead of sending one.
 */
export function refreshSession(sent?: Promise<Response> | null): Promise<RefreshResult> {
  if (refreshInFlight) return refreshInFlight;
  const startedAt = generation;
  refreshInFlight = (async () => {
    const response = await (sent ?? acrossTabs(() => send('/refresh', { method: 'POST' }, {})));
    const body = await parse<Partial<RefreshResult> | undefined>(response);
    if (!body || typeof body.access_token !== 'string' || !body.access_token) {
      throw new ApiError(response.status, 'The refresh response did not contain an access token.');
    }
    // Signed out (or signed in as someone else) while the refresh was on its way.
    if (generation !== startedAt) throw new ApiError(401, ERROR.notAuthenticated);
    accessToken = body.access_token;
    writeRecipientSession(null);
    changed();
    return { ...body, access_token: body.access_token };
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * The credentials apiRequest sends, for a request read as it comes (the live event stream,
 * lib/use-lead-events.ts): the recipient session header, or the user's bearer token.
 */
export function sessionHeaders(): Record<string, string> {
  const recipient = readRecipientSession();
  if (recipient) return { 'X-Recipient-Session': recipient.session_token };
  return accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useSession = options.auth !== false;
  const recipient = useSession ? readRecipientSession() : null;

  if (recipient) {
    const response = await send(path, options, { 'X-Recipient-Session': recipient.session_token });
    if (response.status === 401) {
      const error = await toApiError(response);
      loseSession('recipient_session_expired');
      throw error;
    }
    return parse<T>(response, options.responseType);
  }

  const token = useSession ? accessToken : null;
  const response = await send(path, options, token ? { Authorization: `Bearer ${token}` } : {});
  if (response.status !== 401 || !token) return parse<T>(response, options.responseType);

  let fresh: string;
  try {
    // Another call may already have refreshed while this one was in flight.
    fresh = accessToken && accessToken !== token ? accessToken : (await refreshSession()).access_token;
  } catch {
    const error = await toApiError(response);
    loseSession('session_expired');
    throw error;
  }
  const retried = await send(path, options, { Authorization: `Bearer ${fresh}` });
  if (retried.status === 401) {
    const error = await toApiError(retried);
    loseSession('session_expired');
    throw error;
  }
  return parse<T>(retried, options.responseType);
}

type BodyOptions = Omit<RequestOptions, 'method' | 'json'>;

export const api = {
  get: <T>(path: string, options?: Omit<BodyOptions, 'form'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, json?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', json }),
  patch: <T>(path: string, json?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', json }),
  put: <T>(path: string, json?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', json }),
  delete: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The text to show a person for a failed call; a 429 says when to try again. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 429 && error.retryAfterSeconds !== null) {
    const wait = error.retryAfterSeconds;
    const when = wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : `${wait} second${wait === 1 ? '' : 's'}`;
    return `${error.detail} You can try again in ${when}.`;
  }
  return error.detail;
}
