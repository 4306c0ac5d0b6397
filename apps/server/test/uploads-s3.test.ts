import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent } from './helpers/factories';

/** The whole upload flow with S3 as the store: s3rver on loopback stands in for S3. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverServer;

let directory: string;
let s3rver: S3rverServer;
let ctx: TestContext;

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-flow-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: 'flow-bucket' }],
  });
  const { port } = await s3rver.run();
  ctx = await createTestContext({
    env: {
      S3_BUCKET: 'flow-bucket',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  await s3rver?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('uploads on S3', () => {
  it('uploads straight to the bucket, confirms, and serves the file through a short-lived link', async () => {
    const { user, password } = await seedAgent(ctx.deps.database.db);
    const headers = bearer((await login(ctx.app, user.email, password)).accessToken);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#159' } })
      .png()
      .toBuffer();

    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers,
      payload: { kind: 'headshot', fileKey: 'me.png', contentType: 'image/png', size: png.length },
    });
    expect(ticket.statusCode).toBe(201);
    const { upload_url, upload_id, headers: putHeaders } = ticket.json();
    expect(upload_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/flow-bucket\/agents\//);
    expect(new URL(upload_url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');

    const put = await fetch(upload_url, { method: 'PUT', headers: putHeaders, body: png });
    expect(put.status).toBe(200);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${upload_id}/confirm`,
      headers,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().agent_headshots_urls).toEqual([`/api/files/${upload_id}`]);

    const file = await ctx.app.inject({ url: `/api/files/${upload_id}?original=1`, headers });
    // Private: no session, no redirect to the bucket.
    expect((await ctx.app.inject({ url: `/api/files/${upload_id}` })).statusCode).toBe(401);
    expect(file.statusCode).toBe(302);
    const download = await fetch(file.headers.location as string);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses renamed HTML uploaded to the bucket, and removes it', async () => {
    const { user, password } = await seedAgent(ctx.deps.database.db);
    const headers = bearer((await login(ctx.app, user.email, password)).accessToken);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const ticket = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers,
        payload: { kind: 'headshot', fileKey: 'x.png', contentType: 'image/png', size: html.length },
      })
    ).json();
    await fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: html });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${ticket.upload_id}/confirm`,
      headers,
    });
    expect(confirmed.statusCode).toBe(415);
    expect(await ctx.deps.providers.storage.head(ticket.key)).toBeNull();
  });
});
