import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Where the browser may fetch stored files from: the portal itself (local storage), or the S3
 * endpoint that presigned addresses point at.
 */
function storageOrigins(config: Config): string[] {
  if (!config.s3) return [];
  if (!config.s3.endpoint) return ['https://*.amazonaws.com'];
  const endpoint = new URL(config.s3.endpoint);
  // Without path style the SDK addresses the bucket as a subdomain of the endpoint.
  return config.s3.forcePathStyle
    ? [endpoint.origin]
    : [endpoint.origin, `${endpoint.protocol}//${config.s3.bucket}.${endpoint.host}`];
}

/**
 * The Content-Security-Policy of the app and of /api/docs: scripts only from
 * the portal's own origin, no inline script anywhere (the build writes none; Swagger UI loads
 * its files), styles from the origin plus inline style attributes (components set them), images
 * and media also from data: and blob: (previews before upload, a drawn signature) and the
 * storage, no plugins, no framing by other sites. A route that sets its own, stricter policy
 * (a served file, a signing document) keeps it.
 */
export function contentSecurityPolicy(config: Config): string {
  const storage = storageOrigins(config).join(' ');
  const withStorage = (sources: string) => (storage ? `${sources} ${storage}` : sources);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withStorage("'self' data: blob:")}`,
    `media-src ${withStorage("'self' blob:")}`,
    `connect-src ${withStorage("'self'")}`,
    "font-src 'self' data:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HSTS only where the portal is served over https in production: a year, subdomains included. */
export function strictTransportSecurity(config: Config): string | null {
  return config.production && config.publicUrl.startsWith('https://')
    ? 'max-age=31536000; includeSubDomains'
    : null;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const csp = contentSecurityPolicy(options.config);
  const hsts = strictTransportSecurity(options.config);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Request-Id', request.id);
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', csp);
    if (hsts) reply.header('Strict-Transport-Security', hsts);
    done(null, payload);
  });
});
