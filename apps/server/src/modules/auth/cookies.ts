import type {} from '@fastify/cookie';
import { TOKEN_TTL_SECONDS } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';

/** The refresh token: httpOnly, SameSite=Lax, scoped to the API, Secure outside plain-HTTP dev. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const { config } = request.server.deps;
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: config.apiBase || '/',
    maxAge: TOKEN_TTL_SECONDS.refresh,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { config } = request.server.deps;
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: config.apiBase || '/',
  });
}

export const readRefreshCookie = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
};
