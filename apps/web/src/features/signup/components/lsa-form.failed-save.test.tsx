import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_LSA = {
  ...PERSONAL,
  timezone: 'America/Denver' as const,
  sms_test: 'yes' as const,
  email_test: 'yes' as const,
  signup_status: 'lsa' as const,
};

describe('Local Services Ads, when the save fails', () => {
  it("shows the server's refusal, stays on the page and keeps the answer and the profile typed", async () => {
    const { patchBodies } = signedInAgent(AT_LSA, {
      'PATCH /api/portal/me/agent_profile': () =>
        json(400, { detail: 'That Google Business Profile belongs to another agent.' }),
    });
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.lsa, { url: '/signup/lsa' });
    await screen.findByRole('heading', { level: 1, name: 'Google Local Services Ads' });

    await user.click(screen.getByRole('radio', { name: /Yes, include Local Services Ads/ }));
    await user.type(screen.getByLabelText('Business profile name'), 'Rivera Homes Phoenix');
    await user.type(screen.getByLabelText('Business profile link'), 'https://g.page/rivera-homes');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That Google Business Profile belongs to another agent.',
    );
    expect(patchBodies()).toEqual([
      {
        google: { lsa: 'yes' },
        google_business_profile_name: 'Rivera Homes Phoenix',
        gbp_link: 'https://g.page/rivera-homes',
        signup_status: 'googleAds',
      },
    ]);
    expect(location()).toBe('/signup/lsa');
    expect(screen.getByRole('radio', { name: /Yes, include Local Services Ads/ })).toBeChecked();
    expect(screen.getByLabelText('Business profile name')).toHaveValue('Rivera Homes Phoenix');
    expect(screen.getByLabelText('Business profile link')).toHaveValue('https://g.page/rivera-homes');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
