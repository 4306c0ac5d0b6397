import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';

const PAGE_LOAD = { timeout: 5000 };

describe('the video introduction page', { timeout: 20_000 }, () => {
  it('is guidance, as the overview says: no status of its own and nothing to mark done', async () => {
    const { patchBodies } = signedInAgent({});
    const { user, location } = renderPortal('/onboarding/video/video_introduction');
    await screen.findByRole('heading', { level: 1, name: 'Video introduction' }, PAGE_LOAD);
    expect(screen.queryByText('Step status:')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark done/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Continue to Script instructions/ }));
    await screen.findByRole('heading', { level: 1, name: 'Script instructions' }, PAGE_LOAD);
    expect(location()).toBe('/onboarding/video/script_instructions');
    expect(patchBodies()).toHaveLength(0);

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(breadcrumb).getByRole('link', { name: 'Onboarding' }));
    const videos = within(
      (await screen.findByRole('list', { name: 'Videos steps' }, PAGE_LOAD)) as HTMLElement,
    );
    const item = videos.getByRole('link', { name: 'Video introduction' }).closest('li')!;
    expect(within(item).getByText('Guidance')).toBeInTheDocument();
  });
});
