import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { anonymousRefresh, mockFetch } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';
import {
  installChunkReloadGuard,
  isChunkLoadError,
  RELOAD_GUARD_MS,
  ROUTE_ERROR_WAIT_MS,
  reloadForChunkError,
  resetChunkReloadState,
} from './chunk-reload';
import { reloadPage } from './reload-page';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/faq-page-abc.js');

const NOW = new Date('2026-03-02T09:00:00Z');

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));
const reload = vi.mocked(reloadPage);
beforeEach(() => {
  reload.mockReset();
});
afterEach(() => {
  resetChunkReloadState();
});

/** What loading the page again does to this module: a new page, the same sessionStorage. */
function pageReloaded() {
  resetChunkReloadState();
}

function preloadError(payload: Error) {
  const event = new Event('vite:preloadError', { cancelable: true }) as VitePreloadErrorEvent;
  event.payload = payload;
  window.dispatchEvent(event);
  return event;
}

describe('chunk reload guard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
  });

  it('tells a failed module load from other errors', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, not again within 10 s, and again after', () => {
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    pageReloaded();
    vi.setSystemTime(Date.now() + RELOAD_GUARD_MS - 1);
    expect(reloadForChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 1);
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('cancels a vite:preloadError and reloads; within 10 s lets the error through', () => {
    const uninstall = installChunkReloadGuard();
    try {
      const first = preloadError(chunkError());
      expect(first.defaultPrevented).toBe(true);
      // No route's error page took it (a script no page was waiting for): the page reloads itself.
      vi.advanceTimersByTime(ROUTE_ERROR_WAIT_MS);
      expect(reload).toHaveBeenCalledTimes(1);

      pageReloaded();
      vi.setSystemTime(Date.now() + 2_000);
      const second = preloadError(chunkError());
      expect(second.defaultPrevented).toBe(false);
      vi.advanceTimersByTime(ROUTE_ERROR_WAIT_MS);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
    }
  });

  it('does not reload away what was typed, nor when the browser is offline', () => {
    const uninstall = installChunkReloadGuard();
    const field = document.createElement('input');
    document.body.append(field);
    try {
      field.value = 'an e-mail being written';
      expect(preloadError(chunkError()).defaultPrevented).toBe(true);
      vi.advanceTimersByTime(ROUTE_ERROR_WAIT_MS);
      expect(reload).not.toHaveBeenCalled();

      field.value = '';
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      vi.setSystemTime(Date.now() + RELOAD_GUARD_MS);
      expect(preloadError(chunkError()).defaultPrevented).toBe(false);
      vi.advanceTimersByTime(ROUTE_ERROR_WAIT_MS);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      field.remove();
      uninstall();
    }
  });

  it("reloads at once, and only once, when the route's error page takes the failed import", () => {
    const uninstall = installChunkReloadGuard();
    try {
      expect(preloadError(chunkError()).defaultPrevented).toBe(true);
      expect(preloadError(chunkError()).defaultPrevented).toBe(true);
      expect(reload).not.toHaveBeenCalled();
      expect(reloadForChunkError()).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(ROUTE_ERROR_WAIT_MS);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
    }
  });

  it('does not reload for a module that loaded and then threw', () => {
    const uninstall = installChunkReloadGuard();
    try {
      const event = preloadError(new ReferenceError('x is not defined'));
      expect(event.defaultPrevented).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      uninstall();
    }
  });
});

function findRoute(list: RouteObject[], path: string): RouteObject | undefined {
  for (const route of list) {
    if (route.path === path) return route;
    const child = route.children && findRoute(route.children, path);
    if (child) return child;
  }
  return undefined;
}

describe('a page whose code did not load (after a deploy)', () => {
  let uninstall = () => {};
  beforeEach(() => {
    // Testing Library waits with setTimeout: only the clock is fake here.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    uninstall = installChunkReloadGuard();
    const recovery = findRoute(routes, '/recovery');
    if (!recovery) throw new Error('no /recovery route');
    // What Vite's import of the page does when its script is gone: report it, then fail. Once
    // the report is cancelled, the import gives undefined, and reading the page from it throws.
    vi.spyOn(recovery as { lazy: () => Promise<unknown> }, 'lazy').mockImplementation(async () => {
      const event = new Event('vite:preloadError', { cancelable: true }) as VitePreloadErrorEvent;
      event.payload = chunkError();
      window.dispatchEvent(event);
      if (!event.defaultPrevented) throw event.payload;
      throw new TypeError("Cannot read properties of undefined (reading 'RecoveryRequestPage')");
    });
    mockFetch({ 'POST /api/refresh': anonymousRefresh });
  });
  afterEach(() => uninstall());

  it('reloads once, at the page the person was going to, then shows the error page instead of a loop', async () => {
    const first = renderPortal('/login');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    let reloadedAt = '';
    reload.mockImplementation(() => {
      reloadedAt = first.location();
    });
    await act(() => first.router.navigate('/recovery'));
    expect(await screen.findByText('Loading the latest version of the portal...')).toBeInTheDocument();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(reloadedAt).toBe('/recovery');
    first.unmount();

    // The reloaded page still cannot load it (within 10 s): the error page, with its advice, not
    // hidden under index.html's start-up splash.
    pageReloaded();
    vi.setSystemTime(Date.now() + 3_000);
    const splash = document.body.appendChild(document.createElement('div'));
    splash.id = 'splash';
    renderPortal('/recovery');
    expect(await screen.findByText(/Something went wrong on this page/)).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(splash).not.toBeInTheDocument());
  });
});
