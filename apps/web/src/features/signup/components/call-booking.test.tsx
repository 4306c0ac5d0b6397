import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

// Monday 10 and Tuesday 11 June 2030, shown in Pacific daylight time (UTC-7).
const MON_9 = { starts_at: '2030-06-10T16:00:00.000Z', ends_at: '2030-06-10T16:30:00.000Z' };
const MON_930 = { starts_at: '2030-06-10T16:30:00.000Z', ends_at: '2030-06-10T17:00:00.000Z' };
const TUE_10 = { starts_at: '2030-06-11T17:00:00.000Z', ends_at: '2030-06-11T17:30:00.000Z' };
const ZONE = 'America/Los_Angeles';

describe('the onboarding call', () => {
  it('books a time shown by day in the agent’s zone, refreshing the times when one was just taken', async () => {
    let booked: typeof MON_930 | null = null;
    const { callsTo, patchBodies } = signedInAgent(
      { ...PERSONAL, timezone: ZONE, signup_status: 'zoom' },
      {
        'GET /api/portal/me/onboarding-call': () => json(200, { call: null }),
        // Someone else takes Monday 9:00 between the first look and the booking.
        'GET /api/portal/me/onboarding-call/slots': (_request, index) =>
          json(200, { timezone: ZONE, slots: index === 0 ? [MON_9, MON_930, TUE_10] : [MON_930, TUE_10] }),
        'POST /api/portal/me/onboarding-call': (request) => {
          const { starts_at } = JSON.parse(request.body!) as { starts_at: string };
          if (starts_at === MON_9.starts_at) {
            return json(409, { detail: 'That time was just taken. Please choose another.' });
          }
          booked = MON_930;
          return json(201, {
            id: 'call-1',
            ...MON_930,
            timezone: ZONE,
            join_url: 'https://zoom.example/j/1',
          });
        },
      },
    );
    const { user, location } = renderPortal('/signup/zoom');
    await screen.findByRole('heading', { level: 1, name: 'Onboarding call' });

    // Continue before booking: the shared rule says what is missing.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Book your onboarding call first.')).toBeInTheDocument();
    expect(patchBodies()).toHaveLength(0);

    const days = await screen.findByRole('radiogroup', { name: 'Day' });
    expect(within(days).getByRole('radio', { name: 'Mon, Jun 10' })).toBeChecked();
    expect(within(days).getByRole('radio', { name: 'Tue, Jun 11' })).not.toBeChecked();
    const times = screen.getByRole('radiogroup', { name: 'Time on Monday, June 10 (PDT)' });
    await user.click(within(times).getByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));

    expect(
      await screen.findByText(
        'That time was just taken. Please choose another. The open times have been updated.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/portal/me/onboarding-call')[0]!.body!)).toEqual({
      starts_at: MON_9.starts_at,
    });
    await waitFor(() => expect(screen.queryByRole('radio', { name: '9:00 AM' })).not.toBeInTheDocument());
    expect(callsTo('GET /api/portal/me/onboarding-call/slots')).toHaveLength(2);

    await user.click(screen.getByRole('radio', { name: '9:30 AM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText('Monday, June 10, 9:30 AM – 10:00 AM PDT')).toBeInTheDocument();
    expect(screen.getByText('Your call is booked. We have e-mailed you the invitation.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the time' })).toBeInTheDocument();
    expect(booked).toEqual(MON_930);
    expect(screen.queryByText('Book your onboarding call first.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Countdown to go-live' });
    expect(location()).toBe('/signup/countdown');
    expect(patchBodies()).toEqual([{ signup_status: 'countdown' }]);
  });
});

describe('the onboarding call by keyboard', () => {
  it('keeps the focus on the booked call after Enter books it, and on the times after cancelling', async () => {
    signedInAgent(
      { ...PERSONAL, timezone: ZONE, signup_status: 'zoom' },
      {
        'GET /api/portal/me/onboarding-call': () => json(200, { call: null }),
        'GET /api/portal/me/onboarding-call/slots': () =>
          json(200, { timezone: ZONE, slots: [MON_9, MON_930] }),
        'POST /api/portal/me/onboarding-call': () =>
          json(201, { id: 'call-1', ...MON_930, timezone: ZONE, join_url: null }),
        'DELETE /api/portal/me/onboarding-call': () => new Response(null, { status: 204 }),
      },
    );
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.zoom, { url: '/signup/zoom' });
    const times = await screen.findByRole('radiogroup', { name: 'Time on Monday, June 10 (PDT)' });

    within(times).getByRole('radio', { name: '9:30 AM' }).focus();
    await user.keyboard(' ');
    expect(within(times).getByRole('radio', { name: '9:30 AM' })).toBeChecked();
    const book = screen.getByRole('button', { name: 'Book this time' });
    book.focus();
    await user.keyboard('{Enter}');

    const booked = await screen.findByRole('heading', { name: 'Your onboarding call' });
    await waitFor(() => expect(booked).toHaveFocus());
    expect(screen.getByText('Monday, June 10, 9:30 AM – 10:00 AM PDT')).toBeInTheDocument();
    // From there, the next control is the one to change the time.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Change the time' })).toHaveFocus();

    screen.getByRole('button', { name: 'Cancel the call' }).focus();
    await user.keyboard('{Enter}');
    const choose = await screen.findByRole('heading', { name: 'Choose a time for your call' });
    await waitFor(() => expect(choose).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });
});
