import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signedInAgent } from '@/test/signed-in-agent';
import { ProfileBrokerPage } from './profile-pages';

// Whole journeys, typed key by key: more than the default 5 s on a busy machine.
describe('the broker profile page', { timeout: 20_000 }, () => {
  it('says the details are incomplete, then saves them with a toast and stays', async () => {
    const { patchBodies } = signedInAgent({ brokerage: 'Summit Realty' });
    const { user, location } = renderApp(<ProfileBrokerPage />, { url: '/profile/broker' });
    await screen.findByRole('heading', { level: 2, name: 'Broker of record' });
    expect(screen.getByText(/Your broker details are not complete yet/)).toBeInTheDocument();

    await user.type(screen.getByLabelText("Broker's name"), 'Dana Broker');
    await user.type(screen.getByLabelText("Broker's phone"), '480-555-0100');
    await user.type(screen.getByLabelText("Broker's e-mail"), 'dana@summit.example');
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByLabelText("Billing contact's name"), 'Pat Accounts');
    await user.type(screen.getByLabelText("Billing contact's phone"), '480 555 0101');
    await user.type(screen.getByLabelText("Billing contact's e-mail"), 'pat@summit.example');
    await user.click(screen.getByRole('button', { name: 'Save broker details' }));

    expect(await screen.findByText('Broker of record saved')).toBeInTheDocument();
    expect(location()).toBe('/profile/broker');
    expect(screen.queryByText(/Your broker details are not complete yet/)).not.toBeInTheDocument();
    expect(patchBodies()).toEqual([
      {
        brokerage: 'Summit Realty',
        broker_of_record: {
          name: 'Dana Broker',
          phone: '+14805550100',
          email: 'dana@summit.example',
          is_billing_contact: false,
          billing_contact: { name: 'Pat Accounts', phone: '+14805550101', email: 'pat@summit.example' },
        },
      },
    ]);
  });

  it('keeps what was typed when the server refuses, with its message', async () => {
    signedInAgent(
      {
        brokerage: 'Summit Realty',
        broker_of_record: {
          name: 'Dana Broker',
          phone: '+14805550100',
          email: 'dana@summit.example',
          is_billing_contact: true,
          billing_contact: null,
        },
      },
      {
        'PATCH /api/portal/me/agent_profile': () => json(400, { detail: 'brokerage: Brokerage is too long' }),
      },
    );
    const { user } = renderApp(<ProfileBrokerPage />, { url: '/profile/broker' });
    await screen.findByRole('heading', { level: 2, name: 'Broker of record' });
    await user.clear(screen.getByLabelText("Broker's name"));
    await user.type(screen.getByLabelText("Broker's name"), 'Robin Broker');
    await user.click(screen.getByRole('button', { name: 'Save broker details' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('brokerage: Brokerage is too long');
    expect(screen.getByLabelText("Broker's name")).toHaveValue('Robin Broker');
    expect(screen.queryByText('Broker of record saved')).not.toBeInTheDocument();
  });
});
