import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAgent } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_COUNTDOWN = {
  ...PERSONAL,
  timezone: 'America/New_York' as const,
  signup_status: 'countdown' as const,
};

describe('the countdown', () => {
  it('counts the days and hours to the go-live date in the agent’s zone', async () => {
    // Only the clock is fixed; timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-01T12:00:00Z'));
    signedInAgent(
      { ...AT_COUNTDOWN, google_ads_date: '2030-06-11' },
      {
        'GET /api/portal/me/onboarding-call': () =>
          json(200, {
            call: {
              id: 'call-1',
              starts_at: '2030-06-03T14:00:00.000Z',
              ends_at: '2030-06-03T14:30:00.000Z',
              timezone: 'America/New_York',
              join_url: null,
            },
          }),
      },
    );
    renderApp(SIGNUP_WIZARD_PAGES.countdown, { url: '/signup/countdown' });
    await screen.findByRole('heading', { level: 1, name: 'Countdown to go-live' });

    // Midnight of 11 June in New York is 04:00 UTC: 9 days and 16 hours after noon UTC on 1 June.
    // Said once in the card, for eyes and screen readers alike.
    const card = screen.getByRole('heading', { name: 'Time to go-live' }).closest('[data-slot="card"]')!;
    expect(card.textContent?.match(/9 days and 16 hours/g)).toHaveLength(1);
    expect(
      within(card as HTMLElement).getByText(
        (_content, element) =>
          element?.tagName === 'P' && element.textContent === '9 days and 16 hours until your ads go live.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Your ads start on Tuesday, June 11, 2030.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(
      await screen.findByText('Your onboarding call, Monday, June 3, 10:00 AM – 10:30 AM EDT.'),
    ).toBeInTheDocument();
  });

  it('says plainly when there is no date, and goes to onboarding', async () => {
    const { patchBodies } = signedInAgent(
      { ...AT_COUNTDOWN, google_ads_date: null },
      {
        'GET /api/portal/me/onboarding-call': () => json(200, { call: null }),
        'PATCH /api/portal/me/agent_profile': () =>
          json(200, buildAgent({ ...AT_COUNTDOWN, google_ads_date: null, signup_status: 'complete' })),
      },
    );
    const { user, location } = renderPortal('/signup/countdown');
    await screen.findByRole('heading', { level: 1, name: 'Countdown to go-live' });
    expect(screen.getByText('No go-live date yet')).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/\d+ days? and \d+ hours?/);

    await user.click(screen.getByRole('button', { name: 'Go to onboarding' }));
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(location()).toBe('/onboarding');
    expect(patchBodies()).toEqual([{ signup_status: 'complete' }]);
  });
});
