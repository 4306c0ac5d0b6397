import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { uploads } from '../../db/schema';
import { loadSharp } from '../../lib/sharp';

/** Largest side of the web version of an image; the original is kept as it was. */
export const WEB_IMAGE_SIZE = 1600;

/** The job: a resized, rotated-upright WebP for display, beside the original. */
export async function makeWebVersion(deps: AppDeps, uploadId: string): Promise<string | null> {
  const [upload] = await deps.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!upload || upload.status !== 'confirmed' || upload.webKey) return upload?.webKey ?? null;
  const storage = deps.providers.storage;
  const original = await storage.read(upload.key);
  const sharp = await loadSharp();
  const resizer = sharp({ limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: WEB_IMAGE_SIZE, height: WEB_IMAGE_SIZE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 });
  const webKey = `${upload.key}.web.webp`;
  const output = await original.pipe(resizer).toBuffer();
  await storage.write(webKey, output, 'image/webp');
  const [kept] = await deps.database.db
    .update(uploads)
    .set({ webKey })
    .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'confirmed')))
    .returning({ id: uploads.id });
  if (!kept) {
    // Deleted while it was being made: its deletion may already have run.
    await storage.delete(webKey).catch(() => {});
    return null;
  }
  return webKey;
}
