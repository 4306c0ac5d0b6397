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
