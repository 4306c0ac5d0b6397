import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousRefresh, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { VerifyEmailPage } from '../pages/verify-email-page';

describe('requesting a new verification link, when it fails', () => {
  it("shows the server's refusal and keeps the address typed", async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'GET /api/verify/old': () =>
        json(400, { detail: 'This link is invalid or has expired. Request a new one.' }),
      'POST /api/auth/request-verify-token': () =>
        json(503, { detail: 'E-mail is not being sent at the moment. Try again in a few minutes.' }),
    });
    const { user, location } = renderApp(<VerifyEmailPage />, {
      url: '/verify-email/old',
      path: '/verify-email/:token',
    });
    await screen.findByRole('heading', { level: 1, name: 'Verification failed' });

    const form = screen.getByRole('form', { name: 'Request a new verification link' });
    const email = within(form).getByLabelText('Email');
    await user.type(email, 'agent@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send a new verification link' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'E-mail is not being sent at the moment. Try again in a few minutes.',
    );
    expect(JSON.parse(callsTo('POST /api/auth/request-verify-token')[0]!.body!)).toEqual({
      email: 'agent@example.com',
    });
    expect(screen.queryByText(/a new verification link is on its way/)).not.toBeInTheDocument();
    expect(location()).toBe('/verify-email/old');
    expect(email).toHaveValue('agent@example.com');
    expect(within(form).getByRole('button', { name: 'Send a new verification link' })).toBeEnabled();
  });
});
