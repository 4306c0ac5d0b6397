import { describeTypes, formatBytes, type LeadDetail } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiUrl, isApiError, refreshSession, sessionHeaders } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-api';
import { leadDetailQueryKey } from './get-lead';

/** What the server takes as a settlement statement (POST /portal/me/leads/:id/settlement-statement). */
export const STATEMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;

const TYPE_OF_EXTENSION: Record<string, (typeof STATEMENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The file's type, from its name when the browser gives none. */
export function statementType(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_OF_EXTENSION[extension] ?? '';
}

/** Why a file cannot be sent, before sending it (the server says the same). */
export function statementProblem(file: File): string | null {
  if (!(STATEMENT_TYPES as readonly string[]).includes(statementType(file))) {
    return `This type of file is not accepted. Use ${describeTypes(STATEMENT_TYPES)}.`;
  }
  if (file.size <= 0) return 'The file is empty.';
  if (file.size > STATEMENT_MAX_BYTES) return `The file is larger than ${formatBytes(STATEMENT_MAX_BYTES)}.`;
  return null;
}

function detailOf(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown };
    return typeof body.detail === 'string' && body.detail ? body.detail : null;
  } catch {
    return null;
  }
}

export interface UploadOptions {
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * One POST of the file's bytes with the session's credentials. XMLHttpRequest rather than the
 * API client's fetch: only XHR reports upload progress.
 */
function send(path: string, file: File, options: UploadOptions): Promise<LeadDetail> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', statementType(file));
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      const detail = detailOf(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as LeadDetail);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered in a way the portal did not understand.'));
        }
        return;
      }
      const fallback =
        xhr.status === 413
          ? `The file is larger than ${formatBytes(STATEMENT_MAX_BYTES)}.`
          : `The upload failed (error ${xhr.status}).`;
      reject(new ApiError(xhr.status, detail ?? fallback, null, detail !== null));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'The upload was interrupted. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbortSignal);
    xhr.send(file);
  });
}

/**
 * POST /portal/me/leads/:id/settlement-statement: the file as the body, its type as Content-Type
 * and its name in X-File-Name; 201 with the lead. A 401 (the access token expired during a long
 * upload) refreshes the session once and sends the file again, as the API client does.
 */
export async function uploadSettlementStatement(
  leadId: string,
  file: File,
  options: UploadOptions = {},
): Promise<LeadDetail> {
  const path = `/portal/me/leads/${encodeURIComponent(leadId)}/settlement-statement`;
  try {
    return await send(path, file, options);
  } catch (error) {
    if (!isApiError(error) || error.status !== 401 || 'X-Recipient-Session' in sessionHeaders()) throw error;
    await refreshSession();
    return send(path, file, options);
  }
}

/**
 * Uploads a lead's settlement statement with its progress (0-100, null before the browser says);
 * the answer becomes the lead's cached detail, and the Billing page's missing documents are
 * fetched again.
 */
export function useUploadSettlementStatement() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ leadId, file }: { leadId: string; file: File }) => {
      setProgress(null);
      return uploadSettlementStatement(leadId, file, {
        onProgress: (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : null),
      });
    },
    onSuccess: (lead) => {
      queryClient.setQueryData(leadDetailQueryKey(lead.id), lead);
      return queryClient.invalidateQueries({ queryKey: billingQueryKey });
    },
  });
  return { ...mutation, progress };
}
