import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { ProfileOverviewPage } from '../pages/profile-overview-page';

describe('profile photos', () => {
  it('shows the three single images with a way to choose or replace each', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () =>
        json(200, buildMe({ agent_profile: { agent_image_profile_url: '/api/files/profile-1' } })),
    });
    renderApp(<ProfileOverviewPage />, { url: '/profile' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Photos' })).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Your profile image' })).toHaveAttribute(
      'src',
      '/api/files/profile-1',
    );
    const replace = screen.getByLabelText('Replace the profile image');
    expect(replace).toHaveAttribute('type', 'file');
    // One file: a new one replaces the current image.
    expect(replace).not.toHaveAttribute('multiple');
    expect(screen.getByLabelText('Choose a cover image')).toBeInTheDocument();
    expect(screen.getByText('You have no coffee image yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a coffee image')).toBeInTheDocument();
    // The placeholder no longer promises photos for later.
    expect(screen.queryByText(/headshot and cover images/i)).not.toBeInTheDocument();
  });

  it('shows the first headshot as the profile image until one is chosen, and says how they differ', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () =>
        json(200, buildMe({ agent_profile: { agent_headshots_urls: ['/api/files/h1', '/api/files/h2'] } })),
    });
    renderApp(<ProfileOverviewPage />, { url: '/profile' });
    await screen.findByRole('heading', { level: 2, name: 'Photos' });

    expect(screen.queryByText('You have no profile image yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your first headshot' })).toHaveAttribute('src', '/api/files/h1');
    expect(screen.getByText(/Your first headshot is used as your profile image\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'headshots' })).toHaveAttribute(
      'href',
      '/onboarding/media/headshots',
    );
    expect(screen.getByLabelText('Choose a profile image')).toBeInTheDocument();
  });
});
