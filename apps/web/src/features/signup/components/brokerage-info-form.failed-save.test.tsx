import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

describe('brokerage information, when the save fails', () => {
  it("shows the server's refusal, stays on the page and keeps every field as typed", async () => {
    const { patchBodies } = signedInAgent(
      { signup_status: 'brokerageInfo' },
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: "The broker's e-mail address bounced. Check it and try again." }),
      },
    );
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.brokerageInfo, { url: '/signup/brokerageInfo' });
    await screen.findByRole('heading', { level: 1, name: 'Brokerage information' });

    await user.type(screen.getByLabelText('Brokerage'), 'Summit Realty');
    await user.type(screen.getByLabelText("Broker's name"), 'Dana Broker');
    await user.type(screen.getByLabelText("Broker's phone"), '480-555-0100');
    await user.type(screen.getByLabelText("Broker's e-mail"), 'dana@summit.example');
    await user.click(screen.getByRole('radio', { name: 'Someone else' }));
    await user.type(screen.getByLabelText("Billing contact's name"), 'Pat Accounts');
    await user.type(screen.getByLabelText("Billing contact's phone"), '480 555 0101');
    await user.type(screen.getByLabelText("Billing contact's e-mail"), 'billing@summit.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The broker's e-mail address bounced. Check it and try again.",
    );
    expect(patchBodies()).toHaveLength(1);
    expect(location()).toBe('/signup/brokerageInfo');
    expect(screen.getByLabelText('Brokerage')).toHaveValue('Summit Realty');
    expect(screen.getByLabelText("Broker's name")).toHaveValue('Dana Broker');
    expect(screen.getByLabelText("Broker's phone")).toHaveValue('480-555-0100');
    expect(screen.getByLabelText("Broker's e-mail")).toHaveValue('dana@summit.example');
    expect(screen.getByRole('radio', { name: 'Someone else' })).toBeChecked();
    expect(screen.getByLabelText("Billing contact's name")).toHaveValue('Pat Accounts');
    expect(screen.getByLabelText("Billing contact's phone")).toHaveValue('480 555 0101');
    expect(screen.getByLabelText("Billing contact's e-mail")).toHaveValue('billing@summit.example');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
