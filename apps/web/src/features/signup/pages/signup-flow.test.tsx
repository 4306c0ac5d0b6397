import { ERROR, REGISTRATION_SENT } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe, buildUser } from '@/test/factories';
import { anonymousRefresh, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { SIGNUP_DRAFT_KEY } from '../utils/signup-draft';
import { ChoosePasswordPage } from './choose-password-page';
import { SignupPage } from './signup-page';

describe('joining with an access code', () => {
  it('checks e-mail and code, registers, and says to open the e-mailed link; it can be sent again', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/portal/signup': () =>
        json(200, { email: 'new@example.com', access_code: 'SPRING25', valid: true }),
      'POST /api/portal/register': () => json(202, { detail: REGISTRATION_SENT }),
    });
    const { user, location } = renderPortal('/signup');

    await screen.findByRole('heading', { level: 1, name: 'Join with an access code' });
    await user.type(screen.getByLabelText('Email'), 'New@Example.com');
    await user.type(screen.getByLabelText('Access code'), 'SPRING25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/portal/signup')[0]!.body!)).toEqual({
      email: 'new@example.com',
      access_code: 'SPRING25',
    });
    expect(screen.getByText('new@example.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a different one');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo('POST /api/portal/register')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(location()).toBe('/signup/choose-password');
    expect(JSON.parse(callsTo('POST /api/portal/register')[0]!.body!)).toEqual({
      email: 'new@example.com',
      access_code: 'SPRING25',
      password: 'a long passphrase',
    });
    expect(sessionStorage.getItem(SIGNUP_DRAFT_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/We have sent a new link/)).toBeInTheDocument();
    expect(callsTo('POST /api/portal/register')).toHaveLength(2);
    expect(JSON.parse(callsTo('POST /api/portal/register')[1]!.body!)).toMatchObject({
      email: 'new@example.com',
      password: 'a long passphrase',
    });
  });

  it('creates the account from the e-mailed link, once, and opens the first signup step', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/portal/register/confirm': () =>
        json(201, {
          access_token: 'access-new',
          token_type: 'bearer',
          user: buildUser({ email: 'new@example.com' }),
        }),
      'GET /api/portal/me': () =>
        json(200, buildMe({ email: 'new@example.com', agent_profile: { signup_status: 'mailingAddress' } })),
    });
    const { location } = renderPortal('/signup/confirm/a.b.c');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailing address' })).toBeInTheDocument();
    expect(location()).toBe('/signup/mailingAddress');
    expect(callsTo('POST /api/portal/register/confirm')).toHaveLength(1);
    expect(JSON.parse(callsTo('POST /api/portal/register/confirm')[0]!.body!)).toEqual({ token: 'a.b.c' });
  });

  it.each([
    [ERROR.tokenInvalid, 'Start again with your access code'],
    [ERROR.accountExists, 'Reset your password'],
  ])('says why a link did not create the account (%s) and what to do', async (detail, action) => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/portal/register/confirm': () => json(400, { detail }),
    });
    renderPortal('/signup/confirm/a.b.c');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account was not created' }),
    ).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: action })).toBeInTheDocument();
  });

  it("shows the server's reason under the form and keeps what was typed", async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/portal/signup': () => json(400, { detail: 'This access code is not valid.' }),
    });
    const { user } = renderApp(<SignupPage />, { url: '/signup' });
    await screen.findByRole('heading', { level: 1, name: 'Join with an access code' });
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Access code'), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This access code is not valid.');
    expect(screen.getByLabelText('Access code')).toHaveValue('WRONG');
  });

  it('asks for the e-mail address when it is left empty, and for a valid one when it is not', async () => {
    const { callsTo } = mockFetch({ 'POST /api/refresh': anonymousRefresh });
    const { user } = renderApp(<SignupPage />, { url: '/signup' });
    await screen.findByRole('heading', { level: 1, name: 'Join with an access code' });
    await user.type(screen.getByLabelText('Access code'), 'SPRING25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();

    await user.type(email, 'new@example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Access code')).toHaveValue('SPRING25');
    expect(callsTo('POST /api/portal/signup')).toHaveLength(0);
  });

  it('sends /signup/choose-password back to /signup without a checked code', async () => {
    mockFetch({ 'POST /api/refresh': anonymousRefresh });
    const { location } = renderPortal('/signup/choose-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join with an access code' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/signup');
  });

  it('shows why registration was refused, e.g. a common password', async () => {
    sessionStorage.setItem(
      SIGNUP_DRAFT_KEY,
      JSON.stringify({ email: 'new@example.com', access_code: 'SPRING25' }),
    );
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/portal/register': () =>
        json(400, { detail: 'This password is too common. Choose another one.' }),
    });
    const { user } = renderApp(<ChoosePasswordPage />, { url: '/signup/choose-password' });
    await screen.findByRole('heading', { level: 1, name: 'Choose your password' });
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common. Choose another one.',
    );
    expect(screen.getByLabelText('Password')).toHaveValue('password123');
  });
});
