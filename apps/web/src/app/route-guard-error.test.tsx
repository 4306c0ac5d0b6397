import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

/** The page a signed-in user sees when their account cannot be loaded. */
describe('the account error page', () => {
  it.each([500, 502, 503])('shows the status the API answered (%i), not one it assumes', async (status) => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(status, { detail: 'Something broke on our side' }),
    });
    renderPortal('/leads');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: /Your account could not be loaded/,
    });
    expect(heading).toHaveTextContent(`Error ${status}:`);
    for (const other of [500, 502, 503].filter((s) => s !== status)) {
      expect(screen.queryByText(String(other))).not.toBeInTheDocument();
    }
    expect(screen.getByText(String(status))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
