import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setMeAgentProfile } from '@/lib/auth';
import { toastsDelivered } from '@/lib/toast';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { AdditionalPhotosPage } from './additional-photos-page';
import { VideosUploadPage } from './videos-upload-page';

describe('steps the agent confirms', () => {
  it('are marked done by Continue, then the next page opens', async () => {
    const me = buildMe();
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me),
      'PATCH /api/portal/me/agent_profile': () =>
        json(200, {
          ...me.agent_profile,
          onboarding_steps: { ...me.agent_profile!.onboarding_steps, additional_photos: true },
        }),
    });
    const { user, location } = renderPortal('/onboarding/media/additional_photos');
    await screen.findByRole('heading', { level: 1, name: 'Additional photos' });
    await user.click(screen.getByRole('button', { name: /Mark done and continue/ }));

    await screen.findByRole('heading', { level: 1, name: 'Branding' });
    expect(location()).toBe('/onboarding/media/Branding');
    expect(JSON.parse(callsTo('PATCH /api/portal/me/agent_profile')[0]!.body!)).toEqual({
      onboarding_steps: { additional_photos: true },
    });
  });

  it('roll back and say so when the save fails, staying on the page', async () => {
    const me = buildMe();
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me),
      'PATCH /api/portal/me/agent_profile': () => json(500, { detail: 'Internal server error (request x)' }),
    });
    const { user, location } = renderApp(<AdditionalPhotosPage />, {
      url: '/onboarding/media/additional_photos',
    });
    await screen.findByRole('heading', { level: 1, name: 'Additional photos' });
    await user.click(screen.getByRole('button', { name: /Mark done and continue/ }));

    // Next to the button it is about, not a toast over it.
    const pager = screen.getByRole('navigation', { name: 'Onboarding steps' }).parentElement!;
    expect(await within(pager).findByRole('alert')).toHaveTextContent(
      /This step could not be saved\. Internal server error \(request x\).*try again in a moment/,
    );
    expect(location()).toBe('/onboarding/media/additional_photos');
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    await toastsDelivered();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('say what to do first, next to the button, when the step needs something (a video)', async () => {
    const me = buildMe();
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me),
      'PATCH /api/portal/me/agent_profile': () => json(400, { detail: 'Upload at least one video first.' }),
    });
    const { user, location, queryClient } = renderApp(<VideosUploadPage />, {
      url: '/onboarding/video/videos_upload',
    });
    await screen.findByRole('heading', { level: 1, name: 'Video upload' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /Mark done and continue/ }));

    const pager = screen.getByRole('navigation', { name: 'Onboarding steps' }).parentElement!;
    const error = await within(pager).findByRole('alert');
    expect(error).toHaveTextContent('Upload at least one video first.');
    expect(error).not.toHaveTextContent(/try again|could not be saved/);
    expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(0);
    expect(location()).toBe('/onboarding/video/videos_upload');
    await toastsDelivered();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();

    // A video arrives: the advice has been followed and goes.
    act(() =>
      setMeAgentProfile(queryClient, { ...me.agent_profile!, videos_others_urls: ['/api/files/v1'] }),
    );
    await waitFor(() => expect(within(pager).queryByRole('alert')).not.toBeInTheDocument());
  });
});
