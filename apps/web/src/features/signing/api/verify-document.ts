import type { VerifyDocumentResult } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /verify-document with the PDF's bytes: whether it is a completed agreement issued here,
 * the unsigned original, or neither. 415 (not a PDF), 413 (too large), 429 (too many checks).
 */
export const verifyDocument = (file: Blob) =>
  api.post<VerifyDocumentResult>('/verify-document', undefined, {
    auth: false,
    body: file,
    contentType: 'application/pdf',
  });

export const useVerifyDocument = () => useMutation({ mutationFn: verifyDocument });
