import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';
import { EoInsurancePage } from './eo-insurance-page';

/** Pages are loaded on first visit (route-level lazy): on a busy machine that takes a moment. */
const PAGE_LOAD = { timeout: 5000 };

// Whole journeys, typed key by key: more than the default 5 s on a busy machine.
describe('the E&O insurance step', { timeout: 20_000 }, () => {
  it('with yes, needs the certificate before moving on, and saves nothing until then', async () => {
    const { patchBodies } = signedInAgent({});
    const { user, location } = renderApp(<EoInsurancePage />, { url: '/onboarding/Licences/eo_insurance' });
    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' }, PAGE_LOAD);
    // "no" is on the record: the step is done until the agent says otherwise.
    expect(screen.getByText('Completed')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Policy expiry date'), '2031-03-31');
    await user.click(screen.getByRole('button', { name: 'Save and continue to MLS compliance' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload your E&O certificate and give its expiry date, or say you have no E&O insurance.',
    );
    expect(screen.getByLabelText('Policy expiry date')).toHaveValue('2031-03-31');
    expect(patchBodies()).toHaveLength(0);
    expect(location()).toBe('/onboarding/Licences/eo_insurance');
  });

  it('saves the date with a certificate uploaded and opens the MLS page', async () => {
    const { patchBodies } = signedInAgent({
      has_eo_certificate: 'yes',
      eo_certificate: '/api/files/eo-1',
      policy_exp_date: null,
    });
    const { user, location } = renderPortal('/onboarding/Licences/eo_insurance');
    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' }, PAGE_LOAD);
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Policy expiry date'), '2031-03-31');
    await user.click(screen.getByRole('button', { name: 'Save and continue to MLS compliance' }));

    await screen.findByRole('heading', { level: 1, name: 'MLS compliance' }, PAGE_LOAD);
    expect(location()).toBe('/onboarding/Licences/mls_compliance');
    expect(patchBodies()).toEqual([{ has_eo_certificate: 'yes', policy_exp_date: '2031-03-31' }]);
  });
});
