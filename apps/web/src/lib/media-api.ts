import type {
  AgentRecord,
  MediaFieldSchema,
  MediaFiles,
  PortalMe,
  UploadRequest,
  UploadTicket,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';
import { meQueryKey, setMeAgentProfile } from './auth';

/**
 * The upload endpoints, shared by every page that takes files (onboarding media and videos,
 * profile photos). SPEC.md section 7: errors are logged and rethrown.
 */

export type MediaField = z.infer<typeof MediaFieldSchema>;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

async function logged<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAbort(error)) console.warn(`[uploads] ${what} failed`, error);
    throw error;
  }
}

/** POST /upload: asks where to send a file; 413/415 when its size or type is refused. */
export const requestUpload = (input: UploadRequest, signal?: AbortSignal) =>
  logged('POST /upload', () => api.post<UploadTicket>('/upload', input, { signal }));

/** POST /upload/:id/confirm: the bytes are there; the answer is the updated agent record. */
export const confirmUpload = (uploadId: string, signal?: AbortSignal) =>
  logged('POST /upload/:id/confirm', () =>
    api.post<AgentRecord>(`/upload/${encodeURIComponent(uploadId)}/confirm`, undefined, { signal }),
  );

/** DELETE /upload/:id: takes the file off the record and out of storage. */
export const deleteUpload = (uploadId: string) =>
  logged('DELETE /upload/:id', () => api.delete<AgentRecord>(`/upload/${encodeURIComponent(uploadId)}`));

/** PUT /portal/me/media/:field: the same files in a new order. */
export const reorderMedia = (field: MediaField, urls: string[]) =>
  logged('PUT /portal/me/media/:field', () => api.put<AgentRecord>(`/portal/me/media/${field}`, { urls }));

/** Record fields hold URLs like /api/files/<id>; the id is the last path segment. */
export function fileIdFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => deleteUpload(fileIdFromUrl(url)),
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}

/** Moves at once in the cached record; the previous order comes back if the server refuses. */
export function useReorderMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, urls }: { field: MediaField; urls: string[] }) => reorderMedia(field, urls),
    onMutate: async ({ field, urls }) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<PortalMe>(meQueryKey);
      if (previous?.agent_profile) {
        setMeAgentProfile(queryClient, { ...previous.agent_profile, [field]: urls });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}

/** GET /portal/me/media: the name each file was uploaded with; a new upload refreshes it. */
export const mediaNamesQueryKey = ['portal', 'me', 'media'] as const;

/** The names of the agent's files by URL ("Open house tour.mp4"); empty until they arrive. */
export function useMediaNames(): Map<string, string> {
  const query = useQuery({
    queryKey: mediaNamesQueryKey,
    queryFn: () => api.get<MediaFiles>('/portal/me/media'),
    select: (data) => new Map(data.files.map((file) => [file.url, file.name])),
    staleTime: 60_000,
  });
  return query.data ?? new Map();
}

/** The thumbnail of an image file (longest side THUMB_IMAGE_SIZE); the server falls back to the web version. */
export const thumbnailUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}size=thumb`;
