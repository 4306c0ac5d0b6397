import type { AgentRecord } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { ADDRESS, PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

describe('mailing address', () => {
  it('says what is wrong with each field, then saves and opens personalInfo', async () => {
    const { patchBodies } = signedInAgent({ signup_status: 'mailingAddress' });
    const { user, location } = renderPortal('/signup/mailingAddress');
    await screen.findByRole('heading', { level: 1, name: 'Mailing address' });

    await user.type(screen.getByLabelText('ZIP code'), '850');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Street address is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a state')).toBeInTheDocument();
    expect(screen.getByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    expect(patchBodies()).toHaveLength(0);

    await user.type(screen.getByLabelText('Street address'), ADDRESS.street);
    await user.type(screen.getByLabelText('City'), ADDRESS.city);
    await user.selectOptions(screen.getByLabelText('State'), 'Arizona');
    await user.type(screen.getByLabelText('ZIP code'), '04');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Your name and phone' });
    expect(location()).toBe('/signup/personalInfo');
    // The address page does not leave the status: personalInfo belongs to it too.
    expect(patchBodies()).toEqual([{ mailing_address: ADDRESS }]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    signedInAgent(
      { signup_status: 'mailingAddress' },
      {
        'PATCH /api/portal/me/agent_profile': () =>
          json(400, { detail: 'We cannot deliver to that address. Check the ZIP code.' }),
      },
    );
    const { user, location } = renderApp(SIGNUP_WIZARD_PAGES.mailingAddress, {
      url: '/signup/mailingAddress',
    });
    await screen.findByRole('heading', { level: 1, name: 'Mailing address' });
    await user.type(screen.getByLabelText('Street address'), ADDRESS.street);
    await user.type(screen.getByLabelText('City'), ADDRESS.city);
    await user.selectOptions(screen.getByLabelText('State'), 'AZ');
    await user.type(screen.getByLabelText('ZIP code'), ADDRESS.zip);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We cannot deliver to that address. Check the ZIP code.',
    );
    expect(location()).toBe('/signup/mailingAddress');
    expect(screen.getByLabelText('Street address')).toHaveValue(ADDRESS.street);
    expect(screen.getByLabelText('City')).toHaveValue(ADDRESS.city);
    expect(screen.getByLabelText('State')).toHaveValue('AZ');
    expect(screen.getByLabelText('ZIP code')).toHaveValue(ADDRESS.zip);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('name and phone', () => {
  it('normalises the phone and moves the agent on to the time zone in the same PATCH', async () => {
    const { patchBodies } = signedInAgent({
      signup_status: 'mailingAddress',
      mailing_address: ADDRESS,
      agent_first_name: '',
      agent_last_name: '',
    });
    const { user, location } = renderPortal('/signup/personalInfo');
    await screen.findByRole('heading', { level: 1, name: 'Your name and phone' });

    await user.type(screen.getByLabelText('First name'), ' Jordan ');
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await user.type(screen.getByLabelText('Mobile phone'), '602 555 0142');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the kind of phone you use')).toBeInTheDocument();
    expect(patchBodies()).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'iPhone' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    expect(location()).toBe('/signup/timezone');
    expect(patchBodies()).toEqual([
      {
        agent_first_name: 'Jordan',
        agent_last_name: 'Rivera',
        agent_phone: '+16025550142',
        mobile_device: 'iphone',
        signup_status: 'timezone',
      },
    ]);
  });

  it('shows the shared rule before sending when the address is missing', async () => {
    const { patchBodies } = signedInAgent({ signup_status: 'mailingAddress', agent_phone: '+16025550142' });
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.personalInfo, { url: '/signup/personalInfo' });
    await screen.findByRole('heading', { level: 1, name: 'Your name and phone' });
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('(602) 555-0142');
    await user.click(screen.getByRole('radio', { name: 'Android' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your mailing address first.');
    expect(patchBodies()).toHaveLength(0);
  });
});

describe('the name in the shell after the wizard', () => {
  it('shows the name saved in the wizard as soon as the agent reaches the portal', async () => {
    // The server as it answers: the record with each change applied, and the account's name
    // taken from the agent's first and last names once they change.
    let agent = buildAgent({ ...PERSONAL, timezone: 'America/Denver', signup_status: 'countdown' });
    let name: string | null = null;
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () =>
        json(200, buildMe({ name, email: 'jordan@example.com', agent_profile: agent })),
      'GET /api/portal/me/onboarding-call': () => json(200, { call: null }),
      'PATCH /api/portal/me/agent_profile': (request) => {
        const body = JSON.parse(request.body ?? '{}') as Partial<AgentRecord>;
        agent = { ...agent, ...body };
        if (body.agent_first_name !== undefined || body.agent_last_name !== undefined) {
          name = `${agent.agent_first_name} ${agent.agent_last_name}`;
        }
        return json(200, agent);
      },
    });
    const { user, location } = renderPortal('/signup/personalInfo');
    await screen.findByRole('heading', { level: 1, name: 'Your name and phone' });
    const last = screen.getByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'Rivera-Lee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });

    await user.click(screen.getByRole('link', { name: 'Countdown to go-live (to do now)' }));
    await screen.findByRole('heading', { level: 1, name: 'Countdown to go-live' });
    await user.click(screen.getByRole('button', { name: 'Go to onboarding' }));

    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(location()).toBe('/onboarding');
    // At once, from the saved step: not the e-mail until /portal/me is asked again.
    const account = screen.getByRole('button', { name: 'Account menu for Jordan Rivera-Lee' });
    expect(account).toHaveTextContent('Jordan Rivera-Lee');
    expect(account).not.toHaveTextContent('jordan@example.com');
  });
});
