import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileTeamPage } from '@/features/profile/pages/profile-pages';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';

/** Pages are loaded on first visit (route-level lazy): on a busy machine that takes a moment. */
const PAGE_LOAD = { timeout: 5000 };

// Whole journeys, typed key by key: more than the default 5 s on a busy machine.
describe('the team form', { timeout: 20_000 }, () => {
  it('on the onboarding step, needs the team name with yes, then saves, marks my_team and moves on', async () => {
    const { patchBodies } = signedInAgent({});
    const { user, location } = renderPortal('/onboarding/start/my_team');
    await screen.findByRole('heading', { level: 1, name: 'My team' }, PAGE_LOAD);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.queryByLabelText(/Team name/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText(/the Branding step also asks for your team's logo/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue to Broker of record' }));
    expect(
      await screen.findByText("Enter your team's name: it is required when you work with a team."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Team name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(patchBodies()).toHaveLength(0);

    await user.type(screen.getByLabelText('Team name (required)'), '  Desert Homes Team ');
    await user.click(screen.getByRole('button', { name: 'Save and continue to Broker of record' }));

    await screen.findByRole('heading', { level: 1, name: 'Broker of record' }, PAGE_LOAD);
    expect(location()).toBe('/onboarding/start/broker_of_record');
    expect(patchBodies()).toEqual([
      { has_real_estate_team: 'yes', real_estate_team_name: 'Desert Homes Team' },
      { onboarding_steps: { my_team: true } },
    ]);
  });

  it('keeps what was typed and shows the server’s message when the save is refused', async () => {
    const { patchBodies } = signedInAgent(
      {},
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: 'real_estate_team_name: the name contains characters we cannot print' }),
      },
    );
    const { user, location } = renderPortal('/onboarding/start/my_team');
    await screen.findByRole('heading', { level: 1, name: 'My team' }, PAGE_LOAD);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Team name (required)'), 'Team ☃');
    await user.click(screen.getByRole('button', { name: /Save and continue/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'real_estate_team_name: the name contains characters we cannot print',
    );
    expect(screen.getByLabelText('Team name (required)')).toHaveValue('Team ☃');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(location()).toBe('/onboarding/start/my_team');
    // Only the save was tried: the step is not marked after a refused save.
    expect(patchBodies()).toHaveLength(1);
  });

  it('on the profile, saves with a toast, clears the name with no, and shows the team logo with yes', async () => {
    const { patchBodies } = signedInAgent({
      has_real_estate_team: 'yes',
      real_estate_team_name: 'Desert Homes Team',
    });
    const { user } = renderApp(<ProfileTeamPage />, { url: '/profile/team' });
    await screen.findByRole('heading', { level: 2, name: 'Team' }, PAGE_LOAD);
    expect(screen.getByLabelText('Team name (required)')).toHaveValue('Desert Homes Team');
    expect(screen.getByRole('heading', { level: 3, name: 'Team logo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Add team logos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Routing: Team members' })).toHaveAttribute(
      'href',
      '/routing/team-members',
    );

    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Save team details' }));

    expect(await screen.findByText('Team details saved')).toBeInTheDocument();
    expect(patchBodies()).toEqual([{ has_real_estate_team: 'no', real_estate_team_name: '' }]);
    expect(screen.queryByRole('heading', { name: 'Team logo' })).not.toBeInTheDocument();
  });
});
