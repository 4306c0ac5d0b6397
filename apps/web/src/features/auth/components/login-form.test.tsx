import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { anonymousRefresh, type Handler, json, mockFetch } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

function renderLogin(login: Handler, extra: Record<string, Handler> = {}) {
  const fetch = mockFetch({ 'POST /api/refresh': anonymousRefresh, 'POST /api/login': login, ...extra });
  const app = renderPortal('/login');
  return { ...fetch, ...app };
}

async function fillAndSubmit(user: ReturnType<typeof renderPortal>['user'], email: string, password: string) {
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login form', () => {
  it('says the server could not be reached when there is no answer at all', async () => {
    const { user } = renderLogin(() => {
      throw new TypeError('Failed to fetch');
    });
    await fillAndSubmit(user, 'agent@example.com', 'some password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('agent@example.com');
  });

  it('says which fields are missing, and does not call the server', async () => {
    const { user, callsTo } = renderLogin(() => json(500, {}));
    await fillAndSubmit(user, '', '');

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(callsTo('POST /api/login')).toHaveLength(0);
  });

  it('shows "Incorrect email or password." for LOGIN_BAD_CREDENTIALS and keeps what was typed', async () => {
    const { user } = renderLogin(() => json(400, { detail: 'LOGIN_BAD_CREDENTIALS' }));
    await fillAndSubmit(user, 'agent@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(screen.getByLabelText('Email')).toHaveValue('agent@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('posts the form as application/x-www-form-urlencoded username and password', async () => {
    const { user, callsTo } = renderLogin(() => json(400, { detail: 'LOGIN_BAD_CREDENTIALS' }));
    await fillAndSubmit(user, 'agent@example.com', 'p&ss=word');
    await screen.findByRole('alert');

    const [call] = callsTo('POST /api/login');
    expect(call!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call!.body!))).toEqual({
      username: 'agent@example.com',
      password: 'p&ss=word',
    });
  });

  it("shows the server's detail for a 429, with when to try again", async () => {
    const { user } = renderLogin(() =>
      json(
        429,
        { detail: 'Too many attempts. Please wait a moment and try again.' },
        { 'Retry-After': '60' },
      ),
    );
    await fillAndSubmit(user, 'agent@example.com', 'whatever1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again. You can try again in 60 seconds.',
    );
  });

  it('falls back to "Sign-in failed. Please try again." when the server gives no detail', async () => {
    const { user } = renderLogin(() => new Response('Bad gateway', { status: 502 }));
    await fillAndSubmit(user, 'agent@example.com', 'whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
  });

  it('cannot be submitted twice while signing in', async () => {
    let release: (response: Response) => void = () => {};
    const { user, callsTo } = renderLogin(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    await fillAndSubmit(user, 'agent@example.com', 'whatever1');

    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(callsTo('POST /api/login')).toHaveLength(1);

    release(json(400, { detail: 'LOGIN_BAD_CREDENTIALS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });

  it('signs in and lets the guard take the agent to onboarding', async () => {
    const { user, location } = renderLogin(
      () => json(200, { access_token: 'access-1', token_type: 'bearer', user: {} }),
      { 'GET /api/portal/me': () => json(200, buildMe()) },
    );
    await fillAndSubmit(user, 'agent@example.com', 'correct horse');

    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding');
  });

  it('shows and hides the password', async () => {
    const { user } = renderLogin(() => json(500, {}));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('e-mails a sign-in link to the address typed', async () => {
    const { user, callsTo } = renderLogin(() => json(500, {}), {
      'POST /api/auth/request-magic-link': () => new Response(null, { status: 202 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/request-magic-link')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), ' Agent@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(
      await screen.findByText(
        'If an account exists for that address, a sign-in link is on its way. It works once, for 10 minutes.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/auth/request-magic-link')[0]!.body!)).toEqual({
      email: 'agent@example.com',
    });
  });

  it('sends one sign-in link for a double click, while the e-mail rule is still loading', async () => {
    const { user, callsTo } = renderLogin(() => json(500, {}), {
      'POST /api/auth/request-magic-link': () => new Response(null, { status: 202 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    const button = screen.getByRole('button', { name: 'Email me a sign-in link' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(/a sign-in link is on its way/)).toBeInTheDocument();
    expect(callsTo('POST /api/auth/request-magic-link')).toHaveLength(1);
  });

  it('links to password recovery and to joining with an access code', async () => {
    renderLogin(() => json(500, {}));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/recovery');
    const joinLinks = screen.getAllByRole('link', { name: 'Join with an access code' });
    expect(joinLinks.every((link) => link.getAttribute('href') === '/signup')).toBe(true);
  });
});
