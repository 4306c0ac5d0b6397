import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_EO = { ...PERSONAL, timezone: 'America/Denver' as const, signup_status: 'eoInsurance' as const };

describe('E&O insurance, when the save fails', () => {
  it("shows the server's refusal, stays on the page and keeps the answer and the date typed", async () => {
    const { patchBodies } = signedInAgent(
      { ...AT_EO, has_eo_certificate: 'yes', eo_certificate: '/api/files/eo-1' },
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: 'The policy must still be in force on the day your ads start.' }),
      },
    );
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.eoInsurance, { url: '/signup/eoInsurance' });
    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' });
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();

    await user.type(screen.getByLabelText('Policy expiry date'), '2031-03-31');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The policy must still be in force on the day your ads start.',
    );
    expect(patchBodies()).toEqual([
      { has_eo_certificate: 'yes', policy_exp_date: '2031-03-31', signup_status: 'zoom' },
    ]);
    expect(location()).toBe('/signup/eoInsurance');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByLabelText('Policy expiry date')).toHaveValue('2031-03-31');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says so when the server fails, and keeps a "No" answer', async () => {
    const { patchBodies } = signedInAgent(AT_EO, {
      'PATCH /api/portal/me/agent_profile': () => json(500, { detail: 'Internal server error' }),
    });
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.eoInsurance, { url: '/signup/eoInsurance' });
    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' });
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    expect(patchBodies()).toEqual([{ has_eo_certificate: 'no', signup_status: 'zoom' }]);
    expect(location()).toBe('/signup/eoInsurance');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });
});
