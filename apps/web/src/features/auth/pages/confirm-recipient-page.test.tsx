import { RECIPIENT_CONFIRM_FAILED } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousRefresh, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { ConfirmRecipientPage } from './confirm-recipient-page';

describe("a recipient's confirmation page", () => {
  it('confirms nothing on arrival (mail scanners open links), then once when the owner presses the button', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/recipient/confirm-email': () =>
        json(200, {
          detail: 'Your e-mail address is confirmed.',
          email: 'riley@example.com',
          agent_name: 'Dana Reyes',
        }),
    });
    const { user } = renderPortal('/recipient/confirm/tok-1', { strict: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/recipient/confirm-email')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm my address' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'E-mail address confirmed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/riley@example\.com is confirmed: Dana Reyes can now write to you/),
    ).toBeInTheDocument();
    const calls = callsTo('POST /api/recipient/confirm-email');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ token: 'tok-1' });
  });

  it('says clearly when the link is used, replaced or expired', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/recipient/confirm-email': () => json(400, { detail: RECIPIENT_CONFIRM_FAILED }),
    });
    const { user } = renderApp(<ConfirmRecipientPage />, {
      url: '/recipient/confirm/old',
      path: '/recipient/confirm/:token',
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmation link not valid' }),
    ).toBeInTheDocument();
    expect(screen.getByText(RECIPIENT_CONFIRM_FAILED)).toBeInTheDocument();
  });
});
