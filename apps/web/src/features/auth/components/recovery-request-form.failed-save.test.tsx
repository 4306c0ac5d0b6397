import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousRefresh, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { RecoveryRequestPage } from '../pages/recovery-pages';

describe('the password-recovery request, when it fails', () => {
  it("shows the server's refusal and keeps the address typed", async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/request': () =>
        json(429, { detail: 'Too many reset requests for this address.' }, { 'Retry-After': '45' }),
    });
    const { user, location } = renderApp(<RecoveryRequestPage />, { url: '/recovery' });
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests for this address. You can try again in 45 seconds.',
    );
    expect(JSON.parse(callsTo('POST /api/password-reset/request')[0]!.body!)).toEqual({
      email: 'agent@example.com',
      lang: 'en',
    });
    expect(screen.queryByText(/we have e-mailed a link/)).not.toBeInTheDocument();
    expect(location()).toBe('/recovery');
    expect(screen.getByLabelText('Email')).toHaveValue('agent@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('says so in Spanish when the server cannot be reached, and keeps the address typed', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/request': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = renderApp(<RecoveryRequestPage />, { url: '/es/recovery' });
    await screen.findByRole('heading', { level: 1, name: 'Restablecer la contraseña' });
    await user.type(screen.getByLabelText('Correo electrónico'), 'agente@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Algo salió mal. Vuelva a intentarlo.');
    expect(screen.queryByText(/le hemos enviado un enlace/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('agente@example.com');
  });
});
