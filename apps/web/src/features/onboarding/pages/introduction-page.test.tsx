import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

// Pages load on first visit (route-level code splitting); on a busy machine that takes more than
// the default second.
configure({ asyncUtilTimeout: 5_000 });

describe('the onboarding introduction', () => {
  it('welcomes the agent, links every onboarding part, and Continue marks it read', async () => {
    const me = buildMe({ agent_profile: { agent_first_name: 'Dana' } });
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me),
      'PATCH /api/portal/me/agent_profile': () =>
        json(200, {
          ...me.agent_profile,
          onboarding_steps: { ...me.agent_profile!.onboarding_steps, introduction: true },
        }),
    });
    const { user, location } = renderPortal('/onboarding/start/introduction');

    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    expect(screen.getByText(/Welcome, Dana\./)).toBeInTheDocument();
    expect(screen.getByText(/Routed by ZIP code/)).toBeInTheDocument();
    const videos = screen.getByRole('list', { name: 'Videos steps' });
    expect(within(videos).getByRole('link', { name: 'Script instructions' })).toHaveAttribute(
      'href',
      '/onboarding/video/script_instructions',
    );
    expect(
      within(screen.getByRole('list', { name: 'Agreements steps' })).getByRole('link', {
        name: 'Master referral agreement',
      }),
    ).toHaveAttribute('href', '/onboarding/agreements/master_referral_agreement');
    expect(screen.getByRole('heading', { name: 'How long it takes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Who to contact' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Mark done and continue/ }));
    await screen.findByRole('heading', { level: 1, name: 'My team' });
    expect(location()).toBe('/onboarding/start/my_team');
    expect(callsTo('PATCH /api/portal/me/agent_profile').map((call) => JSON.parse(call.body!))).toEqual([
      { onboarding_steps: { introduction: true } },
    ]);
  }, 15_000);
});
