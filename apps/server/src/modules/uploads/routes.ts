import path from 'node:path';
import {
  AgentRecordSchema,
  DetailSchema,
  INLINE_CONTENT_TYPES,
  MediaFieldSchema,
  MediaFilesSchema,
  MediaOrderSchema,
  UploadRequestSchema,
  UploadTicketSchema,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploads } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { LocalStorageProvider } from '../../providers/storage/local';
import { DOWNLOAD_LINK_SECONDS, DOWNLOAD_REDIRECT_MAX_AGE_SECONDS, requireFileAccess } from './file-access';
import { thumbKeyOf } from './resize';
import { confirmUpload, deleteUpload, listMediaNames, reorderMedia, requestUpload } from './service';

const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
  413: DetailSchema,
  415: DetailSchema,
};
const IdParams = z.object({ id: z.uuid() });

export async function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/upload',
    {
      preHandler: requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Ask where to upload a file: the server checks kind, type and size and chooses the key',
        body: UploadRequestSchema,
        response: { 201: UploadTicketSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestUpload(app.deps, currentUser(request), request.body)),
  );

  r.post(
    '/upload/:id/confirm',
    {
      preHandler: requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'The bytes are uploaded: check them and attach the file to the agent record',
        params: IdParams,
        response: { 200: AgentRecordSchema, ...errors },
      },
    },
    async (request) => confirmUpload(app.deps, currentUser(request), request.params.id),
  );

  r.delete(
    '/upload/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Remove a file from the agent record and from storage',
        params: IdParams,
        response: { 200: AgentRecordSchema, ...errors },
      },
    },
    async (request) => deleteUpload(app.deps, currentUser(request), request.params.id),
  );

  r.get(
    '/portal/me/media',
    {
      preHandler: requireUser,
      schema: {
        tags: ['uploads'],
        summary: "The name each of the agent's files was uploaded with, by its URL",
        response: { 200: MediaFilesSchema, ...errors },
      },
    },
    async (request) => listMediaNames(app.deps, currentUser(request)),
  );

  r.put(
    '/portal/me/media/:field',
    {
      preHandler: requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Put the files of a list (headshots, photos, logos, videos) in a new order',
        params: z.object({ field: MediaFieldSchema }),
        body: MediaOrderSchema,
        response: { 200: AgentRecordSchema, ...errors },
      },
    },
    async (request) => reorderMedia(app.deps, currentUser(request), request.params.field, request.body.urls),
  );

  r.get(
    '/files/:id',
    {
      schema: {
        tags: ['uploads'],
        summary:
          "A confirmed file (its web version for images, unless ?original=1; ?size=thumb a thumbnail), for its owner, the agent's office and managers, and superusers (bearer or the session cookie)",
        params: IdParams,
        querystring: z.object({
          original: z.enum(['0', '1']).optional(),
          size: z.enum(['thumb', 'web']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const [upload] = await app.deps.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, request.params.id));
      if (!upload || upload.status !== 'confirmed') throw notFound('File not found');
      await requireFileAccess(request, upload);
      const storage = app.deps.providers.storage;
      const useWeb = Boolean(upload.webKey) && request.query.original !== '1';
      // The thumbnail is made with the web version; an image from before thumbnails has none.
      const thumbKey = thumbKeyOf(upload.key);
      const useThumb =
        useWeb && request.query.size === 'thumb' && Boolean(await storage.head(thumbKey).catch(() => null));
      const key = useThumb ? thumbKey : useWeb ? upload.webKey! : upload.key;
      const contentType = useWeb ? 'image/webp' : upload.contentType;
      // PDFs and raster images open in the browser's tab; anything else downloads (a <video>
      // element plays it all the same). The stored type was checked against the bytes at
      // confirmation, so HTML or SVG never gets here as an image.
      const inline = INLINE_CONTENT_TYPES.includes(contentType);
      const filename = upload.filename;
      reply.header('X-Content-Type-Options', 'nosniff');
      // A sandboxed document: no script, no form, no same-origin access. Chromium's PDF viewer
      // does not run in a sandbox, so a PDF gets the same policy without it.
      reply.header(
        'Content-Security-Policy',
        contentType === 'application/pdf' ? "default-src 'none'" : "default-src 'none'; sandbox",
      );
      const direct = await storage.downloadUrl(key, {
        filename,
        inline,
        expiresInSeconds: DOWNLOAD_LINK_SECONDS,
      });
      if (direct) {
        // A redirect kept by the browser must never outlive the link it points at.
        reply.header('Cache-Control', `private, max-age=${DOWNLOAD_REDIRECT_MAX_AGE_SECONDS}`);
        return reply.redirect(direct, 302);
      }
      reply.header('Cache-Control', 'private, max-age=3600');
      if (!(storage instanceof LocalStorageProvider)) throw notFound('File not found');
      const asciiName = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply.header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      );
      reply.type(contentType);
      // send() answers Range requests, so videos can be played from any point.
      return reply.sendFile(path.relative(storage.rootDir, storage.pathOf(key)), storage.rootDir, {
        contentType: false,
        cacheControl: false,
      } as never);
    },
  );
}
