import type {} from '@fastify/cookie';
import { TOKEN_TTL_SECONDS } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';
/**
 * A readable companion of the refresh cookie that holds no secret: it only tells the web app
 * that a refresh is worth trying, so visitors who never signed in do not send one on every load.
 */
export const SESSION_HINT_COOKIE = 'has_session';

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
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
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
  reply.clearCookie(SESSION_HINT_COOKIE, {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  });
}

export const readRefreshCookie = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
};
