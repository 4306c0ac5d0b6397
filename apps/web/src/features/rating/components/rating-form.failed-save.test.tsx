import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

describe('rating, when the save fails', () => {
  it("shows the server's refusal, stays on the form and keeps the score and the comment", async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ rating_required: true })),
      'POST /api/portal/me/rating': () =>
        json(409, { detail: 'This month has been rated already from another device.' }),
    });
    const { user, location } = renderPortal('/leads');
    await screen.findByRole('heading', { level: 1, name: 'Rate your leads' });

    await user.click(screen.getByRole('radio', { name: '2 – Fair' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Too many wrong numbers');
    await user.click(screen.getByRole('button', { name: 'Send my rating' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This month has been rated already from another device.',
    );
    expect(JSON.parse(callsTo('POST /api/portal/me/rating')[0]!.body!)).toEqual({
      score: 2,
      comment: 'Too many wrong numbers',
    });
    expect(location()).toBe('/rating');
    expect(screen.getByRole('heading', { level: 1, name: 'Rate your leads' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 – Fair' })).toBeChecked();
    expect(screen.getByLabelText('Comment (optional)')).toHaveValue('Too many wrong numbers');
    expect(screen.getByRole('button', { name: 'Send my rating' })).toBeEnabled();
  });

  it('says the rating was not saved when the server cannot be reached, keeping what was typed', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ rating_required: true })),
      'POST /api/portal/me/rating': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = renderPortal('/leads');
    await screen.findByRole('heading', { level: 1, name: 'Rate your leads' });

    await user.click(screen.getByRole('radio', { name: '5 – Excellent' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Two listings signed');
    await user.click(screen.getByRole('button', { name: 'Send my rating' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(screen.getByRole('radio', { name: '5 – Excellent' })).toBeChecked();
    expect(screen.getByLabelText('Comment (optional)')).toHaveValue('Two listings signed');
  });
});
