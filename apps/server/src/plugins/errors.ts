import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, databaseRefusal, isDatabaseDown } from '../lib/errors';

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
    // A statement PostgreSQL refused for its data (a unique index that lost a race, a row gone
    // meanwhile, a value out of range): the client is told what, never a 500. Logged, since a
    // route that meets one has a check to add.
    const refusal = status >= 500 ? databaseRefusal(error) : null;
    if (refusal) {
      request.log.warn({ err: error }, 'database refused the request');
      return reply.status(refusal.status).send({ detail: refusal.message });
    }
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
