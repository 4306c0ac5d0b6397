import type { AgentRecord } from '@portal/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5_000 });

const noneDone = Object.fromEntries(Object.keys(buildAgent().onboarding_steps).map((step) => [step, false]));

function openStep(path: string, steps: Record<string, boolean>) {
  const onboarding_steps = { ...noneDone, ...steps } as AgentRecord['onboarding_steps'];
  const me = buildMe({ agent_profile: { onboarding_steps } });
  mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
  });
  return renderApp(path);
}

describe('the progress beside an onboarding step (issue #18: content using the width)', () => {
  it('shows the whole onboarding, each section, and the next step still open after this one', async () => {
    openStep('/onboarding/start/my_team', { introduction: true, my_team: true });
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
    openStep('/onboarding/Licences/eo_insurance', everything);
    const panel = await screen.findByRole('complementary', { name: 'Your onboarding' });
    expect(within(panel).getByText('Media Upload').closest('li')).toHaveTextContent('1 of 3 steps done');
    // Not MLS compliance or Video introduction (guidance), nor the done steps after this page.
    expect(within(panel).getByRole('link', { name: 'Headshots' })).toHaveAttribute(
      'href',
      '/onboarding/media/headshots',
    );
  });
});
