import { createSecretKey, type KeyObject } from 'node:crypto';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/**
 * Access tokens and one-time links are JWTs signed with two different keys, each with its own
 * audience and `typ`, so neither can stand in for the other (SECURITY.md item 7). jose signs and
 * verifies both.
 */

const ISSUER = 'agent-portal';
export const ACCESS_AUDIENCE = 'portal-api';
export const LINK_AUDIENCE = 'portal-link';

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** At most this many verified access tokens are kept per secret, the least recently used going first. */
const VERIFIED_TOKENS_KEPT = 20_000;

interface Verified {
  claims: AccessClaims;
  /** The token's `exp`, in seconds. */
  exp: number;
}

/**
 * What each secret needs: its key object (importing the key on every request would cost more
 * than the HMAC), and the access tokens already verified with it (ADR 41). A client sends the
 * same access token on every request for its 15 minutes: looking a verified token up costs well
 * under a microsecond, jose's verification tens of microseconds.
 */
interface Keyring {
  key: KeyObject;
  verified: LRUCache<string, Verified>;
}

const keyrings = new Map<string, Keyring>();

function keyring(secret: string): Keyring {
  let found = keyrings.get(secret);
  if (!found) {
    found = {
      key: createSecretKey(Buffer.from(secret, 'utf8')),
      verified: new LRUCache({ max: VERIFIED_TOKENS_KEPT }),
    };
    keyrings.set(secret, found);
  }
  return found;
}

/** jose's verdict on a token it refused; anything else is a fault and is thrown. */
const refused = (error: unknown) => error instanceof joseErrors.JOSEError || error instanceof TypeError;

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
    .sign(keyring(secret).key);
}

/**
 * The claims of a valid access token, or null. A token whose signature and claims passed is kept
 * and answered until its `exp`; any other string, one character changed, is verified in full.
 * Whether its session still stands is read from the database on every request (plugins/auth.ts).
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const { key, verified } = keyring(secret);
  // One reading of the clock for the kept token and for jose's check of `exp` and `nbf`.
  const now = Date.now();
  const seen = verified.get(token);
  if (seen) {
    if (seen.exp > Math.floor(now / 1000)) return seen.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return null;
    }
    const claims = Object.freeze({ sub: payload.sub, sid: payload.sid });
    verified.set(token, { claims, exp: payload.exp! });
    return claims;
  } catch (error) {
    if (refused(error)) return null;
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
    .sign(keyring(secret).key);
}

export type LinkVerification =
  | { ok: true; claims: LinkClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyLinkToken(secret: string, token: string): Promise<LinkVerification> {
  try {
    const { payload } = await jwtVerify(token, keyring(secret).key, {
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
    if (refused(error)) return { ok: false, reason: 'invalid' };
    throw error;
  }
}

/** The `type` of a link token, read without verifying it (the client reads it the same way). */
export function peekTokenType(token: string): string | null {
  try {
    const { type } = decodeJwt(token);
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}
