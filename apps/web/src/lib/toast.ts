import type { toast as sonnerToast } from 'sonner';

/**
 * The portal's toasts (app/toaster.tsx shows them), with Sonner left off a page's first load
 * (ADR 53): it arrives with the first toast or with the toaster, which mounts once the page is
 * up or with the first toast, whichever comes first. Sonner shows a toast asked for before its
 * toaster mounted when it mounts.
 */
type Toast = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info' | 'warning';

let sonner: Promise<typeof import('sonner')> | null = null;
const load = () => {
  // A failed load (the network gone, a deploy replaced the files) is tried again with the next
  // toast, rather than silencing every later one.
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
};

/** Tests: whatever toasts were asked for have reached Sonner. */
export async function toastsDelivered(): Promise<void> {
  await sonner?.catch(() => {});
}

/** Who mounts the toaster (app/providers.tsx): told when a toast is asked for, so it shows now. */
const waiting = new Set<() => void>();
let asked = false;

/**
 * Calls `listener` once a toast has been asked for (at once if one has been already); answers a
 * function that stops listening.
 */
export function onFirstToast(listener: () => void): () => void {
  if (asked) {
    listener();
    return () => {};
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}

const show =
  <K extends Kind>(kind: K) =>
  (...args: Parameters<Toast[K]>): void => {
    if (!asked) {
      asked = true;
      for (const listener of waiting) listener();
      waiting.clear();
    }
    load().then(
      ({ toast }) => (toast[kind] as (...shown: Parameters<Toast[K]>) => unknown)(...args),
      () => {
        // Sonner did not load (a deploy replaced the files, or the network is gone): the page's
        // own error handling says what matters; the toast was only a note.
      },
    );
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
