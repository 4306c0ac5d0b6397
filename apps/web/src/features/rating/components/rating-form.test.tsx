import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

describe('rating', () => {
  it('asks for a score, sends it with the comment, then opens the leads', async () => {
    let rated = false;
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ rating_required: !rated })),
      'POST /api/portal/me/rating': () => {
        rated = true;
        return json(200, {});
      },
    });
    const { user, location } = renderPortal('/leads');
    await screen.findByRole('heading', { level: 1, name: 'Rate your leads' });
    expect(
      screen.getByRole('radiogroup', { name: 'How good were your leads this month?' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect(await screen.findByText('Choose a score from 1 to 5')).toBeInTheDocument();
    expect(callsTo('POST /api/portal/me/rating')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 – Very good' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'Mostly serious sellers');
    await user.click(screen.getByRole('button', { name: 'Send my rating' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(location()).toBe('/leads');
    expect(JSON.parse(callsTo('POST /api/portal/me/rating')[0]!.body!)).toEqual({
      score: 4,
      comment: 'Mostly serious sellers',
    });
  });
});
