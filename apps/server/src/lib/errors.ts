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
