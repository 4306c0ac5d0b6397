import type { PortalMe } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HeadshotsPage } from '@/features/onboarding/pages/headshots-page';
import { VideosUploadPage } from '@/features/onboarding/pages/videos-upload-page';
import { meQueryKey } from '@/lib/auth';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const A = '/api/files/0b6a8f3e-0000-4000-8000-00000000000a';
const B = '/api/files/0b6a8f3e-0000-4000-8000-00000000000b';

const agentWith = (urls: string[]) => buildAgent({ agent_headshots_urls: urls });

function serve(extra: Record<string, Handler>) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agentWith([A, B]) })),
    'GET /api/portal/me/media': () =>
      json(200, {
        files: [
          { url: A, name: 'Portrait on the porch.jpg' },
          { url: B, name: 'Landscape.jpg' },
        ],
      }),
    ...extra,
  });
}

async function openHeadshots() {
  const app = renderApp(<HeadshotsPage />, { url: '/onboarding/media/headshots' });
  await screen.findByRole('heading', { level: 1, name: 'Headshots' });
  return app;
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Your headshots' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

describe('media gallery', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('deletes a photo only after the confirmation', async () => {
    const { callsTo } = serve({
      'DELETE /api/upload/0b6a8f3e-0000-4000-8000-00000000000a': () => json(200, agentWith([B])),
    });
    const { user } = await openHeadshots();
    expect(shown()).toEqual([A, B]);

    await user.click(screen.getByRole('button', { name: 'Delete Headshot 1 of 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(within(dialog).getByText(/This cannot be undone\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /api/upload/0b6a8f3e-0000-4000-8000-00000000000a')).toHaveLength(0);
    expect(shown()).toEqual([A, B]);

    await user.click(screen.getByRole('button', { name: 'Delete Headshot 1 of 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Photo deleted.')).toBeInTheDocument();
    expect(callsTo('DELETE /api/upload/0b6a8f3e-0000-4000-8000-00000000000a')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Headshot 1 of 1' })).toHaveAttribute('src', B);
  });

  it('says so and keeps the photo when the delete fails', async () => {
    serve({
      'DELETE /api/upload/0b6a8f3e-0000-4000-8000-00000000000b': () =>
        json(404, { detail: 'Upload not found' }),
    });
    const { user } = await openHeadshots();
    await user.click(screen.getByRole('button', { name: 'Delete Headshot 2 of 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The photo was not deleted. Upload not found')).toBeInTheDocument();
    expect(shown()).toEqual([A, B]);
  });

  it('moves a photo at once, saves the new order, and keeps the keyboard on it', async () => {
    let release: (response: Response) => void = () => {};
    const { callsTo } = serve({
      'PUT /api/portal/me/media/agent_headshots_urls': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const { user, queryClient } = await openHeadshots();

    await user.click(screen.getByRole('button', { name: 'Move down: Headshot 1 of 2' }));
    // Shown in the new order before the server answers.
    expect(shown()).toEqual([B, A]);
    expect(JSON.parse(callsTo('PUT /api/portal/me/media/agent_headshots_urls')[0]!.body!)).toEqual({
      urls: [B, A],
    });
    release(json(200, agentWith([B, A])));
    // The moved photo is last now: its "Move up" keeps the focus.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move up: Headshot 2 of 2' })).toHaveFocus(),
    );
    expect(queryClient.getQueryData<PortalMe>(meQueryKey)?.agent_profile?.agent_headshots_urls).toEqual([
      B,
      A,
    ]);
    expect(screen.getByRole('button', { name: 'Move up: Headshot 1 of 2' })).toBeDisabled();
  });

  it('puts the order back and says so when the server refuses it', async () => {
    serve({
      'PUT /api/portal/me/media/agent_headshots_urls': () =>
        json(400, { detail: 'The new order must list exactly the files already there.' }),
    });
    const { user } = await openHeadshots();

    await user.click(screen.getByRole('button', { name: 'Move up: Headshot 2 of 2' }));
    expect(
      await screen.findByText(
        'The new order was not saved. The new order must list exactly the files already there.',
      ),
    ).toBeInTheDocument();
    expect(shown()).toEqual([A, B]);
  });

  it('says when there is nothing yet', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe()),
    });
    await openHeadshots();
    expect(screen.getByText('You have not uploaded any headshots yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your headshots' })).not.toBeInTheDocument();
  });

  it('moves with icon buttons that say what they do, in their name and a tooltip', async () => {
    serve({});
    const { user } = await openHeadshots();
    const first = within(screen.getByRole('list', { name: 'Your headshots' })).getAllByRole('listitem')[0]!;
    const down = within(first).getByRole('button', { name: 'Move down: Headshot 1 of 2' });
    // No words inside the buttons to overflow them: the icon, and the tooltip says it in words.
    expect(down).toHaveTextContent(/^$/);
    expect(within(first).getByRole('button', { name: 'Delete Headshot 1 of 2' })).toHaveTextContent(/^$/);
    await user.hover(down);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Move down');
  });

  it('shows each photo whole, from its thumbnail, under the name it was uploaded with', async () => {
    serve({});
    await openHeadshots();
    const photo = screen.getByRole('img', { name: 'Headshot 1 of 2' });
    // A portrait is letterboxed in the square, not cut to it.
    expect(photo).toHaveClass('object-contain');
    expect(photo).not.toHaveClass('object-cover');
    expect(photo).toHaveAttribute('srcset', `${A}?size=thumb 640w, ${A} 1600w`);
    expect(photo.getAttribute('sizes')).toMatch(/rem|vw/);
    expect(await screen.findByText('Portrait on the porch.jpg')).toBeInTheDocument();
  });

  it('labels each video by its file name, not by a number', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () =>
        json(200, buildMe({ agent_profile: buildAgent({ videos_others_urls: [A] }) })),
      'GET /api/portal/me/media': () => json(200, { files: [{ url: A, name: 'Open house tour.mp4' }] }),
    });
    renderApp(<VideosUploadPage />, { url: '/onboarding/video/videos_upload' });
    const videos = await screen.findByRole('list', { name: 'Your other videos' });
    expect(await within(videos).findByText('Open house tour.mp4')).toBeInTheDocument();
    expect(within(videos).queryByText('1. Video')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Open house tour.mp4 (Video 1 of 1)').tagName).toBe('VIDEO');
  });
});
