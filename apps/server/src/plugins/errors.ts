import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, sqlStateOf } from '../lib/errors';

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    if (first) {
      const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const unknown = (first.params as { keys?: string[] } | undefined)?.keys;
      if (first.keyword === 'unrecognized_keys' && unknown?.length) {
        const names = unknown.join(', ');
        return `${names} cannot be set here: ${unknown.length > 1 ? 'they are' : 'it is'} not among the fields you may change`;
      }
      const message = first.message ?? 'is invalid';
      return field ? `${field}: ${message}` : message;
    }
  }
  return error.message;
}

/** Every error leaves as `{detail}`; 5xx texts are logged with the request id and hidden. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'operation failed');
      return reply.status(error.status).headers(error.headers).send({ detail: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ detail: describeValidation(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ detail: `Internal server error (request ${request.id})` });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const unavailable = isDatabaseDown(error);
      return reply.status(unavailable ? 503 : 500).send({
        detail: unavailable
          ? `The service is briefly unavailable. Please try again in a moment (request ${request.id}).`
          : `Internal server error (request ${request.id})`,
      });
    }
    return reply.status(status).send({ detail: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
});

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
