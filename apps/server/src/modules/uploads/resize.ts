import { THUMB_IMAGE_SIZE, WEB_IMAGE_SIZE } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { uploads } from '../../db/schema';
import { loadSharp } from '../../lib/sharp';

/** Where an upload's thumbnail is kept: beside its web version, made by the same job. */
export const thumbKeyOf = (key: string) => `${key}.thumb.webp`;

/**
 * The job: a resized, rotated-upright WebP for display and a thumbnail-sized one for lists, both
 * keeping the photo's shape, beside the original. The thumbnail is written first: an upload with
 * a web version has its thumbnail too.
 */
export async function makeWebVersion(deps: AppDeps, uploadId: string): Promise<string | null> {
  const [upload] = await deps.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!upload || upload.status !== 'confirmed' || upload.webKey) return upload?.webKey ?? null;
  const storage = deps.providers.storage;
  const original = await storage.read(upload.key);
  const sharp = await loadSharp();
  // One decode of the original feeds both versions (sharp's clone).
  const upright = sharp({ limitInputPixels: 100_000_000 }).rotate();
  const version = (size: number, quality: number) =>
    upright
      .clone()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  const outputs = Promise.all([version(THUMB_IMAGE_SIZE, 78), version(WEB_IMAGE_SIZE, 82)]);
  original.pipe(upright);
  const [thumb, web] = await outputs;
  const thumbKey = thumbKeyOf(upload.key);
  await storage.write(thumbKey, thumb, 'image/webp');
  const webKey = `${upload.key}.web.webp`;
  await storage.write(webKey, web, 'image/webp');
  const [kept] = await deps.database.db
    .update(uploads)
    .set({ webKey })
    .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'confirmed')))
    .returning({ id: uploads.id });
  if (!kept) {
    // Deleted while it was being made: its deletion may already have run.
    await storage.delete(webKey).catch(() => {});
    await storage.delete(thumbKey).catch(() => {});
    return null;
  }
  return webKey;
}
