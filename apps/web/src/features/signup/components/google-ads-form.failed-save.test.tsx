import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_ADS = {
  ...PERSONAL,
  timezone: 'America/Denver' as const,
  sms_test: 'yes' as const,
  email_test: 'yes' as const,
  signup_status: 'googleAds' as const,
};

describe('Google Ads, when the save fails', () => {
  it("shows the server's refusal, stays on the page and keeps the answer and the start date", async () => {
    const { patchBodies } = signedInAgent(AT_ADS, {
      'PATCH /api/portal/me/agent_profile': () =>
        json(400, { detail: 'Ads cannot start on a day the office is closed. Choose another day.' }),
    });
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.googleAds, { url: '/signup/googleAds' });
    await screen.findByRole('heading', { level: 1, name: 'Google Ads' });

    await user.click(screen.getByRole('radio', { name: /Yes, choose a start date/ }));
    await user.type(screen.getByLabelText('Ads start date'), '2031-01-06');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ads cannot start on a day the office is closed. Choose another day.',
    );
    expect(patchBodies()).toEqual([
      { google: { ads: 'yes' }, google_ads_date: '2031-01-06', signup_status: 'eoInsurance' },
    ]);
    expect(location()).toBe('/signup/googleAds');
    expect(screen.getByRole('radio', { name: /Yes, choose a start date/ })).toBeChecked();
    expect(screen.getByLabelText('Ads start date')).toHaveValue('2031-01-06');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
