import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import type { PresignedUpload, StorageProvider, StoredObject } from './interface';

/** Object storage on S3 or an S3-compatible server (DESIGN.md section 2). */

type S3Config = NonNullable<Config['s3']>;

/** S3 refuses presigned URLs that live longer than seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

/** The AWS SDK (~0.4 s of CPU to load) loads with the first storage call, not when the server starts. */
type Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/s3-request-presigner');
let sdk: Promise<Sdk> | null = null;
const loadSdk = (): Promise<Sdk> => {
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
    ([client, presigner]) => ({ ...client, ...presigner }),
  );
  return sdk;
};

export class S3StorageProvider implements StorageProvider {
  readonly name = 's3' as const;
  private client: Promise<{ s3: S3Client; sdk: Sdk }> | null = null;
  private readonly bucket: string;
  private destroyed = false;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
  }

  private connect(): Promise<{ s3: S3Client; sdk: Sdk }> {
    this.client ??= loadSdk().then((sdk) => ({ s3: this.createClient(sdk), sdk }));
    return this.client;
  }

  private createClient(sdk: Sdk): S3Client {
    const config = this.config;
    const credentials =
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined;
    const client = new sdk.S3Client({
      region: config.region || 'us-east-1',
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without both keys the SDK's default chain applies (environment, instance role...).
      credentials,
      requestHandler: {
        // Time allowed until the response headers arrive. Without throwOnRequestTimeout the SDK only
        // logs a warning when it is exceeded and keeps waiting.
        requestTimeout: config.requestTimeoutMs,
        throwOnRequestTimeout: true,
        // A socket idle this long (a body that stops arriving) fails as well.
        socketTimeout: config.requestTimeoutMs,
        connectionTimeout: Math.min(config.requestTimeoutMs, 5_000),
      },
      // Checksums only where S3 demands them: a presigned PUT must not carry a checksum of an
      // empty body, and S3-compatible servers do not all understand the checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    // Destroyed before the SDK had loaded: the client must not keep sockets open either.
    if (this.destroyed) client.destroy();
    return client;
  }

  async presignUpload(options: {
    key: string;
    contentType: string;
    size: number;
    expiresInSeconds: number;
  }): Promise<PresignedUpload> {
    const { key, contentType, size, expiresInSeconds } = options;
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid upload size: ${size}`);
    const expiresIn = checkExpiry(expiresInSeconds);
    // Taken before signing, so the URL is never told to last longer than it does.
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    const { s3, sdk } = await this.connect();
    const command = new sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    });
    // Both headers are signed: S3 refuses a PUT of another type or another length.
    const url = await sdk.getSignedUrl(s3, command, {
      expiresIn,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, method: 'PUT', headers: { 'Content-Type': contentType }, expiresAt };
  }

  async head(key: string): Promise<StoredObject | null> {
    const { s3, sdk } = await this.connect();
    try {
      const result = await s3.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? null };
    } catch (error) {
      if (isStatus(sdk, error, 404)) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`Invalid length: ${length}`);
    if (length === 0) return Buffer.alloc(0);
    const { s3, sdk } = await this.connect();
    let body: Readable;
    try {
      const result = await s3.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }),
      );
      body = toReadable(result.Body);
    } catch (error) {
      // An empty object has no byte 0: S3 answers 416 rather than an empty body.
      if (isStatus(sdk, error, 416)) return Buffer.alloc(0);
      throw error;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    // A server that ignores Range sends everything: stop reading (and release the socket) once
    // enough has arrived.
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= length) break;
    }
    const all = Buffer.concat(chunks);
    return all.length > length ? all.subarray(0, length) : all;
  }

  async read(key: string): Promise<Readable> {
    const { s3, sdk } = await this.connect();
    const result = await s3.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return toReadable(result.Body);
  }

  async write(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // A stream of unknown length is buffered: PutObject needs the length up front, and the files
    // the server writes (resized images, signed PDFs) are small.
    const bytes = Buffer.isBuffer(body) ? body : await collect(body);
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    try {
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (isStatus(sdk, error, 404)) return;
      throw error;
    }
  }

  async downloadUrl(
    key: string,
    options: { filename: string; inline: boolean; expiresInSeconds: number },
  ): Promise<string | null> {
    const { s3, sdk } = await this.connect();
    const command = new sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.filename, options.inline),
    });
    return sdk.getSignedUrl(s3, command, { expiresIn: checkExpiry(options.expiresInSeconds) });
  }

  /** Closes the client's pooled connections (on server shutdown). */
  async close(): Promise<void> {
    this.destroy();
  }

  destroy(): void {
    this.destroyed = true;
    void this.client?.then(({ s3 }) => s3.destroy()).catch(() => {});
  }
}

function checkExpiry(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`Presigned URL expiry must be 1 to ${MAX_PRESIGN_SECONDS} seconds, not ${seconds}`);
  }
  return seconds;
}

function isStatus(sdk: Sdk, error: unknown, status: number): boolean {
  return error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === status;
}

/** On Node the SDK's HTTP handler hands the body over as the response stream itself. */
function toReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  throw new Error('S3 returned no readable body');
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * `inline`, or `attachment` with the name: quotes, backslashes and control characters (CR, LF)
 * removed, non-ASCII replaced by `_` in `filename` and kept in `filename*` (RFC 6266).
 */
function contentDisposition(filename: string, inline: boolean): string {
  if (inline) return 'inline';
  const cleaned =
    Array.from(filename)
      .filter((char) => {
        const code = char.codePointAt(0)!;
        return code >= 0x20 && code !== 0x7f && char !== '"' && char !== '\\';
      })
      .join('')
      .trim() || 'download';
  const ascii = Array.from(cleaned, (char) => (char.codePointAt(0)! < 0x7f ? char : '_')).join('');
  if (ascii === cleaned) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
