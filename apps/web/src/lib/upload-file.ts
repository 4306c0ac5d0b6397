import type { UploadTicket } from '@portal/shared';
import { ApiError } from './api-client';

/** Headers a page may not set on a request; the browser adds them itself. */
const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection', 'cookie']);

export interface PutFileOptions {
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function detailOf(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown };
    return typeof body.detail === 'string' && body.detail ? body.detail : null;
  } catch {
    return null;
  }
}

/**
 * Step 2 of an upload: PUT the bytes to the ticket's URL with exactly its headers. This uses
 * XMLHttpRequest rather than fetch because only XHR reports upload progress. The URL is
 * presigned: no bearer token and no session are sent (a same-origin URL gets the browser's
 * cookies anyway, and the route ignores them). Cancelling rejects with an AbortError.
 */
export function putFile(ticket: UploadTicket, file: Blob, options: PutFileOptions = {}): Promise<void> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open(ticket.method, ticket.upload_url);
    for (const [name, value] of Object.entries(ticket.headers)) {
      if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      const detail = detailOf(xhr);
      const fallback =
        xhr.status === 403
          ? 'This upload link is no longer valid. Try again to get a new one.'
          : `The upload failed (error ${xhr.status}).`;
      reject(new ApiError(xhr.status, detail ?? fallback, null, detail !== null));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'The upload was interrupted. Check your connection and try again.'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new ApiError(0, 'The upload took too long. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbortSignal);
    xhr.send(file);
  });
}
