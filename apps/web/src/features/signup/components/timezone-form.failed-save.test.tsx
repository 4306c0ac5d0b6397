import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

describe('time zone, when the save fails', () => {
  it("shows the server's refusal, stays on the page and keeps the zone chosen", async () => {
    const { patchBodies } = signedInAgent(
      { ...PERSONAL, timezone: 'America/Chicago', signup_status: 'timezone' },
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: 'Time zones cannot be changed while your account is under review.' }),
      },
    );
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.timezone, { url: '/signup/timezone' });
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    const group = screen.getByRole('radiogroup', { name: 'Your time zone' });
    expect(within(group).getByRole('radio', { name: 'Central — Chicago' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Mountain — Denver' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Time zones cannot be changed while your account is under review.',
    );
    expect(patchBodies()).toEqual([{ timezone: 'America/Denver', signup_status: 'sms' }]);
    expect(location()).toBe('/signup/timezone');
    expect(within(group).getByRole('radio', { name: 'Mountain — Denver' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Central — Chicago' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says so when the server cannot be reached, and keeps the zone chosen', async () => {
    signedInAgent(
      { ...PERSONAL, timezone: 'America/Chicago', signup_status: 'timezone' },
      {
        'PATCH /api/portal/me/agent_profile': () => Promise.reject(new TypeError('Failed to fetch')),
      },
    );
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.timezone, { url: '/signup/timezone' });
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    await user.click(screen.getByRole('radio', { name: 'Eastern — New York' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(location()).toBe('/signup/timezone');
    expect(screen.getByRole('radio', { name: 'Eastern — New York' })).toBeChecked();
  });
});
