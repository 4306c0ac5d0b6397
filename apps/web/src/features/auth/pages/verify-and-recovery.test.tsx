import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { anonymousRefresh, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { RecoveryConfirmPage, RecoveryRequestPage } from './recovery-pages';
import { VerifyEmailPage } from './verify-email-page';

describe('e-mail verification page', () => {
  it('verifies once on arrival, also under StrictMode', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'GET /api/verify/tok-1': () => json(200, { detail: 'ok' }),
    });
    renderPortal('/verify-email/tok-1', { strict: true });

    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(callsTo('GET /api/verify/tok-1')).toHaveLength(1);
  });

  it('says "Verification failed" and offers a new link', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'GET /api/verify/old': () =>
        json(400, { detail: 'This link is invalid or has expired. Request a new one.' }),
      'POST /api/auth/request-verify-token': () => new Response(null, { status: 202 }),
    });
    const { user } = renderApp(<VerifyEmailPage />, {
      url: '/verify-email/old',
      path: '/verify-email/:token',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired. Request a new one.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText(/a new verification link is on its way/)).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/auth/request-verify-token')[0]!.body!)).toEqual({
      email: 'agent@example.com',
    });
  });
});

describe('e-mail verification page', () => {
  it('says "Verification failed" once, not again in the alert', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'GET /api/verify/bad': () => json(400, { detail: 'Verification failed' }),
    });
    renderApp(<VerifyEmailPage />, { url: '/verify-email/bad', path: '/verify-email/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getAllByText('Verification failed')).toHaveLength(1);
  });

  it('tells a verified user who opens their own link again that the address is already verified', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh('owner-token'),
      'GET /api/portal/me': () => json(200, buildMe({ email: 'done@example.com', is_verified: true })),
      // The server knows the link was this user's, already used (it reads the session's token).
      'GET /api/verify/used': () => json(409, { detail: 'E-mail address already verified' }),
    });
    renderApp(<VerifyEmailPage />, { url: '/verify-email/used', path: '/verify-email/:token' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'E-mail address already verified' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verification failed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to your dashboard' })).toBeInTheDocument();
    expect(callsTo('GET /api/verify/used')[0]!.headers.get('Authorization')).toBe('Bearer owner-token');
  });

  it('says "Verification failed: Invalid token format" for a garbage link, even to a verified user', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ email: 'done@example.com', is_verified: true })),
      'GET /api/verify/garbage': () => json(400, { detail: 'Invalid token format' }),
    });
    renderApp(<VerifyEmailPage />, { url: '/verify-email/garbage', path: '/verify-email/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid token format')).toBeInTheDocument();
    expect(screen.queryByText(/already verified|used before/i)).not.toBeInTheDocument();
  });

  it('says "Verification failed" for a link that did not work, even to a verified user', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ email: 'done@example.com', is_verified: true })),
      'GET /api/verify/someone-elses': () => json(400, { detail: 'Verification failed' }),
    });
    renderApp(<VerifyEmailPage />, { url: '/verify-email/someone-elses', path: '/verify-email/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.queryByText(/already verified|used before/i)).not.toBeInTheDocument();
  });
});

describe('password recovery', () => {
  it('requests a reset link and says what happens next', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/request': () => new Response(null, { status: 202 }),
    });
    const { user } = renderApp(<RecoveryRequestPage />, { url: '/recovery' });
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText(
        'If an account exists for that address, we have e-mailed a link to reset your password. The link works once, for one hour.',
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/password-reset/request')).toHaveLength(1);
    expect(JSON.parse(callsTo('POST /api/password-reset/request')[0]!.body!)).toEqual({
      email: 'agent@example.com',
      lang: 'en',
    });
  });

  it('asks for the e-mail in Spanish from /es/recovery, so that its link opens the Spanish page', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/request': () => new Response(null, { status: 202 }),
    });
    const { user } = renderApp(<RecoveryRequestPage />, { url: '/es/recovery' });
    await screen.findByRole('heading', { level: 1, name: 'Restablecer la contraseña' });
    await user.type(screen.getByLabelText('Correo electrónico'), 'agente@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace' }));

    expect(await screen.findByText(/le hemos enviado un enlace para restablecer/)).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/password-reset/request')[0]!.body!)).toEqual({
      email: 'agente@example.com',
      lang: 'es',
    });
  });

  it('sets a new password with the token from the link', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/confirm': () => json(200, { detail: 'Password updated' }),
    });
    const { user } = renderApp(<RecoveryConfirmPage />, {
      url: '/recovery/reset-token',
      path: '/recovery/:token',
    });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new phrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new phrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText(/signed out on every device/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(JSON.parse(callsTo('POST /api/password-reset/confirm')[0]!.body!)).toEqual({
      token: 'reset-token',
      new_password: 'a brand new phrase',
    });
  });

  it('speaks Spanish under /es, field errors included', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/password-reset/confirm': () => json(400, { detail: 'This link is invalid or has expired.' }),
    });
    const { user } = renderApp(<RecoveryConfirmPage />, {
      url: '/es/recovery/reset-token',
      path: '/es/recovery/:token',
    });
    await screen.findByRole('heading', { level: 1, name: 'Elija una contraseña nueva' });

    await user.type(screen.getByLabelText('Contraseña nueva'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Contraseña nueva'));
    await user.type(screen.getByLabelText('Contraseña nueva'), 'una frase bastante larga');
    await user.type(screen.getByLabelText('Confirme la contraseña nueva'), 'una frase bastante larga');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña nueva' }));

    expect(await screen.findByText('La contraseña no se ha cambiado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveAttribute(
      'href',
      '/es/recovery',
    );
  });
});
