import type { AgentRecord, PortalMe } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HeadshotsPage } from '@/features/onboarding/pages/headshots-page';
import { meQueryKey } from '@/lib/auth';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { mockXhr } from '@/test/xhr-mock';

const HEADSHOTS = '/onboarding/media/headshots';

const ticket = (id: string) => ({
  upload_id: id,
  upload_url: `/api/storage/upload/token-${id}`,
  method: 'PUT',
  headers: { 'Content-Type': 'image/png' },
  key: `agents/agent-1/headshot/${id}.png`,
  expires_at: '2030-01-01T00:00:00.000Z',
});

const withHeadshots = (...ids: string[]): AgentRecord =>
  buildAgent({
    agent_headshots_urls: ids.map((id) => `/api/files/${id}`),
    onboarding_steps: { ...buildAgent().onboarding_steps, headshots: ids.length > 0 },
  });

const png = (name: string, bytes = 100) => new File(['x'.repeat(bytes)], name, { type: 'image/png' });

/** A signed-in agent without headshots; each upload ticket is numbered u1, u2... */
function serve(extra: Record<string, Handler> = {}) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe()),
    'POST /api/upload': (_request, index) => json(201, ticket(`u${index + 1}`)),
    ...extra,
  });
}

async function openHeadshots() {
  // StrictMode, as in main.tsx: effects run twice on mount and must not send a file twice.
  const app = renderApp(<HeadshotsPage />, { url: HEADSHOTS, strict: true });
  await screen.findByRole('heading', { level: 1, name: 'Headshots' });
  return app;
}

describe('file upload', () => {
  beforeEach(() => {
    // The upload functions log failures (SPEC.md section 7); keep the test output readable.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('asks for a ticket, sends the bytes with progress, confirms, and updates the signed-in record', async () => {
    const xhrs = mockXhr();
    const { callsTo } = serve({
      'POST /api/upload/u1/confirm': () => json(200, withHeadshots('u1')),
    });
    const { user, queryClient } = await openHeadshots();
    expect(screen.getByText('Not yet')).toBeInTheDocument();

    const file = png('me.png');
    await user.upload(screen.getByLabelText('Add headshots'), file);

    await waitFor(() => expect(xhrs).toHaveLength(1));
    expect(JSON.parse(callsTo('POST /api/upload')[0]!.body!)).toEqual({
      kind: 'headshot',
      fileKey: 'me.png',
      contentType: 'image/png',
      size: 100,
    });
    const xhr = xhrs[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/storage/upload/token-u1');
    expect(xhr.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(xhr.body).toBe(file);
    expect(screen.getByRole('img', { name: 'Preview of me.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload of me.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    expect(callsTo('POST /api/upload/u1/confirm')).toHaveLength(0);

    act(() => xhr.respond(200, { size: 100 }));
    // Uploaded: the row gives way to the file in the gallery.
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Files being uploaded: Headshot' })).not.toBeInTheDocument(),
    );
    expect(callsTo('POST /api/upload/u1/confirm')).toHaveLength(1);
    // Announced politely to screen-reader users.
    expect(screen.getByText('me.png uploaded.')).toHaveAttribute('aria-live', 'polite');

    // The confirmed record replaced the cached one: the gallery and the step status follow.
    const me = queryClient.getQueryData<PortalMe>(meQueryKey);
    expect(me?.agent_profile?.agent_headshots_urls).toEqual(['/api/files/u1']);
    expect(screen.getByRole('img', { name: 'Headshot 1 of 1' })).toHaveAttribute('src', '/api/files/u1');
    expect(screen.getByText('Completed')).toBeInTheDocument();
    // No second look at /portal/me was needed.
    expect(callsTo('GET /api/portal/me')).toHaveLength(1);
  });

  it('refuses a file of the wrong type or too large before sending anything', async () => {
    const xhrs = mockXhr();
    const { callsTo } = serve();
    await openHeadshots();

    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    // Dropping skips the picker's own type filter.
    fireEvent.drop(screen.getByText(/Drag and drop/), { dataTransfer: { files: [text, huge] } });

    expect(
      await screen.findByText('Not sent. Headshot: this type of file is not accepted. Use JPEG, PNG, WebP.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not sent. Headshot: the file is larger than 20 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(callsTo('POST /api/upload')).toHaveLength(0);
    expect(xhrs).toHaveLength(0);
  });

  it("shows the server's reason when the confirm finds the content is not what the name says", async () => {
    const xhrs = mockXhr();
    const detail = "Headshot: the file's content is not PNG, whatever its name says.";
    const { callsTo } = serve({ 'POST /api/upload/u1/confirm': () => json(415, { detail }) });
    const { user, queryClient } = await openHeadshots();

    await user.upload(screen.getByLabelText('Add headshots'), png('page.png'));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0]!.respond(200));

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(callsTo('POST /api/upload/u1/confirm')).toHaveLength(1);
    // Sending the same bytes again would be refused again.
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(queryClient.getQueryData<PortalMe>(meQueryKey)?.agent_profile?.agent_headshots_urls).toEqual([]);
    expect(screen.getByText('You have not uploaded any headshots yet.')).toBeInTheDocument();
  });

  it('cancels an upload under way by aborting the request', async () => {
    const xhrs = mockXhr();
    const { callsTo } = serve();
    const { user } = await openHeadshots();

    await user.upload(screen.getByLabelText('Add headshots'), png('me.png'));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0]!.progress(10, 100));

    await user.click(screen.getByRole('button', { name: 'Cancel upload of me.png' }));
    expect(xhrs[0]!.aborted).toBe(true);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload of me.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry upload of me.png' })).toBeInTheDocument();
    expect(callsTo('POST /api/upload/u1/confirm')).toHaveLength(0);
  });

  it('tries again with a new ticket after the connection dropped', async () => {
    const xhrs = mockXhr();
    const { callsTo } = serve({
      'POST /api/upload/u2/confirm': () => json(200, withHeadshots('u2')),
    });
    const { user } = await openHeadshots();

    await user.upload(screen.getByLabelText('Add headshots'), png('me.png'));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0]!.fail());
    expect(
      await screen.findByText('The upload was interrupted. Check your connection and try again.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry upload of me.png' }));
    await waitFor(() => expect(xhrs).toHaveLength(2));
    expect(callsTo('POST /api/upload')).toHaveLength(2);
    expect(xhrs[1]!.url).toBe('/api/storage/upload/token-u2');
    act(() => xhrs[1]!.respond(200));

    expect(await screen.findByRole('img', { name: 'Headshot 1 of 1' })).toHaveAttribute(
      'src',
      '/api/files/u2',
    );
    expect(
      screen.queryByText('The upload was interrupted. Check your connection and try again.'),
    ).not.toBeInTheDocument();
  });

  it('sends two files at a time and starts the next when one is done', async () => {
    const xhrs = mockXhr();
    serve({
      'POST /api/upload/u1/confirm': () => json(200, withHeadshots('u1')),
    });
    const app = renderApp(<HeadshotsPage />, { url: HEADSHOTS });
    await screen.findByRole('heading', { level: 1, name: 'Headshots' });
    const user = userEvent.setup();

    await user.upload(screen.getByLabelText('Add headshots'), [png('a.png'), png('b.png'), png('c.png')]);
    await waitFor(() => expect(xhrs).toHaveLength(2));
    const rows = within(screen.getByRole('list', { name: 'Files being uploaded: Headshot' }));
    expect(rows.getByText('Waiting to upload…')).toBeInTheDocument();

    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    act(() => xhrs[0]!.respond(200));
    await waitFor(() => expect(xhrs).toHaveLength(3));
    expect(rows.queryByText('Waiting to upload…')).not.toBeInTheDocument();
    // The uploaded file's preview is freed with its row.
    expect(revoke).toHaveBeenCalledTimes(1);
    app.unmount();
    // Leaving the page stops what is still being sent and frees the other two previews.
    expect(revoke).toHaveBeenCalledTimes(3);
    expect(xhrs[1]!.aborted).toBe(true);
    expect(xhrs[2]!.aborted).toBe(true);
  });

  it('lists an uploaded file once: its row gives way to the gallery', async () => {
    const xhrs = mockXhr();
    serve({ 'POST /api/upload/u1/confirm': () => json(200, withHeadshots('u1')) });
    const { user } = await openHeadshots();

    await user.upload(screen.getByLabelText('Add headshots'), png('me.png'));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0]!.respond(200));

    expect(await screen.findByRole('img', { name: 'Headshot 1 of 1' })).toHaveAttribute(
      'src',
      '/api/files/u1',
    );
    expect(screen.queryByRole('list', { name: 'Files being uploaded: Headshot' })).not.toBeInTheDocument();
    expect(screen.queryByText('me.png')).not.toBeInTheDocument();
    expect(screen.getByText('me.png uploaded.')).toHaveAttribute('aria-live', 'polite');
  });

  it('keeps the headshots in the order they were chosen, whichever finishes first', async () => {
    const xhrs = mockXhr();
    const { callsTo } = serve({
      // b.png (u2) finishes first, then a.png (u1): the server lists them as they arrived.
      'POST /api/upload/u2/confirm': () => json(200, withHeadshots('u2')),
      'POST /api/upload/u1/confirm': () => json(200, withHeadshots('u2', 'u1')),
      'PUT /api/portal/me/media/agent_headshots_urls': (request) =>
        json(
          200,
          withHeadshots(...(JSON.parse(request.body!).urls as string[]).map((url) => url.split('/').pop()!)),
        ),
    });
    const { user } = await openHeadshots();

    await user.upload(screen.getByLabelText('Add headshots'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(xhrs).toHaveLength(2));
    act(() => xhrs[1]!.respond(200));
    await screen.findByRole('img', { name: 'Headshot 1 of 1' });
    act(() => xhrs[0]!.respond(200));

    await waitFor(() => expect(callsTo('PUT /api/portal/me/media/agent_headshots_urls')).toHaveLength(1));
    expect(JSON.parse(callsTo('PUT /api/portal/me/media/agent_headshots_urls')[0]!.body!)).toEqual({
      urls: ['/api/files/u1', '/api/files/u2'],
    });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Headshot 1 of 2' })).toHaveAttribute('src', '/api/files/u1'),
    );
    expect(screen.getByRole('img', { name: 'Headshot 2 of 2' })).toHaveAttribute('src', '/api/files/u2');
  });

  it('clears a refused file’s error once a new upload succeeds', async () => {
    const xhrs = mockXhr();
    serve({ 'POST /api/upload/u1/confirm': () => json(200, withHeadshots('u1')) });
    const { user } = await openHeadshots();

    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByText(/Drag and drop/), { dataTransfer: { files: [text] } });
    const refused = 'Not sent. Headshot: this type of file is not accepted. Use JPEG, PNG, WebP.';
    expect(await screen.findByText(refused)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Add headshots'), png('me.png'));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0]!.respond(200));
    await screen.findByRole('img', { name: 'Headshot 1 of 1' });
    expect(screen.queryByText(refused)).not.toBeInTheDocument();
  });

  it('lets the agent dismiss a refused file’s error', async () => {
    mockXhr();
    serve();
    const { user } = await openHeadshots();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByText(/Drag and drop/), { dataTransfer: { files: [text] } });
    await screen.findByText(/Not sent\./);
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt from this list' }));
    expect(screen.queryByText(/Not sent\./)).not.toBeInTheDocument();
  });
});
