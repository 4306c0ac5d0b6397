import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import {
  BUILD_CHECK_INTERVAL_MS,
  BUILD_CHECK_MIN_GAP_MS,
  fetchLatestBuildId,
  startBuildCheck,
} from './build-check';

let visibility: DocumentVisibilityState = 'visible';
let stop = () => {};
beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => stop());

function serverHas(...answers: (() => Response | Promise<Response>)[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers[Math.min(fetchMock.mock.calls.length - 1, answers.length - 1)];
    if (!answer) throw new Error('no answer');
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const build = (id: string) => () => json(200, { id, timestamp: 1_760_000_000_000 });

/** Lets a check that has its answer finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function becomeVisible() {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('fetchLatestBuildId', () => {
  it('asks for builds/latest.json past every cache', async () => {
    const fetchMock = serverHas(build('b2'));
    expect(await fetchLatestBuildId()).toBe('b2');
    expect(fetchMock).toHaveBeenCalledWith(
      '/builds/latest.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('is null, without an error, when the server cannot say', async () => {
    serverHas(() => new Response('not here', { status: 404 }));
    expect(await fetchLatestBuildId()).toBeNull();
    // The dev server answers every path with index.html.
    serverHas(() => new Response('<!doctype html><html></html>', { status: 200 }));
    expect(await fetchLatestBuildId()).toBeNull();
    serverHas(build(''));
    expect(await fetchLatestBuildId()).toBeNull();
    serverHas(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchLatestBuildId()).toBeNull();
  });
});

describe('startBuildCheck', () => {
  it('reports a new build when the page becomes visible again, once per build', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const fetchMock = serverHas(build('b1'), build('b2'), build('b2'), build('b3'));
    const onNewBuild = vi.fn();
    stop = startBuildCheck({ onNewBuild, currentId: 'b1' });
    expect(fetchMock).not.toHaveBeenCalled();

    becomeVisible();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    expect(onNewBuild).not.toHaveBeenCalled();

    for (const expectedCalls of [2, 3, 4]) {
      vi.setSystemTime(Date.now() + BUILD_CHECK_MIN_GAP_MS);
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(expectedCalls));
      await settle();
    }
    await vi.waitFor(() => expect(onNewBuild).toHaveBeenCalledTimes(2));
    expect(onNewBuild.mock.calls).toEqual([['b2'], ['b3']]);
  });

  it('asks at most once per gap when focus and visibility come together', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const fetchMock = serverHas(build('b1'));
    stop = startBuildCheck({ onNewBuild: vi.fn(), currentId: 'b1' });
    becomeVisible();
    const asked = Date.now();
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    vi.setSystemTime(asked + BUILD_CHECK_MIN_GAP_MS - 1);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('polls every 5 minutes while the page is visible, not while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const fetchMock = serverHas(build('b2'));
    const onNewBuild = vi.fn();
    stop = startBuildCheck({ onNewBuild, currentId: 'b1' });

    visibility = 'hidden';
    vi.advanceTimersByTime(BUILD_CHECK_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();

    visibility = 'visible';
    vi.advanceTimersByTime(BUILD_CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(onNewBuild).toHaveBeenCalledWith('b2'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops asking once stopped', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const fetchMock = serverHas(build('b2'));
    startBuildCheck({ onNewBuild: vi.fn(), currentId: 'b1' })();
    becomeVisible();
    vi.advanceTimersByTime(BUILD_CHECK_INTERVAL_MS);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
