import { type AgentRecord, SIGNING_MESSAGES, signingMessages } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  MasterReferralAgreementPage,
  ServiceAgreementPage,
} from '@/features/onboarding/pages/agreement-pages';
import { toastsDelivered } from '@/lib/toast';
import { buildAgent } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { openSigningPage } from './open-signing-page';
import {
  agreementsServer,
  BROKER,
  buildAgentDocument,
  buildSignature,
  findToast,
  SIGN_URL,
  toastTexts,
} from './test/agreements-server';

vi.mock('./open-signing-page', () => ({ openSigningPage: vi.fn() }));

/** The demo's and the tests' signatures are the built-in provider's: no DigiSigner in its words. */
const BUILTIN = signingMessages('builtin');

const SERVICE_PAGE = '/onboarding/agreements/service_agreement';
const MASTER_PAGE = '/onboarding/agreements/master_referral_agreement';
const PAGE_LOAD = { timeout: 5000 };

const TITLES = {
  [SERVICE_PAGE]: ['Service agreement', 'Service Agreement'],
  [MASTER_PAGE]: ['Master referral agreement', 'Master Referral Agreement'],
} as const;

/** The onboarding page and, in it, the agreement's panel. */
async function openPage(path: typeof SERVICE_PAGE | typeof MASTER_PAGE) {
  const [title, panelName] = TITLES[path];
  const page = path === SERVICE_PAGE ? <ServiceAgreementPage /> : <MasterReferralAgreementPage />;
  const view = renderApp(page, { url: path });
  await screen.findByRole('heading', { level: 1, name: title }, PAGE_LOAD);
  return { ...view, panel: screen.getByRole('region', { name: panelName }) };
}

const steps = (done: Partial<AgentRecord['onboarding_steps']>) => ({
  ...buildAgent().onboarding_steps,
  ...done,
});

describe('the agreement panel', () => {
  it('prefills the service areas with exactly what is served when none were typed', async () => {
    // Part of Maricopa County only: the saved area lists Arizona and the county, yet neither is
    // served whole, so the agreement names the ZIP codes.
    const server = agreementsServer(
      {
        service_document_areas: '',
        states: [{ short: 'AZ', long: 'Arizona' }],
        counties: [{ county_name: 'Maricopa', state: 'AZ' }],
        zipcodes: ['85004', '85006', '85008'],
        excluded_zips: ['85007'],
      },
      {
        'GET /api/geo/states/AZ': () =>
          json(200, {
            code: 'AZ',
            name: 'Arizona',
            fips: '04',
            zip_count: 7,
            county_count: 1,
            counties: [
              {
                fips: '04013',
                name: 'Maricopa',
                zips: ['85003', '85004', '85006', '85007', '85008', '85009', '85012'].map((zip) => ({
                  zip,
                  city: 'Phoenix',
                  lat: 33.4,
                  lon: -112,
                })),
              },
            ],
          }),
      },
    );
    const { panel } = await openPage(SERVICE_PAGE);
    await waitFor(() =>
      expect(within(panel).getByLabelText('Service areas')).toHaveValue(
        'in Maricopa County, AZ: ZIP codes 85004, 85006 and 85008; excluding 85007',
      ),
    );
    expect(server.callsTo('GET /api/geo/states/AZ')).toHaveLength(1);
  });

  it('prepares the service agreement with the service areas typed, then opens the signing page', async () => {
    const server = agreementsServer(
      {
        agent: 'Alex Agent',
        brokerage: 'Summit Realty',
        agent_phone: '+16025550142',
        service_document_areas: 'Maricopa County, AZ',
      },
      {
        'POST /api/digisigner/generate': () => json(201, buildSignature('service', 'waiting_for_you')),
      },
    );
    const { user, panel } = await openPage(SERVICE_PAGE);
    expect(within(panel).getByText('Not prepared yet')).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Who signs' })).toHaveTextContent('Advertiser');
    expect(within(panel).getByText('Summit Realty')).toBeInTheDocument();
    expect(within(panel).getByText('(602) 555-0142')).toBeInTheDocument();

    // Nothing is waiting before the agreement exists: the list only shows the order.
    expect(within(panel).getByRole('list', { name: 'Who signs' })).toHaveTextContent('Signs first');
    expect(within(panel).queryByText('Waiting to sign')).toBeNull();
    const areas = within(panel).getByLabelText('Service areas');
    expect(areas).toHaveValue('Maricopa County, AZ');
    await user.type(areas, ' and Pinal County, AZ');
    await user.click(within(panel).getByRole('button', { name: 'Prepare the agreement' }));

    const sign = await within(panel).findByRole('button', { name: 'Sign now' });
    expect(server.bodies('POST /api/digisigner/generate')).toEqual([
      { document: 'service', service_document_areas: 'Maricopa County, AZ and Pinal County, AZ' },
    ]);
    expect(within(panel).getByText('Waiting for your signature')).toBeInTheDocument();
    expect(sign).toHaveFocus();
    await user.click(sign);
    expect(openSigningPage).toHaveBeenCalledWith(SIGN_URL);
    // The answer to "prepare" is the status: nothing more to ask.
    expect(server.callsTo('GET /api/digisigner/:requestId')).toHaveLength(0);
  });

  it('asks for the broker’s details before the master agreement, without asking the server', async () => {
    const server = agreementsServer({
      brokerage: 'Summit Realty',
      broker_of_record: { ...BROKER, email: '' },
    });
    const { user, panel } = await openPage(MASTER_PAGE);
    expect(within(panel).getByText(SIGNING_MESSAGES.brokerIncomplete)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Complete your broker information' })).toHaveAttribute(
      'href',
      '/onboarding/start/broker_of_record',
    );
    await user.click(within(panel).getByRole('button', { name: 'Prepare the agreement' }));
    expect(server.callsTo('POST /api/digisigner/generate')).toHaveLength(0);
  });

  it('shows the server’s refusal to prepare the master agreement', async () => {
    agreementsServer(
      { brokerage: 'Summit Realty', broker_of_record: BROKER },
      {
        'POST /api/digisigner/generate': () => json(422, { detail: SIGNING_MESSAGES.brokerIncomplete }),
      },
    );
    const { user, panel } = await openPage(MASTER_PAGE);
    expect(within(panel).queryByText(SIGNING_MESSAGES.brokerIncomplete)).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Prepare the agreement' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(SIGNING_MESSAGES.brokerIncomplete);
  });

  it('says the agreement is not generated when its status is checked before it is prepared', async () => {
    agreementsServer({});
    const { user, panel } = await openPage(SERVICE_PAGE);
    await user.click(within(panel).getByRole('button', { name: 'Check status' }));
    expect((await findToast(BUILTIN.notGenerated)).type).toBe('info');
  });

  it('checks the status: not signed, a failed check, then completed with the step done', async () => {
    const statuses = [
      json(200, buildSignature('service', 'waiting_for_you')),
      json(200, buildSignature('service', 'waiting_for_you')),
      json(502, { detail: SIGNING_MESSAGES.retrieveError }),
      json(200, buildSignature('service', 'completed')),
    ];
    const server = agreementsServer(
      { service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index] ?? statuses.at(-1)! },
    );
    const { user, panel } = await openPage(SERVICE_PAGE);
    const check = await within(panel).findByRole('button', { name: 'Check status' });
    expect(screen.getByText('Not yet')).toBeInTheDocument();

    await user.click(check);
    expect((await findToast(BUILTIN.notSigned)).type).toBe('info');

    await user.click(check);
    expect((await findToast(BUILTIN.statusError)).type).toBe('error');
    // The last known state stays on screen.
    expect(within(panel).getByRole('button', { name: 'Sign now' })).toBeInTheDocument();

    server.setAgent({
      service_document: buildSignature('service', 'completed').document,
      onboarding_steps: steps({ service_agreement: true }),
    });
    await user.click(check);
    expect((await findToast(SIGNING_MESSAGES.completed)).type).toBe('success');
    expect(await within(panel).findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    // The record is fetched again: the step shows as done.
    await waitFor(() =>
      expect(screen.getByText('Completed', { selector: '[data-done]' })).toBeInTheDocument(),
    );
    expect(server.callsTo('GET /api/digisigner/:requestId')[0]!.path).toBe('/api/digisigner/service-request');
  });

  it('checks again when the window regains focus, as the agent comes back from signing', async () => {
    const statuses = [
      json(200, buildSignature('service', 'waiting_for_you')),
      json(200, buildSignature('service', 'completed')),
    ];
    const server = agreementsServer(
      { service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index] ?? statuses.at(-1)! },
    );
    const { panel } = await openPage(SERVICE_PAGE);
    await within(panel).findByRole('button', { name: 'Sign now' });

    fireEvent.focus(window);
    expect((await findToast(SIGNING_MESSAGES.completed)).type).toBe('success');
    expect(within(panel).getByText('Completed')).toBeInTheDocument();
    expect(server.callsTo('GET /api/digisigner/:requestId')).toHaveLength(2);
  });

  it('says so when the check after coming back from signing fails', async () => {
    const statuses = [json(200, buildSignature('service', 'waiting_for_you')), json(503, { detail: 'down' })];
    agreementsServer(
      { service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index] ?? statuses.at(-1)! },
    );
    const { panel } = await openPage(SERVICE_PAGE);
    await within(panel).findByRole('button', { name: 'Sign now' });

    fireEvent.focus(window);
    expect((await findToast(SIGNING_MESSAGES.signatureStatusError)).type).toBe('error');
    expect(within(panel).getByRole('button', { name: 'Sign now' })).toBeInTheDocument();
  });

  it('waits for the broker: says the document goes to them, e-mails them again and reports refusals', async () => {
    const sends = [
      json(200, { detail: SIGNING_MESSAGES.brokerEmailSent }),
      json(422, { detail: SIGNING_MESSAGES.brokerNotFound }),
    ];
    const server = agreementsServer(
      {
        brokerage: 'Summit Realty',
        broker_of_record: BROKER,
        master_document: buildSignature('master', 'waiting_for_broker').document,
      },
      {
        'GET /api/digisigner/:requestId': () => json(200, buildSignature('master', 'waiting_for_broker')),
        'POST /api/digisigner/:requestId/send-to-broker': (_request, index) => sends[index]!,
      },
    );
    const { user, panel } = await openPage(MASTER_PAGE);
    expect((await findToast(SIGNING_MESSAGES.agentSignedSendingToBroker)).type).toBe('success');
    expect(within(panel).getByText("Waiting for your broker's signature")).toBeInTheDocument();
    expect(within(panel).getByText(/Dana Broker/, { selector: 'strong' })).toBeInTheDocument();
    expect(within(panel).getByText(/dana@summit\.example/, { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).getByText(/We e-mailed your broker the signing link on/)).toBeInTheDocument();

    const again = within(panel).getByRole('button', { name: 'E-mail my broker again' });
    await user.click(again);
    expect((await findToast(SIGNING_MESSAGES.brokerEmailSent)).type).toBe('success');
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect((await findToast(SIGNING_MESSAGES.brokerNotFound)).type).toBe('error');
    expect(server.callsTo('POST /api/digisigner/:requestId/send-to-broker')[0]!.path).toBe(
      '/api/digisigner/master-request/send-to-broker',
    );

    // Checking again says the same one thing: signed by the agent, the broker's turn.
    const checks = server.callsTo('GET /api/digisigner/:requestId').length;
    await user.click(within(panel).getByRole('button', { name: 'Check status' }));
    await waitFor(() => expect(server.callsTo('GET /api/digisigner/:requestId')).toHaveLength(checks + 1));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Check status' })).toBeEnabled());
    await toastsDelivered();
    expect((await findToast(SIGNING_MESSAGES.agentSignedSendingToBroker)).type).toBe('success');
    expect(toastTexts().filter((text) => text.includes(BUILTIN.signed))).toEqual([]);
    expect(
      toastTexts().filter((text) => text.includes(SIGNING_MESSAGES.agentSignedSendingToBroker)),
    ).toHaveLength(1);
  });

  it('says in one message, once, that the agent has signed and the broker signs next', async () => {
    const statuses = [
      json(200, buildSignature('master', 'waiting_for_you')),
      json(200, buildSignature('master', 'waiting_for_broker')),
    ];
    agreementsServer(
      {
        brokerage: 'Summit Realty',
        broker_of_record: BROKER,
        master_document: buildAgentDocument('master'),
      },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index] ?? statuses.at(-1)! },
    );
    const { user, panel } = await openPage(MASTER_PAGE);
    await within(panel).findByRole('button', { name: 'Sign now' });

    // Back from signing, the agent checks where the agreement stands.
    await user.click(within(panel).getByRole('button', { name: 'Check status' }));
    expect(await within(panel).findByText("Waiting for your broker's signature")).toBeInTheDocument();
    expect((await findToast(SIGNING_MESSAGES.agentSignedSendingToBroker)).type).toBe('success');
    expect(toastTexts()).toEqual([expect.stringContaining(SIGNING_MESSAGES.agentSignedSendingToBroker)]);
  });

  it('offers to prepare the master agreement again when the broker of record was corrected meanwhile', async () => {
    const corrected = { ...BROKER, email: 'dana.broker@summit.example' };
    const fresh = buildSignature('master', 'waiting_for_you', {
      signature_request_id: 'master-request-2',
      document: buildAgentDocument('master', { id: 'master-request-2', document_id: 'master-doc-2' }),
    });
    fresh.documents[0]!.signers[1]!.email = corrected.email;
    const server = agreementsServer(
      {
        brokerage: 'Summit Realty',
        broker_of_record: corrected,
        master_document: buildSignature('master', 'waiting_for_broker').document,
      },
      {
        'GET /api/digisigner/:requestId': () => json(200, buildSignature('master', 'waiting_for_broker')),
        'POST /api/digisigner/generate': () => json(201, fresh),
      },
    );
    const { user, panel } = await openPage(MASTER_PAGE);
    expect(await within(panel).findByText('Your broker of record has changed')).toBeInTheDocument();
    expect(within(panel).getByText(/names Dana Broker \(dana@summit\.example\)/)).toHaveTextContent(
      'your broker of record is now Dana Broker (dana.broker@summit.example)',
    );
    // The old broker is not e-mailed again.
    expect(within(panel).queryByRole('button', { name: 'E-mail my broker again' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Prepare it again' }));
    expect(await within(panel).findByRole('button', { name: 'Sign now' })).toHaveFocus();
    expect(server.bodies('POST /api/digisigner/generate')).toEqual([{ document: 'master' }]);
    expect(within(panel).queryByText('Your broker of record has changed')).not.toBeInTheDocument();
    expect(within(panel).getByText('dana.broker@summit.example')).toBeInTheDocument();
  });

  it('shows a completed agreement and downloads its PDF with the session', async () => {
    const server = agreementsServer(
      {
        broker_of_record: BROKER,
        master_document: buildSignature('master', 'completed').document,
        onboarding_steps: steps({ master_referral_agreement: true }),
      },
      {
        'GET /api/digisigner/:requestId': () => json(200, buildSignature('master', 'completed')),
        'GET /api/digisigner/document/:documentId': () =>
          new Response('%PDF-1.7 signed', { headers: { 'Content-Type': 'application/pdf' } }),
      },
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user, panel } = await openPage(MASTER_PAGE);
    expect(await within(panel).findByText(SIGNING_MESSAGES.completed)).toBeInTheDocument();
    expect(within(panel).getByText(/Signed by Alex Agent and Dana Broker/)).toBeInTheDocument();
    expect(within(panel).getAllByText(/^Signed Mar/)).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'Verify a copy' })).toHaveAttribute(
      'href',
      '/verify-document',
    );

    await user.click(within(panel).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual(['master-referral-agreement.pdf']));
    const [download] = server.callsTo('GET /api/digisigner/document/:documentId');
    expect(download!.path).toBe('/api/digisigner/document/master-doc');
    expect(download!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('names DigiSigner only for a DigiSigner request, in the words of SPEC.md section 8', async () => {
    const statuses = [
      json(200, buildSignature('service', 'waiting_for_you', { provider: 'digisigner' })),
      json(200, buildSignature('service', 'waiting_for_you', { provider: 'digisigner' })),
      json(502, { detail: SIGNING_MESSAGES.retrieveError }),
    ];
    agreementsServer(
      { service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index] ?? statuses.at(-1)! },
    );
    const { user, panel } = await openPage(SERVICE_PAGE);
    const check = await within(panel).findByRole('button', { name: 'Check status' });
    await user.click(check);
    expect((await findToast('DigiSigner document has not been signed yet')).type).toBe('info');
    await user.click(check);
    expect((await findToast('Error while validating DigiSigner document status')).type).toBe('error');
  });

  it('does not name DigiSigner for the built-in e-signature', async () => {
    agreementsServer(
      { service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': () => json(200, buildSignature('service', 'waiting_for_you')) },
    );
    const { user, panel } = await openPage(SERVICE_PAGE);
    await user.click(await within(panel).findByRole('button', { name: 'Check status' }));
    expect((await findToast('The agreement has not been signed yet')).type).toBe('info');
    expect(screen.queryByText(/DigiSigner/)).toBeNull();
  });

  it('says when the status cannot be loaded and loads it again on request', async () => {
    const statuses = [
      json(502, { detail: BUILTIN.retrieveError }),
      json(200, buildSignature('service', 'waiting_for_you')),
    ];
    agreementsServer(
      { service_document: buildAgentDocument('service') },
      { 'GET /api/digisigner/:requestId': (_request, index) => statuses[index]! },
    );
    const { user, panel } = await openPage(SERVICE_PAGE);
    expect((await findToast(BUILTIN.retrieveError)).type).toBe('error');
    expect(within(panel).getByRole('alert')).toHaveTextContent(BUILTIN.retrieveError);
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('button', { name: 'Sign now' })).toBeInTheDocument();
  });
});
