import { type AgentRecord, SIGNING_MESSAGES } from '@portal/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  agreementsServer,
  BROKER,
  buildSignature,
  findToast,
  toastTexts,
} from '@/components/agreements/test/agreements-server';
import { buildAgent, buildAgentRecipient, buildMe, buildRecipient } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { MasterReferralAgreementPage } from '../pages/agreement-pages';
import { EoInsurancePage } from '../pages/eo-insurance-page';
import { MyTeamPage } from '../pages/my-team-page';

configure({ asyncUtilTimeout: 5_000 });

const noneDone = Object.fromEntries(Object.keys(buildAgent().onboarding_steps).map((step) => [step, false]));

const MY_TEAM = '/onboarding/start/my_team';
const EO_INSURANCE = '/onboarding/Licences/eo_insurance';
const MASTER_AGREEMENT = '/onboarding/agreements/master_referral_agreement';

/** The onboarding page at `path`, one of the three above. */
function openPage(path: string) {
  const page = {
    [MY_TEAM]: <MyTeamPage />,
    [EO_INSURANCE]: <EoInsurancePage />,
    [MASTER_AGREEMENT]: <MasterReferralAgreementPage />,
  }[path];
  if (!page) throw new Error(`no page for ${path}`);
  return renderApp(page, { url: path });
}

function openStep(path: string, steps: Record<string, boolean>) {
  const onboarding_steps = { ...noneDone, ...steps } as AgentRecord['onboarding_steps'];
  const me = buildMe({ agent_profile: { onboarding_steps } });
  mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
  });
  return openPage(path);
}

describe('the progress beside an onboarding step (the content uses the width)', () => {
  it('shows the whole onboarding, each section, and the next step still open after this one', async () => {
    openStep(MY_TEAM, { introduction: true, my_team: true });
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    // 3 of 14 counted steps: the two marked, and E&O insurance, which the factory's agent answered.
    expect(within(panel).getByText('21% of the steps done')).toBeInTheDocument();
    const start = within(panel).getByText('Start Here').closest('li')!;
    expect(start).toHaveTextContent('2 of 3 steps done');
    expect(within(panel).getByText('Agreements').closest('li')).toHaveTextContent('0 of 2 steps done');
    expect(within(panel).getByRole('link', { name: 'Broker of record' })).toHaveAttribute(
      'href',
      '/onboarding/start/broker_of_record',
    );
  });

  it('skips guidance pages and steps done, and goes round to the start for the next open one', async () => {
    const everything = Object.fromEntries(Object.keys(noneDone).map((step) => [step, true]));
    // Every step marked, but no headshot uploaded: the rules keep that step open.
    openStep(EO_INSURANCE, everything);
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    expect(within(panel).getByText('Media Upload').closest('li')).toHaveTextContent('1 of 3 steps done');
    // Not MLS compliance or Video introduction (guidance), nor the done steps after this page.
    expect(within(panel).getByRole('link', { name: 'Headshots' })).toHaveAttribute(
      'href',
      '/onboarding/media/headshots',
    );
  });
});

/** Every section done and the service agreement signed: only the master agreement is open. */
function allButMaster(masterState: 'waiting_for_you' | 'waiting_for_broker') {
  const everything = Object.fromEntries(Object.keys(noneDone).map((step) => [step, true]));
  return agreementsServer(
    {
      onboarding_steps: {
        ...everything,
        master_referral_agreement: false,
      } as AgentRecord['onboarding_steps'],
      agent_headshots_urls: ['/api/files/headshot.jpg'],
      brokerage_logo_urls: ['/api/files/logo.png'],
      recipients: [buildAgentRecipient(), buildRecipient()],
      brokerage: 'Summit Realty',
      broker_of_record: BROKER,
      master_document: buildSignature('master', masterState).document,
    },
    { 'GET /api/digisigner/:requestId': () => json(200, buildSignature('master', masterState)) },
  );
}

describe('the progress beside a step while the master agreement waits for the broker', () => {
  it('says who the agreement waits for and since when, never that every step is done', async () => {
    allButMaster('waiting_for_broker');
    openPage(MASTER_AGREEMENT);
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    expect(within(panel).getByText('93% of the steps done')).toBeInTheDocument();
    expect(within(panel).queryByText('Every step is done.')).not.toBeInTheDocument();
    expect(within(panel).getByText("Waiting for your broker's signature")).toBeInTheDocument();
    // Who and since when come from the agreement's status: the agent signed on 3 March.
    expect(
      await within(panel).findByText(
        'The master referral agreement has been with Dana Broker (dana@summit.example) since March 3, 2026.',
      ),
    ).toBeInTheDocument();
    // One message about the signature, not a second one saying the agreement is signed.
    expect((await findToast(SIGNING_MESSAGES.agentSignedSendingToBroker)).type).toBe('success');
    expect(toastTexts()).toHaveLength(1);
  });

  it('points to the master agreement from another page without calling it the next step', async () => {
    allButMaster('waiting_for_broker');
    openPage(EO_INSURANCE);
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    expect(within(panel).getByText("Waiting for your broker's signature")).toBeInTheDocument();
    expect(within(panel).queryByText('Next step')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'master referral agreement' })).toHaveAttribute(
      'href',
      '/onboarding/agreements/master_referral_agreement',
    );
    expect(within(panel).queryByText('Every step is done.')).not.toBeInTheDocument();
  });

  it('says this page is the last step left while the agent has not signed', async () => {
    allButMaster('waiting_for_you');
    openPage(MASTER_AGREEMENT);
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    expect(within(panel).getByText('This is the last step left.')).toBeInTheDocument();
    expect(within(panel).queryByText('Every step is done.')).not.toBeInTheDocument();
    expect(within(panel).queryByText("Waiting for your broker's signature")).not.toBeInTheDocument();
  });

  it('says every step is done once the broker has signed too', async () => {
    const everything = Object.fromEntries(Object.keys(noneDone).map((step) => [step, true]));
    agreementsServer(
      {
        onboarding_steps: everything as AgentRecord['onboarding_steps'],
        agent_headshots_urls: ['/api/files/headshot.jpg'],
        brokerage_logo_urls: ['/api/files/logo.png'],
        recipients: [buildAgentRecipient(), buildRecipient()],
        brokerage: 'Summit Realty',
        broker_of_record: BROKER,
        master_document: buildSignature('master', 'completed').document,
      },
      { 'GET /api/digisigner/:requestId': () => json(200, buildSignature('master', 'completed')) },
    );
    openPage(EO_INSURANCE);
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    expect(within(panel).getByText('100% of the steps done')).toBeInTheDocument();
    expect(within(panel).getByText('Every step is done.')).toBeInTheDocument();
  });
});
