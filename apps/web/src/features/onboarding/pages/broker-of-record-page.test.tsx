import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';
import { BrokerOfRecordPage } from './broker-of-record-page';

/** Pages are loaded on first visit (route-level lazy): on a busy machine that takes a moment. */
const PAGE_LOAD = { timeout: 5000 };

const BROKER = {
  name: 'Dana Broker',
  phone: '+14805550100',
  email: 'dana@summit.example',
  is_billing_contact: true,
  billing_contact: null,
};

// Whole journeys, typed key by key: more than the default 5 s on a busy machine.
describe('the broker of record step', { timeout: 20_000 }, () => {
  it('shows its status from the record, saves the details and moves on without marking the step', async () => {
    const { patchBodies } = signedInAgent({});
    const { user, location } = renderPortal('/onboarding/start/broker_of_record');
    await screen.findByRole('heading', { level: 1, name: 'Broker of record' }, PAGE_LOAD);
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Save and continue to Headshots' });

    await user.click(next);
    expect(await screen.findByText('Brokerage is required')).toBeInTheDocument();
    expect(patchBodies()).toHaveLength(0);

    await user.type(screen.getByLabelText('Brokerage'), 'Summit Realty');
    await user.type(screen.getByLabelText("Broker's name"), 'Dana Broker');
    await user.type(screen.getByLabelText("Broker's phone"), '480-555-0100');
    await user.type(screen.getByLabelText("Broker's e-mail"), 'dana@summit.example');
    await user.click(next);

    await screen.findByRole('heading', { level: 1, name: 'Headshots' }, PAGE_LOAD);
    expect(location()).toBe('/onboarding/media/headshots');
    // The step is derived from the record: only the details are sent.
    expect(patchBodies()).toEqual([{ brokerage: 'Summit Realty', broker_of_record: BROKER }]);
  });

  it('says Completed for complete details', async () => {
    signedInAgent({ brokerage: 'Summit Realty', broker_of_record: BROKER });
    renderApp(<BrokerOfRecordPage />, { url: '/onboarding/start/broker_of_record' });
    await screen.findByRole('heading', { level: 1, name: 'Broker of record' }, PAGE_LOAD);
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByLabelText("Broker's phone")).toHaveValue('(480) 555-0100');
  });

  it('keeps what was typed and shows the server’s message when the save is refused', async () => {
    signedInAgent(
      {},
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: 'broker_of_record.email: this domain does not receive e-mail' }),
      },
    );
    const { user, location } = renderApp(<BrokerOfRecordPage />, {
      url: '/onboarding/start/broker_of_record',
    });
    await screen.findByRole('heading', { level: 1, name: 'Broker of record' }, PAGE_LOAD);
    await user.type(screen.getByLabelText('Brokerage'), 'Summit Realty');
    await user.type(screen.getByLabelText("Broker's name"), 'Dana Broker');
    await user.type(screen.getByLabelText("Broker's phone"), '480-555-0100');
    await user.type(screen.getByLabelText("Broker's e-mail"), 'dana@nowhere.example');
    await user.click(screen.getByRole('button', { name: /Save and continue/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'broker_of_record.email: this domain does not receive e-mail',
    );
    expect(screen.getByLabelText("Broker's e-mail")).toHaveValue('dana@nowhere.example');
    expect(screen.getByLabelText('Brokerage')).toHaveValue('Summit Realty');
    expect(location()).toBe('/onboarding/start/broker_of_record');
  });
});
