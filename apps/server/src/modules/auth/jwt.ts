import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens and one-time links are JWTs signed with two different keys, each with its own
 * audience and `typ`, so neither can stand in for the other (SECURITY.md item 7).
 */

const ISSUER = 'agent-portal';
export const ACCESS_AUDIENCE = 'portal-api';
export const LINK_AUDIENCE = 'portal-link';

const key = (secret: string) => new TextEncoder().encode(secret);

export interface AccessClaims {
  sub: string;
  sid: string;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

export interface LinkClaims {
  jti: string;
  type: string;
  sub: string;
}

export async function signLinkToken(secret: string, claims: LinkClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ type: claims.type })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(claims.jti)
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(LINK_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

export type LinkVerification =
  | { ok: true; claims: LinkClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyLinkToken(secret: string, token: string): Promise<LinkVerification> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: LINK_AUDIENCE,
    });
    if (
      typeof payload.jti !== 'string' ||
      typeof payload.type !== 'string' ||
      typeof payload.sub !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { jti: payload.jti, type: payload.type, sub: payload.sub } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
      return { ok: false, reason: 'invalid' };
    throw error;
  }
}

/** Reads the unverified payload of a link token (the client checks the type the same way). */
export function peekTokenType(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return typeof payload?.type === 'string' ? payload.type : null;
  } catch {
    return null;
  }
}
