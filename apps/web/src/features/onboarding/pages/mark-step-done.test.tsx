import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

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
    const { user, location } = renderApp('/onboarding/media/additional_photos');
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
    const { user, location } = renderApp('/onboarding/media/additional_photos');
    await screen.findByRole('heading', { level: 1, name: 'Additional photos' });
    await user.click(screen.getByRole('button', { name: /Mark done and continue/ }));

    expect(await screen.findByText('This step could not be saved')).toBeInTheDocument();
    expect(location()).toBe('/onboarding/media/additional_photos');
    expect(screen.getByText('Not yet')).toBeInTheDocument();
  });
});
