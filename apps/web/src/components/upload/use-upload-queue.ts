import {
  type AgentRecord,
  type PortalMe,
  UPLOAD_KINDS,
  type UploadKind,
  uploadProblem,
} from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';
import {
  confirmUpload,
  fileIdFromUrl,
  type MediaField,
  mediaNamesQueryKey,
  reorderMedia,
  requestUpload,
} from '@/lib/media-api';
import { putFile } from '@/lib/upload-file';

/** Files sent at once; the others wait their turn. */
export const MAX_PARALLEL_UPLOADS = 2;

/** A confirmed file leaves the list: the page's gallery or link shows it. */
export type UploadStatus = 'queued' | 'uploading' | 'confirming' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  /** Where the agent put it among the files chosen here: the list keeps that order. */
  seq: number;
  file: File;
  /** An object URL for an image's preview; revoked when the row goes. */
  previewUrl: string | null;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  error: string | null;
  /** Asking again may work (connection, expired link, bytes lost); a refused type or size will not. */
  canRetry: boolean;
}

type Phase = 'ticket' | 'send' | 'confirm';

let lastId = 0;
const nextId = () => {
  lastId += 1;
  return `upload-${lastId}`;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function failure(error: unknown, phase: Phase): { message: string; canRetry: boolean } {
  if (!isApiError(error)) return { message: 'Something went wrong. Please try again.', canRetry: true };
  const { status } = error;
  if (status === 0 || status >= 500 || status === 429) return { message: error.detail, canRetry: true };
  // The server refused this file's type or size: sending it again gives the same answer.
  if (status === 415) return { message: error.detail, canRetry: false };
  if (status === 413) return { message: error.detail, canRetry: phase === 'confirm' };
  // Asking for a ticket: a 4xx (no agent profile, a bad request) will not change either.
  if (phase === 'ticket') return { message: error.detail, canRetry: false };
  // An expired link (403) or bytes that did not all arrive (400): a new ticket may succeed.
  return { message: error.detail, canRetry: true };
}

/**
 * The list with the files confirmed here put back in the order they were chosen in: they take
 * the places they hold now, in that order (files confirm in whatever order they finish).
 * Answers null when the order is right already.
 */
export function inChosenOrder(urls: string[], chosen: ReadonlyMap<string, number>): string[] | null {
  const ours = urls.filter((url) => chosen.has(fileIdFromUrl(url)));
  const sorted = [...ours].sort((a, b) => chosen.get(fileIdFromUrl(a))! - chosen.get(fileIdFromUrl(b))!);
  if (sorted.every((url, index) => url === ours[index])) return null;
  let next = 0;
  return urls.map((url) => (chosen.has(fileIdFromUrl(url)) ? sorted[next++]! : url));
}

const canPreview = (kind: UploadKind) =>
  UPLOAD_KINDS[kind].image && typeof URL.createObjectURL === 'function';

/**
 * The files chosen for one kind and where each stands: ticket, bytes (with progress), confirm.
 * At most MAX_PARALLEL_UPLOADS run at once. A confirmed file's record replaces the cached
 * /portal/me agent profile, and its row leaves this list (the page's gallery shows the file),
 * with the failures of earlier attempts. A list keeps the order the files were chosen in.
 */
export function useUploadQueue({
  kind,
  onUploaded,
  announce,
}: {
  kind: UploadKind;
  onUploaded?: (record: AgentRecord) => void;
  /** A sentence for screen-reader users when a file is done or has failed. */
  announce: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const mounted = useRef(true);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const callbacks = useRef({ onUploaded, announce });
  callbacks.current = { onUploaded, announce };
  /** Upload ids confirmed here, with the place each file was chosen in. */
  const chosen = useRef(new Map<string, number>());
  /** One order fix at a time, each from the latest record. */
  const ordering = useRef<Promise<void>>(Promise.resolve());

  const keepChosenOrder = useCallback(() => {
    const spec = UPLOAD_KINDS[kind];
    if (!spec.multiple) return;
    const field = spec.field as MediaField;
    ordering.current = ordering.current.then(async () => {
      const agent = queryClient.getQueryData<PortalMe>(meQueryKey)?.agent_profile;
      const urls = agent?.[field];
      const next = Array.isArray(urls) ? inChosenOrder(urls, chosen.current) : null;
      if (!next) return;
      try {
        setMeAgentProfile(queryClient, await reorderMedia(field, next));
      } catch {
        // The files are all there, in the order they finished; the agent can still move them.
      }
    });
  }, [kind, queryClient]);

  /** A file is in: its row goes (the gallery shows it), and so do earlier failed attempts. */
  const settle = useCallback((id: string) => {
    if (!mounted.current) return;
    const list = itemsRef.current;
    const at = list.findIndex((item) => item.id === id);
    const gone = list.filter(
      (item, index) =>
        item.id === id || (index < at && (item.status === 'failed' || item.status === 'cancelled')),
    );
    for (const item of gone) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    const ids = new Set(gone.map((item) => item.id));
    setItems((current) => current.filter((item) => !ids.has(item.id)));
  }, []);

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    if (!mounted.current) return;
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const run = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      running.current.set(item.id, controller);
      const finish = (patch: Partial<UploadItem>) => {
        // Free the slot before the state change that lets the next file start.
        running.current.delete(item.id);
        update(item.id, patch);
      };
      const { file } = item;
      let phase: Phase = 'ticket';
      update(item.id, { status: 'uploading', loaded: 0, error: null });
      try {
        const ticket = await requestUpload(
          { kind, fileKey: file.name, contentType: file.type, size: file.size },
          controller.signal,
        );
        phase = 'send';
        await putFile(ticket, file, {
          signal: controller.signal,
          onProgress: (loaded) => update(item.id, { loaded: Math.min(loaded, file.size) }),
        });
        phase = 'confirm';
        update(item.id, { status: 'confirming', loaded: file.size });
        const record = await confirmUpload(ticket.upload_id);
        setMeAgentProfile(queryClient, record);
        void queryClient.invalidateQueries({ queryKey: mediaNamesQueryKey });
        chosen.current.set(ticket.upload_id, item.seq);
        running.current.delete(item.id);
        settle(item.id);
        callbacks.current.announce(`${file.name} uploaded.`);
        callbacks.current.onUploaded?.(record);
        keepChosenOrder();
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) {
          finish({ status: 'cancelled', error: null, canRetry: true });
          if (mounted.current) callbacks.current.announce(`Upload of ${file.name} cancelled.`);
          return;
        }
        const { message, canRetry } = failure(error, phase);
        finish({ status: 'failed', error: message, canRetry });
        callbacks.current.announce(`${file.name} was not uploaded. ${message}`);
      }
    },
    [kind, queryClient, update, settle, keepChosenOrder],
  );

  // Start waiting files while fewer than MAX_PARALLEL_UPLOADS run.
  useEffect(() => {
    let free = MAX_PARALLEL_UPLOADS - running.current.size;
    for (const item of items) {
      if (free <= 0) break;
      if (item.status === 'queued' && !running.current.has(item.id)) {
        free -= 1;
        void run(item);
      }
    }
  }, [items, run]);

  // Leaving the page stops what is under way and frees the previews.
  useEffect(() => {
    mounted.current = true;
    const active = running.current;
    return () => {
      mounted.current = false;
      for (const controller of active.values()) controller.abort();
      for (const item of itemsRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  /** Takes the chosen files; a file of the wrong type or size is refused here, before sending. */
  const add = useCallback(
    (files: File[]) => {
      const problems: string[] = [];
      const added = files.map((file): UploadItem => {
        const problem = uploadProblem(kind, file);
        if (problem) problems.push(`${file.name}: ${problem}`);
        const id = nextId();
        return {
          id,
          seq: lastId,
          file,
          previewUrl: !problem && canPreview(kind) ? URL.createObjectURL(file) : null,
          status: problem ? 'failed' : 'queued',
          loaded: 0,
          error: problem ? `Not sent. ${problem}` : null,
          canRetry: false,
        };
      });
      if (problems.length > 0) callbacks.current.announce(problems.join(' '));
      setItems((list) => [...list, ...added]);
    },
    [kind],
  );

  const cancel = useCallback(
    (id: string) => {
      const controller = running.current.get(id);
      if (controller) controller.abort();
      else update(id, { status: 'cancelled', canRetry: true });
    },
    [update],
  );

  /** Starts over with a new ticket: an old link may have expired or been used. */
  const retry = useCallback(
    (id: string) => update(id, { status: 'queued', loaded: 0, error: null }),
    [update],
  );

  const dismiss = useCallback((id: string) => {
    if (running.current.has(id)) return;
    const gone = itemsRef.current.find((item) => item.id === id);
    if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  return { items, add, cancel, retry, dismiss };
}
