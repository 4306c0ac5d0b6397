import type { AgentRecord } from '@portal/shared';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';

/**
 * An agent in the middle of the wizard. The PATCH handler answers like the server: the record
 * with the body applied (tests that need a refusal pass their own handler).
 */
export function signedInAgent(overrides: Partial<AgentRecord>, extra: Record<string, Handler> = {}) {
  const agent = buildAgent(overrides);
  const mocks = mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
    'PATCH /api/portal/me/agent_profile': (request) => {
      const body = JSON.parse(request.body ?? '{}') as Partial<AgentRecord>;
      return json(200, { ...agent, ...body, google: { ...agent.google, ...body.google } });
    },
    ...extra,
  });
  const patchBodies = () =>
    mocks
      .callsTo('PATCH /api/portal/me/agent_profile')
      .map((call) => JSON.parse(call.body ?? '{}') as unknown);
  return { ...mocks, agent, patchBodies };
}

/** Where a newly registered agent's answers stand once the steps before `status` are done. */
export const ADDRESS = { street: '12 Palm Lane', city: 'Phoenix', state: 'AZ', zip: '85004' };
export const PERSONAL = {
  agent_first_name: 'Jordan',
  agent_last_name: 'Rivera',
  agent_phone: '+16025550142',
  mobile_device: 'iphone' as const,
  mailing_address: ADDRESS,
};
