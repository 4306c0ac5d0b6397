import { createHmac } from 'node:crypto';
import { SIGNING_LINK_TTL_HOURS } from '@portal/shared';
import type { Config } from '../../config';
import { randomToken, safeEqual } from '../../lib/crypto';

/**
 * Built-in signing links (SECURITY.md items 9 and 21): `<signer id>.<nonce>.<mac>`. The nonce is
 * 128 random bits recorded on the signer; the MAC is keyed with the server's token secret, so the
 * database alone cannot forge or rebuild a link. Spending the link, or issuing a new one, replaces
 * the nonce: every earlier link stops working.
 */

const mac = (secret: string, signerId: string, nonce: string) =>
  createHmac('sha256', secret).update(`signing-link:${signerId}:${nonce}`).digest('base64url');

export const newLinkNonce = () => randomToken(16);

export const linkExpiry = (from = new Date()) => new Date(from.getTime() + SIGNING_LINK_TTL_HOURS * 3600_000);

export function signingToken(config: Config, signerId: string, nonce: string): string {
  return `${signerId}.${nonce}.${mac(config.tokenSecret, signerId, nonce)}`;
}

export function signingUrl(config: Config, signerId: string, nonce: string): string {
  return `${config.publicUrl}/sign/${signingToken(config, signerId, nonce)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The signer and nonce a link names, or null when it was not made by this server. */
export function readSigningToken(config: Config, token: string): { signerId: string; nonce: string } | null {
  const [signerId, nonce, signature, extra] = token.split('.');
  if (!signerId || !nonce || !signature || extra !== undefined || !UUID.test(signerId)) return null;
  return safeEqual(signature, mac(config.tokenSecret, signerId, nonce)) ? { signerId, nonce } : null;
}
