import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_EO = { ...PERSONAL, timezone: 'America/Denver' as const, signup_status: 'eoInsurance' as const };

describe('E&O insurance', () => {
  it('with yes, asks for the expiry date and the certificate before saving', async () => {
    const { patchBodies } = signedInAgent(AT_EO);
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.eoInsurance, { url: '/signup/eoInsurance' });
    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' });
    expect(screen.queryByLabelText('Policy expiry date')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('Upload the certificate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the policy expiry date')).toBeInTheDocument();
    expect(screen.getByLabelText('Policy expiry date')).toHaveAttribute('aria-invalid', 'true');
    expect(patchBodies()).toHaveLength(0);

    await user.type(screen.getByLabelText('Policy expiry date'), '2031-03-31');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload your E&O certificate and give its expiry date, or say you have no E&O insurance.',
    );
    expect(patchBodies()).toHaveLength(0);
  });

  it('saves the date with a certificate already uploaded and moves on to the call', async () => {
    const { patchBodies } = signedInAgent(
      { ...AT_EO, has_eo_certificate: 'yes', eo_certificate: '/api/files/eo-1' },
      {
        'GET /api/portal/me/onboarding-call': () => json(200, { call: null }),
        'GET /api/portal/me/onboarding-call/slots': () =>
          json(200, { timezone: 'America/Denver', slots: [] }),
      },
    );
    const { user, location } = renderPortal('/signup/eoInsurance');
    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' });
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('link', { name: /View the certificate you uploaded/ })).toHaveAttribute(
      'href',
      '/api/files/eo-1',
    );
    await user.type(screen.getByLabelText('Policy expiry date'), '2031-03-31');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Onboarding call' });
    expect(location()).toBe('/signup/zoom');
    expect(patchBodies()).toEqual([
      { has_eo_certificate: 'yes', policy_exp_date: '2031-03-31', signup_status: 'zoom' },
    ]);
  });
});
