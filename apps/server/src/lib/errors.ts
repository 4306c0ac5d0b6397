/** Errors an operation throws; one handler turns them into `{detail}` with the right status. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const badRequest = (detail: string) => new AppError('bad_request', detail);
export const unauthorized = (detail: string) => new AppError('unauthorized', detail);
export const forbidden = (detail: string) => new AppError('forbidden', detail);
export const notFound = (detail: string) => new AppError('not_found', detail);

/** PostgreSQL's SQLSTATE of an error, also when drizzle wraps the driver's error in its own. */
export function sqlStateOf(error: unknown): string | undefined {
  const code =
    (error as { code?: unknown } | null)?.code ??
    (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What PostgreSQL says about a refused statement: node-postgres and PGlite both give `code`,
 * `constraint`, `table` and `detail` on their error, which drizzle wraps as `cause`.
 */
interface PgErrorFields {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
}

function pgFieldsOf(error: unknown): PgErrorFields | null {
  const own = error as PgErrorFields | null;
  if (typeof own?.code === 'string' && /^[0-9A-Z]{5}$/.test(own.code)) return own;
  const cause = (error as { cause?: PgErrorFields } | null)?.cause;
  if (typeof cause?.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code)) return cause;
  return null;
}

/** A unique index's name -> what already exists, in the words of the person who sent the request. */
const UNIQUE_CONSTRAINTS: Record<string, string> = {
  users_email_key: 'An account with this e-mail address already exists',
  agents_user_key: 'This account already has an agent record',
  agents_uri_key: 'An agent with this agent URI already exists',
  group_memberships_key: 'This agent is already in the group',
  access_codes_code_key: 'An access code with this name already exists',
  onboarding_calls_slot_key: 'That time was just taken. Please choose another.',
  recipients_primary_key: 'The agent already has a primary recipient',
  recipients_agent_row_key: "The agent's own recipient already exists",
  api_keys_prefix_key: 'An API key with this prefix already exists',
  leads_source_external_key: 'A lead with this source and external id already exists',
  leads_idempotency_key: 'A lead with this Idempotency-Key already exists',
  call_events_source_external_key: 'A call with this source and external id already exists',
  signature_requests_one_pending_key: 'An agreement of this kind is already out for signature',
  signature_requests_provider_document_key: 'This signing document is already recorded',
  signature_signers_order_key: 'This signer is already on the agreement',
};

/** A table -> the thing one of its rows is, for the messages no constraint above names. */
const TABLE_THINGS: Record<string, string> = {
  users: 'account',
  agents: 'agent',
  groups: 'group',
  group_memberships: 'group membership',
  access_codes: 'access code',
  api_keys: 'API key',
  recipients: 'recipient',
  leads: 'lead',
  call_events: 'call',
  onboarding_calls: 'onboarding call',
  signature_requests: 'agreement',
  signature_signers: 'signer',
  uploads: 'file',
  ratings: 'rating',
  settings: 'setting',
  pending_registrations: 'registration',
};

/** 22001 too long, 22003 out of range, 22007/22008 date and time, 22021 encoding, 22P02 syntax. */
const VALUE_REFUSALS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02']);

const thingOf = (table: string | undefined) => (table && TABLE_THINGS[table]) || 'record';

/**
 * A statement PostgreSQL refused because of the data, as the answer the client should get, or
 * null for anything else (an outage, a bug: those stay 5xx). One table for every route, so a
 * route that forgot a race still answers in words (ADR 33):
 * - 23505 unique_violation: 409 naming what exists (the constraint's words, else "This <thing>
 *   already exists");
 * - 23503 foreign_key_violation: 409, the row referred to went away meanwhile (or, on a delete,
 *   is still in use);
 * - 23502 not_null_violation, 23514 check_violation and the data exceptions a request's values
 *   cause (a text too long for its column, a number out of range, a malformed date, time or
 *   number, bytes that are not UTF-8): 400. Other data exceptions (a division by zero) are the
 *   server's own fault and stay 500.
 */
export function databaseRefusal(error: unknown): AppError | null {
  const pg = pgFieldsOf(error);
  if (!pg?.code) return null;
  const { code } = pg;
  if (code === '23505') {
    const words =
      (pg.constraint && UNIQUE_CONSTRAINTS[pg.constraint]) || `This ${thingOf(pg.table)} already exists`;
    return new AppError('conflict', words);
  }
  if (code === '23503') {
    const referenced = /is not present in table "([^"]+)"/.exec(pg.detail ?? '')?.[1];
    if (referenced)
      return new AppError(
        'conflict',
        `The ${thingOf(referenced)} this refers to no longer exists: reload and try again`,
      );
    const referencing = /is still referenced from table "([^"]+)"/.exec(pg.detail ?? '')?.[1];
    return new AppError(
      'conflict',
      referencing
        ? `This ${thingOf(pg.table)} is still in use (by a ${thingOf(referencing)})`
        : `The ${thingOf(pg.table)} refers to something that no longer exists: reload and try again`,
    );
  }
  if (code === '23502')
    return badRequest(pg.column ? `${pg.column} is required` : 'A required value is missing');
  if (code === '23514') return badRequest(`A value is not allowed for this ${thingOf(pg.table)}`);
  if (VALUE_REFUSALS.has(code))
    return badRequest('A value in the request cannot be stored: it is out of range, too long or malformed');
  return null;
}

/**
 * An outage of the database, as node-postgres and PostgreSQL report it (also when drizzle wraps
 * the error in its own): the client answers 503 and may retry, never a bare 500. A pooled client
 * whose connection broke says "Client has encountered a connection error and is not queryable"
 * to the next query given to it before the pool throws it away.
 */
export function isDatabaseDown(error: unknown): boolean {
  const code = sqlStateOf(error);
  const message = `${(error as Error)?.message ?? ''} ${(error as { cause?: Error })?.cause?.message ?? ''}`;
  if (
    /Connection terminated|connection timeout|Connection ended|terminating connection|encountered a connection error|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i.test(
      message,
    )
  )
    return true;
  return (
    typeof code === 'string' &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08000',
      '08001',
      '08003',
      '08004',
      '53300',
    ].includes(code)
  );
}
