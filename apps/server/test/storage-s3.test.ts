import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { S3StorageProvider } from '../src/providers/storage/s3';

/** The S3 adapter against s3rver, an S3-compatible server on loopback (DESIGN.md section 2). */

type S3Config = NonNullable<Config['s3']>;

// s3rver ships no type declarations (@types/s3rver is not installed): the part used here, typed.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const BUCKET = 'portal-uploads';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56, 7),
]);

let directory: string;
let s3rver: S3rverServer;
let endpoint: string;
let config: S3Config;
let storage: S3StorageProvider;

/** Settings as an operator gives them: no region, so the default applies. */
function s3Settings(endpointUrl: string): S3Config {
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: directory,
    JWT_SECRET: 'j'.repeat(32),
    TOKEN_SECRET: 't'.repeat(32),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpointUrl,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  return loaded.s3!;
}

const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: path.join(directory, 'objects'),
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  config = s3Settings(endpoint);
  storage = new S3StorageProvider(config);
});

afterAll(async () => {
  storage?.destroy();
  await s3rver?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('takes region us-east-1 and a 30000 ms timeout when the configuration names no others', () => {
    expect(config.region).toBe('us-east-1');
    expect(config.requestTimeoutMs).toBe(30_000);
  });

  it('accepts a presigned PUT whose bytes head, readStart and read then return', async () => {
    const upload = await storage.presignUpload({
      key: 'agents/1/photo.png',
      contentType: 'image/png',
      size: PNG.length,
      expiresInSeconds: 300,
    });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });

    const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: PNG });
    expect(put.status).toBe(200);

    expect(await storage.head('agents/1/photo.png')).toEqual({ size: PNG.length, contentType: 'image/png' });
    expect(await storage.readStart('agents/1/photo.png', 8)).toEqual(PNG.subarray(0, 8));
    // An object shorter than the length asked for comes back whole.
    expect(await storage.readStart('agents/1/photo.png', 4096)).toEqual(PNG);
    expect(await readAll(await storage.read('agents/1/photo.png'))).toEqual(PNG);
  });

  it('signs the content type and length into the upload URL, for us-east-1, with its expiry', async () => {
    const before = Date.now();
    const upload = await storage.presignUpload({
      key: 'agents/1/licence.pdf',
      contentType: 'application/pdf',
      size: 1234,
      expiresInSeconds: 600,
    });
    const url = new URL(upload.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/${BUCKET}/agents/1/licence.pdf`);
    const signed = url.searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toContain('/us-east-1/s3/');
    // A checksum signed in here would be of an empty body, and S3 would refuse every real upload.
    expect([...url.searchParams.keys()].filter((name) => name.startsWith('x-amz-checksum'))).toEqual([]);
    expect(upload.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 600_000);
    expect(upload.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('writes what the server made, from a Buffer or a stream, and reads it back', async () => {
    const pdf = Buffer.from('%PDF-1.7\nsigned agreement\n%%EOF\n');
    await storage.write('signed/agreement.pdf', pdf, 'application/pdf');
    expect(await readAll(await storage.read('signed/agreement.pdf'))).toEqual(pdf);
    expect(await storage.head('signed/agreement.pdf')).toEqual({
      size: pdf.length,
      contentType: 'application/pdf',
    });

    const parts = [PNG.subarray(0, 10), PNG.subarray(10, 40), PNG.subarray(40)];
    await storage.write('resized/photo-256.png', Readable.from(parts), 'image/png');
    expect(await readAll(await storage.read('resized/photo-256.png'))).toEqual(PNG);
    expect(await storage.head('resized/photo-256.png')).toEqual({
      size: PNG.length,
      contentType: 'image/png',
    });
  });

  it('deletes, after which head finds nothing; deleting a missing key is no error', async () => {
    await storage.write('tmp/to-delete.txt', Buffer.from('bye'), 'text/plain');
    expect(await storage.head('tmp/to-delete.txt')).not.toBeNull();
    await storage.delete('tmp/to-delete.txt');
    expect(await storage.head('tmp/to-delete.txt')).toBeNull();
    await expect(storage.delete('tmp/to-delete.txt')).resolves.toBeUndefined();
    await expect(storage.read('tmp/to-delete.txt')).rejects.toThrow();
  });

  it('gives download URLs that serve the bytes with the Content-Disposition asked for', async () => {
    const pdf = Buffer.from('%PDF-1.7\ncontract\n');
    await storage.write('docs/contract.pdf', pdf, 'application/pdf');

    const attachment = await storage.downloadUrl('docs/contract.pdf', {
      filename: 'Résumé "final"\r\nSet-Cookie: x=1.pdf',
      inline: false,
      expiresInSeconds: 60,
    });
    expect(attachment).not.toBeNull();
    expect(new URL(attachment!).searchParams.get('X-Amz-Expires')).toBe('60');
    const download = await fetch(attachment!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ finalSet-Cookie: x=1.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20finalSet-Cookie%3A%20x%3D1.pdf`,
    );
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('set-cookie')).toBeNull();
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);

    const plain = await fetch(
      (await storage.downloadUrl('docs/contract.pdf', {
        filename: 'contract.pdf',
        inline: false,
        expiresInSeconds: 60,
      }))!,
    );
    expect(plain.headers.get('content-disposition')).toBe('attachment; filename="contract.pdf"');
    await plain.arrayBuffer();

    const inline = await fetch(
      (await storage.downloadUrl('docs/contract.pdf', {
        filename: 'contract.pdf',
        inline: true,
        expiresInSeconds: 60,
      }))!,
    );
    expect(inline.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await inline.arrayBuffer())).toEqual(pdf);
  });
});

describe('S3 storage against a misbehaving server', () => {
  it('fails, instead of waiting for ever, when the server never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hanging = new S3StorageProvider({
      ...s3Settings(`http://127.0.0.1:${port}`),
      requestTimeoutMs: 300,
    });
    try {
      const started = Date.now();
      await expect(hanging.head('anything')).rejects.toMatchObject({ name: 'TimeoutError' });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      // Each attempt is cut at 300 ms; the SDK's three attempts and their back-off stay well inside this.
      expect(elapsed).toBeLessThan(3_000);
    } finally {
      hanging.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) =>
        silent.close((error) => (error ? reject(error) : resolve())),
      );
    }
  });

  it('reads the start of an empty object as no bytes (S3 answers 416 to a range on it)', async () => {
    // s3rver mishandles ranges on empty objects (it announces one byte and sends none), so this
    // answers as S3 does.
    const fake = createHttpServer((request, response) => {
      request.resume();
      response.writeHead(416, { 'Content-Type': 'application/xml', 'Content-Range': 'bytes */0' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidRange</Code>' +
          '<Message>The requested range is not satisfiable</Message></Error>',
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    const empty = new S3StorageProvider(s3Settings(`http://127.0.0.1:${port}`));
    try {
      expect(await empty.readStart('empty.png', 8)).toEqual(Buffer.alloc(0));
    } finally {
      empty.destroy();
      fake.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        fake.close((error) => (error ? reject(error) : resolve())),
      );
    }
  });
});
