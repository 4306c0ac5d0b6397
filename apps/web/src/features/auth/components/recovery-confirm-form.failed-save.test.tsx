import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousRefresh, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { RecoveryConfirmPage } from '../pages/recovery-pages';

describe('the new-password page, when the save fails', () => {
  it("shows the server's refusal and keeps both passwords as typed", async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/confirm': () =>
        json(400, { detail: 'This password is too common. Choose a longer phrase.' }),
    });
    const { user, location } = renderApp(<RecoveryConfirmPage />, {
      url: '/recovery/reset-token',
      path: '/recovery/:token',
    });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your password was not changed');
    expect(alert).toHaveTextContent('This password is too common. Choose a longer phrase.');
    expect(JSON.parse(callsTo('POST /api/password-reset/confirm')[0]!.body!)).toEqual({
      token: 'reset-token',
      new_password: 'password1234',
    });
    expect(location()).toBe('/recovery/reset-token');
    expect(screen.getByLabelText('New password')).toHaveValue('password1234');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('password1234');
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled();
  });

  it('keeps both passwords under /es when the link has expired', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/confirm': () => json(400, { detail: 'This link is invalid or has expired.' }),
    });
    const { user } = renderApp(<RecoveryConfirmPage />, {
      url: '/es/recovery/reset-token',
      path: '/es/recovery/:token',
    });
    await screen.findByRole('heading', { level: 1, name: 'Elija una contraseña nueva' });
    await user.type(screen.getByLabelText('Contraseña nueva'), 'una frase bastante larga');
    await user.type(screen.getByLabelText('Confirme la contraseña nueva'), 'una frase bastante larga');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La contraseña no se ha cambiado');
    expect(alert).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByLabelText('Contraseña nueva')).toHaveValue('una frase bastante larga');
    expect(screen.getByLabelText('Confirme la contraseña nueva')).toHaveValue('una frase bastante larga');
  });
});
