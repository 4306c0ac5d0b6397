import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens and one-time links are JWTs signed with two different keys, each with its own
 * audience and `typ`, so neither can stand in for the other (SECURITY.md item 7).
 */

const ISSUER = 'agent-portal';
export const ACCESS_AUDIENCE = 'portal-api';
export const LINK_AUDIENCE = 'portal-link';

/** One key object per secret: importing the key again on every request cost more than the HMAC. */
const keys = new Map<string, KeyObject>();
const key = (secret: string) => {
  let found = keys.get(secret);
  if (!found) {
    found = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, found);
  }
  return found;
};

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

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodePart(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The claims of a valid access token (verified once, then looked up until it expires), or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const seen = verifiedTokens.get(secret)?.get(token);
  if (seen) {
    if (seen.exp > Math.floor(Date.now() / 1000)) return seen.claims;
    verifiedTokens.get(secret)?.delete(token);
  }
  const verified = verifyAccessTokenNow(secret, token);
  if (verified) keepVerified(secret, token, { claims: Object.freeze(verified.claims), exp: verified.exp });
  return verified?.claims ?? null;
}

/**
 * Access tokens already verified, by secret and token, with their claims and expiry (ADR 22): a
 * client sends the same token on every request for its 15 minutes, and checking its signature
 * again each time cost more than looking it up. Only a token whose signature and claims passed
 * is kept, it is answered only until it expires, and a token that differs by one character is
 * verified in full. Whether its session still stands is read from the database every time.
 */
const verifiedTokens = new Map<string, Map<string, { claims: AccessClaims; exp: number }>>();
const VERIFIED_TOKENS_KEPT = 20_000;

function keepVerified(secret: string, token: string, verified: { claims: AccessClaims; exp: number }) {
  let kept = verifiedTokens.get(secret);
  if (!kept) {
    kept = new Map();
    verifiedTokens.set(secret, kept);
  }
  // The oldest goes first; expired ones go when they are next presented or pushed out.
  if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(token, verified);
}

/**
 * Verifies an access token on every authenticated request, synchronously with node:crypto: the
 * same checks as jose's jwtVerify (HS256 only, signature in constant time, issuer, audience,
 * expiry and not-before) without WebCrypto's per-call key and promise work, which cost more than
 * the database round trip (ADR 22). Tokens are still signed by jose above.
 */
function verifyAccessTokenNow(secret: string, token: string): { claims: AccessClaims; exp: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = decodePart(encodedHeader);
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null;
  if (header.typ !== undefined && header.typ !== 'JWT') return null;
  if (!BASE64URL.test(signature)) return null;
  const expected = createHmac('sha256', key(secret)).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodePart(encodedPayload);
  if (!payload) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (payload.iss !== ISSUER) return null;
  const audience = payload.aud;
  if (audience !== ACCESS_AUDIENCE && !(Array.isArray(audience) && audience.includes(ACCESS_AUDIENCE))) {
    return null;
  }
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
    return null;
  return { claims: { sub: payload.sub, sid: payload.sid }, exp: payload.exp };
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
