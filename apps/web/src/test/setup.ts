import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClient } from '@/lib/api-client';
import { resetSessionRestore } from '@/lib/session-restore';
import { toastsDelivered } from '@/lib/toast';

// findBy* waits for lazily loaded pages as a person would, not only 1 s (see vite.config.ts).
configure({ asyncUtilTimeout: 5000 });

// What jsdom lacks and Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
// Sonner captures the pointer when a toast is pressed (its swipe to dismiss).
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};
// ProseMirror (the e-mail editor) measures the selection to scroll it into view; jsdom has no layout.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;
// Image previews use object URLs, which jsdom does not implement.
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

/*
 * An unexpected console.error fails the test (STYLE.md, after epic-stack). A test that expects
 * one replaces this spy's implementation: vi.spyOn(console, 'error').mockImplementation(() => {}).
 */
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  // Each test starts without the session hint cookie (signedInRefresh sets it).
  document.cookie = 'has_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  // Sonner keeps toasts in a module-wide store and replays active ones to the next Toaster:
  // one test's toasts must not show up in the next, including one still on its way to Sonner
  // (lib/toast.ts loads it with the first toast).
  await toastsDelivered();
  toast.dismiss();
  resetApiClient();
  resetSessionRestore();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
    throw new Error(`console.error was called during the test:\n${text.join('\n---\n')}`);
  }
});
