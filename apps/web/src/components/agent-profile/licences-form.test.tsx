import { localIsoDate } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileLicensesPage } from '@/features/profile/pages/profile-pages';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';

/** Pages are loaded on first visit (route-level lazy): on a busy machine that takes a moment. */
const PAGE_LOAD = { timeout: 5000 };

/** The calendar day `days` from today, as the form's date inputs hold it. */
const inDays = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
};

const licence = (state: string, license_number: string, exp_date: string | null = null) => ({
  license_number,
  state,
  type: 'Salesperson',
  exp_date,
});

const rows = () => within(screen.getByRole('list', { name: 'Licences' })).getAllByRole('listitem');

// Whole journeys, typed key by key: more than the default 5 s on a busy machine.
describe('the licences form', { timeout: 20_000 }, () => {
  it('warns about each licence expiring within 90, 60 or 30 days or expired, as the date is typed', async () => {
    signedInAgent({
      licensed_states: [
        licence('AZ', 'SA100', inDays(10)),
        licence('CA', 'CA200', inDays(45)),
        licence('NV', 'NV300', inDays(75)),
        licence('TX', 'TX400', inDays(-3)),
        licence('FL', 'FL500', inDays(200)),
        licence('NM', 'NM600', null),
      ],
    });
    const { user } = renderApp(<ProfileLicensesPage />, { url: '/profile/licenses' });
    await screen.findByRole('heading', { level: 2, name: 'Licences' }, PAGE_LOAD);

    const [az, ca, nv, tx, fl, nm] = rows();
    expect(within(az!).getByText(/expires in 10 days \(.*\)\. Renew it now/)).toBeInTheDocument();
    expect(within(ca!).getByText(/expires in 45 days \(.*\)\. Plan its renewal\./)).toBeInTheDocument();
    expect(within(nv!).getByText(/expires in 75 days \(.*\)\. Renewals can take weeks/)).toBeInTheDocument();
    // The number of days is said once, not echoed by the band ("..., within 60 days").
    expect(within(ca!).queryByText(/within \d+ days/)).not.toBeInTheDocument();
    expect(within(tx!).getByText(/This licence expired on .*Renew it/)).toBeInTheDocument();
    expect(within(fl!).queryByText(/This licence expire/)).not.toBeInTheDocument();
    expect(within(nm!).queryByText(/This licence expire/)).not.toBeInTheDocument();

    const flDate = screen.getByLabelText('Expiry date of licence 5');
    await user.clear(flDate);
    await user.type(flDate, inDays(0));
    expect(within(fl!).getByText(/This licence expires today \(.*\)\. Renew it now/)).toBeInTheDocument();
  });

  it('on the onboarding step, asks for a licence and its fields, then saves, marks the step and moves on', async () => {
    const { patchBodies } = signedInAgent({});
    const { user, location } = renderPortal('/onboarding/Licences/licenses_details');
    await screen.findByRole('heading', { level: 1, name: 'Licence details' }, PAGE_LOAD);
    expect(screen.getByText(/No licences yet/)).toBeInTheDocument();
    const next = () => screen.getByRole('button', { name: 'Save and continue to E&O insurance' });

    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent(/at least one real-estate licence/);
    expect(patchBodies().some((body) => JSON.stringify(body).includes('onboarding_steps'))).toBe(false);
    expect(location()).toBe('/onboarding/Licences/licenses_details');

    await user.click(screen.getByRole('button', { name: 'Add a licence' }));
    expect(screen.getByLabelText('Licence number of licence 1')).toHaveFocus();
    expect(screen.getByText('(not saved yet)')).toBeInTheDocument();
    await user.click(next());
    expect(await screen.findByText('Enter the licence number')).toBeInTheDocument();
    expect(screen.getByText('Choose the state that issued the licence')).toBeInTheDocument();
    expect(screen.getByText('Enter the licence type, for example Salesperson')).toBeInTheDocument();
    expect(screen.getByLabelText('State of licence 1')).toHaveAttribute('aria-invalid', 'true');
    // The earlier refusal no longer applies once the fields say what to fix.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Licence number of licence 1'), ' SA123456 ');
    await user.selectOptions(screen.getByLabelText('State of licence 1'), 'AZ');
    await user.type(screen.getByLabelText('Licence type of licence 1'), 'Salesperson');
    await user.click(next());

    await screen.findByRole('heading', { level: 1, name: 'E&O insurance' }, PAGE_LOAD);
    expect(location()).toBe('/onboarding/Licences/eo_insurance');
    expect(patchBodies().slice(-2)).toEqual([
      { licensed_states: [{ license_number: 'SA123456', state: 'AZ', type: 'Salesperson', exp_date: null }] },
      { onboarding_steps: { licenses_details: true } },
    ]);
  });

  it('keeps what was typed and shows the server’s message when the save is refused', async () => {
    signedInAgent(
      {},
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: 'licensed_states: this licence number is not valid in Arizona' }),
      },
    );
    const { user, location } = renderPortal('/onboarding/Licences/licenses_details');
    await screen.findByRole('heading', { level: 1, name: 'Licence details' }, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Add a licence' }));
    await user.type(screen.getByLabelText('Licence number of licence 1'), 'XX-1');
    await user.selectOptions(screen.getByLabelText('State of licence 1'), 'AZ');
    await user.type(screen.getByLabelText('Licence type of licence 1'), 'Broker');
    await user.type(screen.getByLabelText('Expiry date of licence 1'), '2031-06-30');
    await user.click(screen.getByRole('button', { name: /Save and continue/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'licensed_states: this licence number is not valid in Arizona',
    );
    expect(screen.getByLabelText('Licence number of licence 1')).toHaveValue('XX-1');
    expect(screen.getByLabelText('State of licence 1')).toHaveValue('AZ');
    expect(screen.getByLabelText('Licence type of licence 1')).toHaveValue('Broker');
    expect(screen.getByLabelText('Expiry date of licence 1')).toHaveValue('2031-06-30');
    expect(location()).toBe('/onboarding/Licences/licenses_details');
  });

  it('refuses the same licence twice', async () => {
    signedInAgent({ licensed_states: [licence('AZ', 'SA100')] });
    const { user } = renderApp(<ProfileLicensesPage />, { url: '/profile/licenses' });
    await screen.findByRole('heading', { level: 2, name: 'Licences' }, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Add a licence' }));
    await user.type(screen.getByLabelText('Licence number of licence 2'), 'sa100');
    await user.selectOptions(screen.getByLabelText('State of licence 2'), 'AZ');
    await user.type(screen.getByLabelText('Licence type of licence 2'), 'Broker');
    await user.click(screen.getByRole('button', { name: 'Save licences' }));
    expect(await screen.findByText('This licence is already in the list')).toBeInTheDocument();
    expect(screen.getByLabelText('Licence number of licence 2')).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes a licence off the list at once and saves the removal with the Save button, like any change', async () => {
    const { patchBodies } = signedInAgent({
      licensed_states: [licence('AZ', 'SA100'), licence('CA', 'CA200', '2030-01-31')],
    });
    const { user } = renderApp(<ProfileLicensesPage />, { url: '/profile/licenses' });
    await screen.findByRole('heading', { level: 2, name: 'Licences' }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Add a licence' }));
    expect(rows()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove licence 3' }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add a licence' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove licence 1' }));
    expect(rows()).toHaveLength(1);
    // Nothing is saved behind the agent's back: the page says what Save will do.
    expect(patchBodies()).toHaveLength(0);
    expect(screen.getByText('Licence AZ SA100 is off the list; save to keep this change.')).toHaveAttribute(
      'role',
      'status',
    );

    await user.click(screen.getByRole('button', { name: 'Save licences' }));
    expect(await screen.findByText('Licences saved')).toBeInTheDocument();
    expect(patchBodies()).toEqual([{ licensed_states: [licence('CA', 'CA200', '2030-01-31')] }]);
    expect(screen.queryByText(/off the list/)).not.toBeInTheDocument();
  });

  it('keeps the list as edited when saving a removal is refused, and says why above the buttons', async () => {
    signedInAgent(
      { licensed_states: [licence('AZ', 'SA100'), licence('CA', 'CA200')] },
      { 'PATCH /api/portal/me/agent_profile': () => json(503, { detail: 'The database is not reachable' }) },
    );
    const { user } = renderApp(<ProfileLicensesPage />, { url: '/profile/licenses' });
    await screen.findByRole('heading', { level: 2, name: 'Licences' }, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Remove licence 1' }));
    await user.click(screen.getByRole('button', { name: 'Save licences' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable');
    expect(rows()).toHaveLength(1);
    expect(screen.getByLabelText('Licence number of licence 1')).toHaveValue('CA200');
    expect(screen.getByText(/Licence AZ SA100 is off the list/)).toBeInTheDocument();
  });

  it('on the profile, saves the list with a toast', async () => {
    const { patchBodies } = signedInAgent({ licensed_states: [licence('AZ', 'SA100')] });
    const { user } = renderApp(<ProfileLicensesPage />, { url: '/profile/licenses' });
    await screen.findByRole('heading', { level: 2, name: 'Licences' }, PAGE_LOAD);
    await user.type(screen.getByLabelText('Expiry date of licence 1'), '2031-03-31');
    await user.click(screen.getByRole('button', { name: 'Save licences' }));
    expect(await screen.findByText('Licences saved')).toBeInTheDocument();
    expect(patchBodies()).toEqual([{ licensed_states: [licence('AZ', 'SA100', '2031-03-31')] }]);
  });
});
