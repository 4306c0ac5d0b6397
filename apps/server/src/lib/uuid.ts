import { randomFillSync } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds in its first 48 bits, random bits
 * after. Ids made one after another sort in the order they were made, so the primary key of a
 * table that grows by inserts takes each new entry on its last pages instead of on any page of
 * the index: far fewer pages written per insert, and far fewer of them copied whole into the
 * write-ahead log after each checkpoint (ADR 69). The database makes the same ids as column
 * defaults (`portal_uuid_v7()`, migration 0031).
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomFillSync(new Uint8Array(16));
  let ms = Math.floor(now);
  for (let index = 5; index >= 0; index--) {
    bytes[index] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC's variant
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
