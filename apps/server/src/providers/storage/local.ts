import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { safeEqual } from '../../lib/crypto';
import type { PresignedUpload, StorageProvider, StoredObject } from './interface';

export interface LocalUploadGrant {
  key: string;
  contentType: string;
  size: number;
  expiresAt: number;
}

/**
 * Embedded default: files under DATA_DIR/uploads. Upload URLs point at this server
 * (`PUT /api/storage/upload/:token`), signed with HMAC and expiring; the route streams the body
 * to disk, enforcing the signed type and size (modules/storage/local-upload.ts).
 */
export class LocalStorageProvider implements StorageProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly apiBase: string,
  ) {}

  /** The file for a key; keys are chosen by the server, but never trust a path. */
  pathOf(key: string): string {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..'))
      throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  get rootDir() {
    return this.root;
  }

  private sign(payload: string) {
    return createHmac('sha256', this.secret).update(`local-upload:${payload}`).digest('base64url');
  }

  async presignUpload(options: { key: string; contentType: string; size: number; expiresInSeconds: number }) {
    const grant: LocalUploadGrant = {
      key: options.key,
      contentType: options.contentType,
      size: options.size,
      expiresAt: Date.now() + options.expiresInSeconds * 1000,
    };
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    const token = `${payload}.${this.sign(payload)}`;
    const upload: PresignedUpload = {
      url: `${this.apiBase}/storage/upload/${token}`,
      method: 'PUT',
      headers: { 'Content-Type': options.contentType },
      expiresAt: new Date(grant.expiresAt),
    };
    return upload;
  }

  /** Reads an upload token back: null when forged or tampered, 'expired' when too late. */
  verifyUploadToken(token: string): LocalUploadGrant | 'expired' | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    if (!safeEqual(signature, this.sign(payload))) return null;
    try {
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LocalUploadGrant;
      if (
        typeof grant.key !== 'string' ||
        typeof grant.size !== 'number' ||
        typeof grant.contentType !== 'string'
      ) {
        return null;
      }
      return grant.expiresAt < Date.now() ? 'expired' : grant;
    } catch {
      return null;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: null } : null;
    } catch {
      return null;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(this.pathOf(key));
  }

  async write(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.part`;
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
    const { rename } = await import('node:fs/promises');
    await rename(partial, file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async downloadUrl(): Promise<string | null> {
    return null;
  }
}
