import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangePasswordPage } from '@/features/account/pages/change-password-page';
import { ProfileOverviewPage } from '@/features/profile/pages/profile-overview-page';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const SAVED = { leads_view: 'table', lead_sound: false, agenda_email: true, digest_email: true };
const office = (preferences: Record<string, unknown> = {}) =>
  buildMe({ name: 'Summit Realty', user_role: 'corporate', agent_profile: null, preferences });

describe('the scheduled e-mail switches', { timeout: 20_000 }, () => {
  it('lets an agent turn the daily agenda off on their profile, and shows what was saved', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ preferences: { lead_sound: true } })),
      'PATCH /api/portal/me/preferences': (request) =>
        json(200, { ...SAVED, lead_sound: true, ...JSON.parse(request.body ?? '{}') }),
    });
    const { user } = renderApp(<ProfileOverviewPage />, { url: '/profile' });
    const agenda = await screen.findByRole('switch', { name: 'Daily agenda e-mail' });
    // On unless turned off; an agent has no digest.
    expect(agenda).toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Weekly digest e-mail' })).not.toBeInTheDocument();

    await user.click(agenda);
    expect(await screen.findByText('Daily agenda e-mail turned off')).toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/preferences').map((call) => JSON.parse(call.body!))).toEqual([
      { agenda_email: false },
    ]);
    expect(screen.getByRole('switch', { name: 'Daily agenda e-mail' })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Daily agenda e-mail' }));
    expect(await screen.findByText('Daily agenda e-mail turned on')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Daily agenda e-mail' })).toBeChecked();
  });

  it('lets an office turn the weekly digest back on from its account page', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, office({ digest_email: false })),
      'PATCH /api/portal/me/preferences': () => json(200, { ...SAVED, digest_email: true }),
    });
    const { user } = renderApp(<ChangePasswordPage />, { url: '/account/password' });
    const digest = await screen.findByRole('switch', { name: 'Weekly digest e-mail' });
    expect(digest).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Daily agenda e-mail' })).not.toBeInTheDocument();

    await user.click(digest);
    expect(await screen.findByText('Weekly digest e-mail turned on')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Weekly digest e-mail' })).toBeChecked();
    expect(JSON.parse(callsTo('PATCH /api/portal/me/preferences')[0]!.body!)).toEqual({ digest_email: true });
  });

  it('says when the save failed and puts the switch back', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, office()),
      'PATCH /api/portal/me/preferences': () => json(400, { detail: 'digest_email must be true or false' }),
    });
    const { user } = renderApp(<ChangePasswordPage />, { url: '/account/password' });
    const digest = await screen.findByRole('switch', { name: 'Weekly digest e-mail' });
    expect(digest).toBeChecked();

    await user.click(digest);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your weekly digest e-mail setting was not saved: digest_email must be true or false',
    );
    expect(screen.getByRole('switch', { name: 'Weekly digest e-mail' })).toBeChecked();
  });

  it('shows nothing to a user who receives no scheduled e-mail', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () =>
        json(200, buildMe({ user_role: 'team_member', is_team_member: true, agent_profile: null })),
    });
    renderApp(<ChangePasswordPage />, { url: '/account/password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText('E-mails from the portal')).not.toBeInTheDocument();
  });
});
