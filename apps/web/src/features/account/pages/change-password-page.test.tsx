import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { ChangePasswordPage } from './change-password-page';

const office = buildMe({ name: 'Summit Realty', user_role: 'corporate', agent_profile: null });

describe('change password (account menu)', () => {
  it('is reached from the account menu, checks the two new passwords match, and keeps what was typed when refused', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, office),
      'POST /api/me/password': () => json(400, { detail: 'Your current password is not correct.' }),
    });
    const { user } = renderPortal('/leads');
    await user.click(await screen.findByRole('button', { name: /Account menu for Summit Realty/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'a-new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST /api/me/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/me/password')[0]!.body!)).toEqual({
      current_password: 'not-my-password',
      new_password: 'a-new-password-1',
    });
    expect(screen.getByLabelText('New password')).toHaveValue('a-new-password-1');
  });

  it('says the password has changed and empties the form', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, office),
      'POST /api/me/password': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp(<ChangePasswordPage />, { url: '/account/password' });
    await user.type(await screen.findByLabelText('Current password'), 'my-old-password-1');
    await user.type(screen.getByLabelText('New password'), 'a-new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
