import type { FastifyRequest } from 'fastify';

/** Who sent a request, as sign-ins, sessions and audit entries record it. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
