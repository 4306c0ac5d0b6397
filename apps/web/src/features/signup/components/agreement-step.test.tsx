import { SIGNING_MESSAGES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  agreementsServer,
  BROKER,
  buildAgentDocument,
  buildSignature,
  findToast,
} from '@/components/agreements/test/agreements-server';
import { buildAgent } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

describe('the agreement steps of the signup wizard', () => {
  it('lets the agent continue once the service agreement is completed, moving the signup status on', async () => {
    const statuses = [
      json(200, buildSignature('service', 'waiting_for_you')),
      json(200, buildSignature('service', 'completed')),
    ];
    const server = agreementsServer(
      { signup_status: 'serviceAgreement', service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index] ?? statuses.at(-1)! },
    );
    const { user, location } = renderPortal('/signup/serviceAgreement');
    await screen.findByRole('heading', { level: 1, name: 'Service agreement' });
    const panel = screen.getByRole('region', { name: 'Service Agreement' });
    await within(panel).findByRole('button', { name: 'Sign now' });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    server.setAgent({
      service_document: buildSignature('service', 'completed').document,
      onboarding_steps: { ...buildAgent().onboarding_steps, service_agreement: true },
    });
    await user.click(within(panel).getByRole('button', { name: 'Check status' }));
    expect((await findToast(SIGNING_MESSAGES.completed)).type).toBe('success');
    await waitFor(() => expect(next).toBeEnabled());

    await user.click(next);
    await screen.findByRole('heading', { level: 1, name: 'Brokerage information' });
    expect(location()).toBe('/signup/brokerageInfo');
    expect(server.bodies('PATCH /api/portal/me/agent_profile')).toEqual([{ signup_status: 'brokerageInfo' }]);
  });

  it('prepares the master agreement from the wizard and points to the brokerage page when the broker is missing', async () => {
    const server = agreementsServer({
      signup_status: 'masterAgreement',
      broker_of_record: { ...BROKER, name: '' },
    });
    renderApp(SIGNUP_WIZARD_PAGES.masterAgreement, { url: '/signup/masterAgreement' });
    await screen.findByRole('heading', { level: 1, name: 'Master referral agreement' });
    expect(screen.getByText(SIGNING_MESSAGES.brokerIncomplete)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete your broker information' })).toHaveAttribute(
      'href',
      '/signup/brokerageInfo',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(server.callsTo('GET /api/digisigner/:requestId')).toHaveLength(0);
  });
});
