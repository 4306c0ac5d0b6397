import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { contentSecurityPolicy, strictTransportSecurity } from '../src/plugins/security-headers';
import { createTestContext, type TestContext } from './helpers/app';

/** A Content-Security-Policy on the API, the app and /api/docs; HSTS on https. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const production = (publicUrl: string, extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db.invalid/portal',
    JWT_SECRET: 'a-jwt-secret-long-enough-for-production-0123456789',
    TOKEN_SECRET: 'a-token-secret-long-enough-for-production-0123456789',
    SMTP_URL: 'smtp://mail.invalid:25',
    PUBLIC_URL: publicUrl,
    DATA_DIR: '/tmp/portal-headers-test',
    ...extra,
  });

describe('security headers', () => {
  it('sends a policy with no inline script on the API and on the docs page', async () => {
    for (const url of ['/api/health', '/api/docs/', '/api/openapi.json']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(400);
      const csp = String(response.headers['content-security-policy']);
      const scripts = csp.split('; ').find((part) => part.startsWith('script-src'));
      expect(scripts, url).toBe("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Not production over https: no HSTS (a developer's http://localhost must keep working).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    const docs = await ctx.app.inject({ url: '/api/docs/' });
    expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('lets the browser reach the S3 endpoint that presigned addresses point at, and nothing else', () => {
    const csp = contentSecurityPolicy(
      production('https://portal.example.com', {
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'https://s3.example.net/',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    expect(csp).toContain("img-src 'self' data: blob: https://s3.example.net;");
    expect(csp).toContain("connect-src 'self' https://s3.example.net;");
    // Virtual-hosted style (the default): the bucket is a subdomain of the endpoint.
    const hosted = contentSecurityPolicy(
      production('https://portal.example.com', {
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'https://nyc3.spaces.example.net',
      }),
    );
    expect(hosted).toContain(
      "connect-src 'self' https://nyc3.spaces.example.net https://media.nyc3.spaces.example.net;",
    );
    expect(hosted).toContain(
      "media-src 'self' blob: https://nyc3.spaces.example.net https://media.nyc3.spaces.example.net;",
    );
    expect(contentSecurityPolicy(production('https://portal.example.com'))).toContain("connect-src 'self';");
  });

  it('sends Strict-Transport-Security only in production behind an https PUBLIC_URL', () => {
    expect(strictTransportSecurity(production('https://portal.example.com'))).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(strictTransportSecurity(production('http://portal.example.com'))).toBeNull();
    expect(strictTransportSecurity(ctx.deps.config)).toBeNull();
  });
});
