/**
 * What a file really is, from its first bytes (SECURITY.md item 19): a renamed HTML or SVG file
 * does not pass for a PNG. Returns a MIME type, or null for anything we do not accept.
 */
export const SNIFF_BYTES = 32;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

export function sniffContentType(bytes: Buffer): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = bytes.subarray(8, 12).toString('latin1');
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  return null;
}

/** MP4 and QuickTime share a container; browsers label either file either way. */
const SAME_CONTAINER: Record<string, string[]> = {
  'video/mp4': ['video/mp4', 'video/quicktime'],
  'video/quicktime': ['video/mp4', 'video/quicktime'],
};

export function contentMatches(declared: string, sniffed: string | null): boolean {
  if (!sniffed) return false;
  return (SAME_CONTAINER[declared] ?? [declared]).includes(sniffed);
}

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};
