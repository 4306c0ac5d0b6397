import type { Readable } from 'node:stream';

/** Where the bytes of uploaded files live (DESIGN.md section 2): local disk or S3. */

export interface PresignedUpload {
  /** Absolute URL, or a path on this server, to PUT the bytes to. */
  url: string;
  method: 'PUT';
  /** Headers the client must send with the PUT, exactly. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export interface StorageProvider {
  readonly name: 'local' | 's3';
  /**
   * A URL that accepts exactly one PUT of `size` bytes of `contentType` to `key`, until it expires.
   * The storage itself refuses other sizes and types (SECURITY.md item 18).
   */
  presignUpload(options: {
    key: string;
    contentType: string;
    size: number;
    expiresInSeconds: number;
  }): Promise<PresignedUpload>;
  head(key: string): Promise<StoredObject | null>;
  /** The first `length` bytes (the magic-byte check reads them). */
  readStart(key: string, length: number): Promise<Buffer>;
  /** The whole object as a stream. */
  read(key: string): Promise<Readable>;
  /** Writes a file the server made itself (resized images, signed PDFs). */
  write(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * A short-lived URL a browser can GET the object from directly, or null when this server must
   * stream it (local disk).
   */
  downloadUrl(
    key: string,
    options: { filename: string; inline: boolean; expiresInSeconds: number },
  ): Promise<string | null>;
  /** Releases connections at shutdown. */
  close?(): Promise<void>;
}
