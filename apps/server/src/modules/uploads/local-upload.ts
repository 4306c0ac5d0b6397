import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { LocalStorageProvider } from '../../providers/storage/local';

class TooLarge extends Error {}

/**
 * The upload a link was issued for must still be waiting for its bytes: a deleted, refused or
 * lapsed one takes none (its link stays signed and unexpired for up to 15 minutes).
 */
async function requirePending(app: FastifyInstance, key: string): Promise<void> {
  const id = key.match(/\/([0-9a-f-]{36})\.[a-z0-9]+$/)?.[1];
  const [upload] = id
    ? await app.deps.database.db
        .select({ key: uploads.key, status: uploads.status })
        .from(uploads)
        .where(eq(uploads.id, id))
    : [];
  if (!upload || upload.key !== key) throw new AppError('forbidden', 'This upload link is not valid.');
  if (upload.status === 'deleted') {
    throw new AppError('gone', 'This upload was deleted. Choose the file again to upload it.');
  }
  if (upload.status === 'rejected') {
    throw new AppError('gone', 'This upload was refused or has lapsed. Choose the file again to upload it.');
  }
  if (upload.status !== 'pending') throw new AppError('conflict', 'This upload has already been received.');
}

/**
 * PUT /api/storage/upload/:token: the local provider's stand-in for a presigned S3 URL. The body
 * is streamed to disk (never held in memory), and refused as soon as it passes the signed size.
 */
export async function localUploadRoutes(app: FastifyInstance) {
  const storage = app.deps.providers.storage;
  if (!(storage instanceof LocalStorageProvider)) return;

  // Leave the body unread: the handler streams it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    '/storage/upload/:token',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Receive the bytes of an upload (local storage only; the URL comes from POST /upload)',
        params: z.object({ token: z.string().min(10).max(2000) }),
      },
    },
    async (request, reply) => {
      const grant = storage.verifyUploadToken((request.params as { token: string }).token);
      if (grant === 'expired')
        throw new AppError('forbidden', 'This upload link has expired. Start the upload again.');
      if (!grant) throw new AppError('forbidden', 'This upload link is not valid.');
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== grant.contentType) {
        throw new AppError('unsupported_media_type', `This upload accepts ${grant.contentType} only.`);
      }
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > grant.size) {
        throw new AppError('payload_too_large', 'The file is larger than announced.');
      }
      await requirePending(app, grant.key);
      const file = storage.pathOf(grant.key);
      if (
        await stat(file).then(
          () => true,
          () => false,
        )
      ) {
        throw new AppError('conflict', 'This upload has already been received.');
      }
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${request.id}.part`;
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          callback(received > grant.size ? new TooLarge() : null, chunk);
        },
      });
      try {
        await pipeline(request.raw, counter, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        if (error instanceof TooLarge) {
          // Stop reading the rest of an oversized body.
          reply.header('Connection', 'close');
          throw new AppError('payload_too_large', 'The file is larger than announced.');
        }
        throw error;
      }
      if (received !== grant.size) {
        await rm(partial, { force: true });
        throw new AppError(
          'bad_request',
          `The upload was incomplete (${received} of ${grant.size} bytes). Please try again.`,
        );
      }
      await rename(partial, file);
      // Deleted while the body was arriving: the deletion has run, or runs after this check and
      // finds the file.
      try {
        await requirePending(app, grant.key);
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return reply.status(200).send({ size: received });
    },
  );
}
