import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PortalToaster from '@/app/toaster';
import { reloadPage } from '@/lib/reload-page';
import { json } from '@/test/fetch-mock';
import { NewVersionNotice } from './new-version-notice';

const NOTICE = 'A new version of the portal is available.';

function serverHas(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

function renderNotice() {
  const reload = vi.mocked(reloadPage);
  reload.mockClear();
  render(
    <>
      <PortalToaster />
      <NewVersionNotice currentId="build-1" />
    </>,
  );
  return { reload, user: userEvent.setup() };
}

/** The person comes back to the tab. */
async function returnToTab(fetchMock: ReturnType<typeof serverHas>) {
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  // Let the answer be read and any notice drawn.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('NewVersionNotice', () => {
  it('offers a reload, by keyboard too, when the server has another build', async () => {
    const fetchMock = serverHas(() => json(200, { id: 'build-2', timestamp: 1 }));
    const { reload, user } = renderNotice();
    await returnToTab(fetchMock);

    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Reload' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays until dismissed: no time-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serverHas(() => json(200, { id: 'build-2', timestamp: 1 }));
    renderNotice();
    await returnToTab(fetchMock);
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    // Other toasts go after 5 s.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
  });

  it('says nothing when the server has the same build', async () => {
    const fetchMock = serverHas(() => json(200, { id: 'build-1', timestamp: 1 }));
    renderNotice();
    await returnToTab(fetchMock);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('says nothing when the server cannot say which build it has', async () => {
    const fetchMock = serverHas(() => new Response('Not found', { status: 404 }));
    renderNotice();
    await returnToTab(fetchMock);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('says nothing when offline', async () => {
    const fetchMock = serverHas(() => Promise.reject(new TypeError('Failed to fetch')));
    renderNotice();
    await returnToTab(fetchMock);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
