import type { FastifyReply } from 'fastify';

/**
 * Answers a PDF: shown in the browser (`inline`) or downloaded, never kept by a cache, and
 * sandboxed so that a script inside the document cannot run with the portal's origin.
 */
export function sendPdf(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; filename: string },
  inline: boolean,
) {
  reply.header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.filename}"`);
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.type('application/pdf');
  return reply.send(file.stream);
}

/**
 * Answers a stored file a person uploaded (a PDF or an image), shown in the browser with its own
 * name, never kept by a cache, sandboxed and never sniffed into another type.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; type: string; name: string },
) {
  reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.type(file.type);
  return reply.send(file.stream);
}
