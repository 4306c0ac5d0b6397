import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '@/test/render-portal';
import { signedInAgent } from '@/test/signed-in-agent';

describe('brokerage information (for an agent a superuser set back)', () => {
  it('asks for the billing contact unless the broker pays, then moves on to the master agreement', async () => {
    const { patchBodies } = signedInAgent({ signup_status: 'brokerageInfo' });
    const { user, location } = renderPortal('/signup/brokerageInfo');
    await screen.findByRole('heading', { level: 1, name: 'Brokerage information' });
    // Before the entry step, the agreements are part of the list: 14 pages.
    expect(screen.getByText('Step 2 of 14')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Brokerage'), 'Summit Realty');
    await user.type(screen.getByLabelText("Broker's name"), 'Dana Broker');
    await user.type(screen.getByLabelText("Broker's phone"), '480-555-0100');
    await user.type(screen.getByLabelText("Broker's e-mail"), 'dana@summit.example');
    expect(screen.queryByLabelText("Billing contact's name")).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText("Billing contact's name")).toHaveAttribute('aria-invalid', 'true');
    expect(patchBodies()).toHaveLength(0);

    await user.type(screen.getByLabelText("Billing contact's name"), 'Pat Accounts');
    await user.type(screen.getByLabelText("Billing contact's phone"), '480 555 0101');
    await user.type(screen.getByLabelText("Billing contact's e-mail"), 'Billing@Summit.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Master referral agreement' });
    expect(location()).toBe('/signup/masterAgreement');
    expect(patchBodies()).toEqual([
      {
        brokerage: 'Summit Realty',
        broker_of_record: {
          name: 'Dana Broker',
          phone: '+14805550100',
          email: 'dana@summit.example',
          is_billing_contact: false,
          billing_contact: { name: 'Pat Accounts', phone: '+14805550101', email: 'billing@summit.example' },
        },
        signup_status: 'masterAgreement',
      },
    ]);
    // The master agreement is next: it can be prepared now that the broker is known.
    expect(screen.getByRole('button', { name: 'Prepare the agreement' })).toBeInTheDocument();
  });
});
