import type { AgentRecord } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { BrandingPage } from './branding-page';
import { HeadshotsPage } from './headshots-page';
import { OnboardingPage } from './onboarding-page';

const signedInWith = (agent: Partial<AgentRecord>) =>
  mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
  });

describe('onboarding media pages', () => {
  it('asks for a team logo on Branding only when the agent has a team', async () => {
    signedInWith({ has_real_estate_team: 'no', brokerage_logo_urls: ['/api/files/logo-1'] });
    const { unmount } = renderApp(<BrandingPage />, { url: '/onboarding/media/Branding' });
    await screen.findByRole('heading', { level: 1, name: 'Branding' });

    expect(screen.getByRole('heading', { name: 'Brokerage logo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Add brokerage logos')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Team logo' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add team logos')).not.toBeInTheDocument();
    expect(
      screen.getByText(/A team logo is asked only of agents who work with a real-estate team/),
    ).toBeInTheDocument();
    // A brokerage logo is all an agent without a team needs.
    expect(screen.getByText('Completed')).toBeInTheDocument();
    unmount();

    signedInWith({
      has_real_estate_team: 'yes',
      real_estate_team_name: 'The Ortega Group',
      brokerage_logo_urls: ['/api/files/logo-1'],
    });
    renderApp(<BrandingPage />, { url: '/onboarding/media/Branding' });
    expect(await screen.findByRole('heading', { name: 'Team logo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Add team logos')).toBeInTheDocument();
    expect(screen.getByText('The logo of The Ortega Group.')).toBeInTheDocument();
    expect(screen.queryByText(/A team logo is asked only/)).not.toBeInTheDocument();
    // With a team, the team logo is still missing.
    expect(screen.getByText('Not yet')).toBeInTheDocument();
  });

  it('sends the old video upload address to the video upload page', async () => {
    signedInWith({ videos_fsbo_urls: ['/api/files/video-1'] });
    const { location } = renderPortal('/onboarding/video/videos_upload_old');

    expect(await screen.findByRole('heading', { level: 1, name: 'Video upload' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding/video/videos_upload');
    const video = screen.getByLabelText('FSBO video 1 of 1');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/api/files/video-1');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(screen.getByLabelText('Add other videos')).toBeInTheDocument();
    // A stored step: no upload marks it; the agent does, and the page says how.
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark done and continue/ })).toBeInTheDocument();
  });

  it('links each page to its neighbours', async () => {
    signedInWith({});
    renderApp(<HeadshotsPage />, { url: '/onboarding/media/headshots' });
    const pager = await screen.findByRole('navigation', { name: 'Onboarding steps' });
    expect(within(pager).getByRole('link', { name: 'Back to Broker of record' })).toHaveAttribute(
      'href',
      '/onboarding/start/broker_of_record',
    );
    expect(within(pager).getByRole('link', { name: 'Continue to Additional photos' })).toHaveAttribute(
      'href',
      '/onboarding/media/additional_photos',
    );
  });

  it('shows each section status and the overall progress on the overview', async () => {
    signedInWith({
      agent_headshots_urls: ['/api/files/h1'],
      brokerage_logo_urls: ['/api/files/logo-1'],
      has_eo_certificate: 'no',
    });
    renderApp(<OnboardingPage />, { url: '/onboarding' });
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });

    // headshots, branding and eo_insurance (no certificate to give) of 14 steps: the sections'
    // 12 and the two agreements, which activation needs too.
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '21',
    );
    expect(screen.getByText('21% of the steps done')).toBeInTheDocument();

    const media = within(
      screen.getByRole('heading', { name: 'Media Upload' }).closest('[data-slot="card"]')!,
    );
    expect(media.getByText('In progress')).toBeInTheDocument();
    const steps = within(media.getByRole('list', { name: 'Media Upload steps' }));
    const statusOf = (title: string) =>
      steps.getByRole('link', { name: title }).closest('li')!.querySelector('[data-done]')!.textContent;
    expect(statusOf('Headshots')).toBe('Completed');
    expect(statusOf('Branding')).toBe('Completed');
    expect(statusOf('Additional photos')).toBe('Not yet');

    const leadRouting = within(
      screen.getByRole('heading', { name: 'Lead Routing' }).closest('[data-slot="card"]')!,
    );
    expect(leadRouting.getByText('Not started')).toBeInTheDocument();
  });
});
