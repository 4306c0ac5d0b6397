import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';

/** Pages are loaded on first visit (route-level lazy): on a busy machine that takes a moment. */
const PAGE_LOAD = { timeout: 5000 };

// Whole journeys, typed key by key: more than the default 5 s on a busy machine.
describe('the MLS compliance page', { timeout: 20_000 }, () => {
  it('explains the rules and sits between E&O insurance and the videos', async () => {
    const { patchBodies } = signedInAgent({});
    const { user, location } = renderPortal('/onboarding/Licences/mls_compliance');
    await screen.findByRole('heading', { level: 1, name: 'MLS compliance' }, PAGE_LOAD);
    for (const topic of [
      'No listing data in your ads',
      'Your licence and brokerage, shown as the rules ask',
      'Fair-housing wording',
      'Check your local MLS rules',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    expect(screen.getByText('General information, not legal advice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to E&O insurance/ })).toHaveAttribute(
      'href',
      '/onboarding/Licences/eo_insurance',
    );

    await user.click(screen.getByRole('link', { name: /Continue to Video introduction/ }));
    await screen.findByRole('heading', { level: 1, name: 'Video introduction' }, PAGE_LOAD);
    expect(location()).toBe('/onboarding/video/video_introduction');
    expect(patchBodies()).toHaveLength(0);
  });
});
