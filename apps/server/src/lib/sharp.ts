/**
 * sharp (libvips) loaded on first use: only uploads, drawn signatures and the e-mail logo need
 * it, and loading it costs ~0.15 s of every start (ADR 21: a warm start in < 3 s).
 */
let loading: Promise<typeof import('sharp')> | null = null;

export async function loadSharp() {
  loading ??= import('sharp');
  return (await loading).default;
}
