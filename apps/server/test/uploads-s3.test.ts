import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema';
import { DOWNLOAD_LINK_SECONDS } from '../src/modules/uploads/file-access';
import { purgeDeletedUploads } from '../src/modules/uploads/service';
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
/**
 * The server and the browser reach the bucket through this proxy, which can play an outage:
 * while `s3Down`, every request gets 503 ServiceUnavailable, as S3 answers when it cannot serve.
 */
let proxy: Server;
let s3Down = false;

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-flow-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: 'flow-bucket' }],
  });
  const { port: s3Port } = await s3rver.run();
  proxy = createServer((incoming, outgoing) => {
    if (s3Down) {
      incoming.resume();
      outgoing.writeHead(503, { 'content-type': 'application/xml' });
      outgoing.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Down</Message></Error>',
      );
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: s3Port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
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
  await new Promise((resolve) => proxy?.close(resolve));
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

async function signedInAgent() {
  const { user, password } = await seedAgent(ctx.deps.database.db);
  return bearer((await login(ctx.app, user.email, password)).accessToken);
}

const headshot = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#951' } })
    .png()
    .toBuffer();

/** Asks for an upload and PUTs nothing yet: the ticket. */
async function ticketFor(headers: Record<string, string>, png: Buffer) {
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers,
    payload: { kind: 'headshot', fileKey: 'me.png', contentType: 'image/png', size: png.length },
  });
  expect(ticket.statusCode).toBe(201);
  return ticket.json() as {
    upload_id: string;
    upload_url: string;
    key: string;
    headers: Record<string, string>;
  };
}

const putTo = (ticket: { upload_url: string; headers: Record<string, string> }, png: Buffer) =>
  fetch(ticket.upload_url, { method: 'PUT', headers: ticket.headers, body: png });

async function confirmedHeadshot(headers: Record<string, string>) {
  const png = await headshot();
  const ticket = await ticketFor(headers, png);
  expect((await putTo(ticket, png)).status).toBe(200);
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: `/api/upload/${ticket.upload_id}/confirm`,
    headers,
  });
  expect(confirmed.statusCode).toBe(200);
  return { id: ticket.upload_id, key: ticket.key };
}

const rowOf = async (id: string) =>
  (await ctx.deps.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;

/** The backoff has passed: the next run of the clean-up job takes the upload. */
const makeDue = (id: string) =>
  ctx.deps.database.db
    .update(uploads)
    .set({ purgeDueAt: sql`now() - interval '1 second'` })
    .where(eq(uploads.id, id));

describe('the download redirect', () => {
  it('is not cached for longer than the signed link lives', async () => {
    const headers = await signedInAgent();
    const { id } = await confirmedHeadshot(headers);
    const file = await ctx.app.inject({ url: `/api/files/${id}?original=1`, headers });
    expect(file.statusCode).toBe(302);
    const lifetime = Number(new URL(file.headers.location as string).searchParams.get('X-Amz-Expires'));
    expect(lifetime).toBe(DOWNLOAD_LINK_SECONDS);
    const cacheControl = String(file.headers['cache-control']);
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(cacheControl.match(/max-age=(\d+)/)![1]);
    // A redirect taken from the cache must still point at a link that works.
    expect(maxAge + 60).toBeLessThanOrEqual(lifetime);
  });
});

describe('deleted uploads on S3', () => {
  it('an upload deleted while S3 is down is gone for its user at once, and from the bucket once S3 answers', async () => {
    const headers = await signedInAgent();
    const { id, key } = await confirmedHeadshot(headers);
    s3Down = true;
    try {
      const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/upload/${id}`, headers });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().agent_headshots_urls).toEqual([]);
      expect((await ctx.app.inject({ url: `/api/files/${id}`, headers })).statusCode).toBe(404);
      // The job runs while S3 is still down: the deletion stays owed, retried later.
      await makeDue(id);
      await purgeDeletedUploads(ctx.deps);
      const owed = await rowOf(id);
      expect(owed.purgedAt).toBeNull();
      expect(owed.purgeAttempts).toBeGreaterThanOrEqual(2);
      expect(owed.purgeDueAt!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      s3Down = false;
    }
    // S3 is back: the object is still there until the job's next try.
    expect(await ctx.deps.providers.storage.head(key)).not.toBeNull();
    await makeDue(id);
    expect(await purgeDeletedUploads(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.providers.storage.head(key)).toBeNull();
    expect((await rowOf(id)).status).toBe('deleted');
  });

  it('a PUT to the link after the upload was deleted leaves no bytes once the clean-up has run', async () => {
    const headers = await signedInAgent();
    const png = await headshot();
    const ticket = await ticketFor(headers, png);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/upload/${ticket.upload_id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(200);
    // S3 cannot be told to refuse a presigned URL: the late PUT lands.
    expect((await putTo(ticket, png)).status).toBe(200);
    expect(await ctx.deps.providers.storage.head(ticket.key)).not.toBeNull();

    // While the link lives, the job deletes what is there but keeps the deletion owed.
    await makeDue(ticket.upload_id);
    await purgeDeletedUploads(ctx.deps);
    expect(await ctx.deps.providers.storage.head(ticket.key)).toBeNull();
    const owed = await rowOf(ticket.upload_id);
    expect(owed.purgedAt).toBeNull();
    expect(owed.purgeDueAt!.getTime()).toBeGreaterThan(owed.expiresAt.getTime());

    // Another late PUT, still within the link's life.
    expect((await putTo(ticket, png)).status).toBe(200);
    expect(await ctx.deps.providers.storage.head(ticket.key)).not.toBeNull();

    // The link's life (and the margin for a PUT still sending) has passed: the last deletion.
    await ctx.deps.database.db
      .update(uploads)
      .set({ expiresAt: sql`now() - interval '1 day'`, purgeDueAt: sql`now() - interval '1 second'` })
      .where(eq(uploads.id, ticket.upload_id));
    expect(await purgeDeletedUploads(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.providers.storage.head(ticket.key)).toBeNull();
    expect((await rowOf(ticket.upload_id)).purgedAt).not.toBeNull();
  });

  it('a file refused at confirmation is removed, and removed again if the link is used once more', async () => {
    const headers = await signedInAgent();
    const html = Buffer.from('<html><script>alert(2)</script></html>');
    const ticket = await ticketFor(headers, html);
    await putTo(ticket, html);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${ticket.upload_id}/confirm`,
      headers,
    });
    expect(confirmed.statusCode).toBe(415);
    expect(await ctx.deps.providers.storage.head(ticket.key)).toBeNull();
    expect((await putTo(ticket, html)).status).toBe(200);
    await ctx.deps.database.db
      .update(uploads)
      .set({ expiresAt: sql`now() - interval '1 day'`, purgeDueAt: sql`now() - interval '1 second'` })
      .where(eq(uploads.id, ticket.upload_id));
    await purgeDeletedUploads(ctx.deps);
    expect(await ctx.deps.providers.storage.head(ticket.key)).toBeNull();
  });
});
