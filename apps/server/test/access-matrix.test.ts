import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedUser } from './helpers/factories';

/**
 * SECURITY.md item 14: every route against every kind of caller. Each later feature adds its
 * routes here. Group managers' own access is in corporate.test.ts (it needs a group).
 */
type Role = 'anonymous' | 'agent' | 'team_member' | 'corporate' | 'superuser';

const ROUTES: {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: object;
  expect: Record<Role, number>;
}[] = [
  {
    method: 'GET',
    url: '/api/me',
    expect: { anonymous: 401, agent: 200, team_member: 200, corporate: 200, superuser: 200 },
  },
  {
    method: 'GET',
    url: '/api/portal/me',
    expect: { anonymous: 401, agent: 200, team_member: 200, corporate: 200, superuser: 200 },
  },
  {
    method: 'GET',
    url: '/api/dev/mailbox',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 403, superuser: 200 },
  },
  {
    method: 'GET',
    url: '/api/dev/templates',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 403, superuser: 200 },
  },
  {
    method: 'POST',
    url: '/api/portal/me/rating',
    payload: { score: 4 },
    expect: { anonymous: 401, agent: 200, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/geo/states',
    expect: { anonymous: 401, agent: 200, team_member: 200, corporate: 200, superuser: 200 },
  },
  {
    method: 'GET',
    url: '/api/geo/states/AZ',
    expect: { anonymous: 401, agent: 200, team_member: 200, corporate: 200, superuser: 200 },
  },
  {
    method: 'POST',
    url: '/api/geo/zips/lookup',
    payload: { zips: ['85004'] },
    expect: { anonymous: 401, agent: 200, team_member: 200, corporate: 200, superuser: 200 },
  },
  {
    // The agent's own ZIP codes: users without an agent profile have none (corporate users never see them).
    method: 'GET',
    url: '/api/portal/me/zipcodes',
    expect: { anonymous: 401, agent: 200, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/me/leads',
    expect: { anonymous: 401, agent: 200, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/me/lead-stats',
    expect: { anonymous: 401, agent: 200, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    // Nobody's lead: not found for the agent (and no lead at all for the others).
    method: 'PATCH',
    url: '/api/portal/me/leads/00000000-0000-4000-8000-000000000000',
    payload: { notes: 'x' },
    expect: { anonymous: 401, agent: 404, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    // The e-mail composer: agents only. This agent has no lead or recipient at this address.
    method: 'POST',
    url: '/api/portal/agents/send-email',
    payload: {
      from_email: 'office@agentportal.local',
      to: 'stranger@example.com',
      subject: 'Hello',
      message: '<p>Hello</p>',
    },
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/agents/send-email/options',
    expect: { anonymous: 401, agent: 200, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    // Agreements belong to agents: others have no agent record to sign for.
    method: 'POST',
    url: '/api/digisigner/generate',
    payload: { document: 'service' },
    expect: { anonymous: 401, agent: 201, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/digisigner/00000000-0000-4000-8000-000000000000',
    expect: { anonymous: 401, agent: 404, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'POST',
    url: '/api/digisigner/00000000-0000-4000-8000-000000000000/send-to-broker',
    expect: { anonymous: 401, agent: 404, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/digisigner/document/not-a-document',
    expect: { anonymous: 401, agent: 404, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    // The signing page is public: the link itself is the credential.
    method: 'GET',
    url: '/api/sign/not-a-signing-link',
    expect: { anonymous: 404, agent: 404, team_member: 404, corporate: 404, superuser: 404 },
  },
  {
    // Machine clients only: a user's bearer token is not an API key.
    method: 'POST',
    url: '/api/v1/leads',
    payload: { lead_type: 'fsbo', zip: '85004', phone: '6025550100' },
    expect: { anonymous: 401, agent: 401, team_member: 401, corporate: 401, superuser: 401 },
  },
  {
    // Superusers only; a JSON body is not a CSV file.
    method: 'POST',
    url: '/api/admin/leads/import',
    payload: { csv: 'no' },
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 403, superuser: 400 },
  },
  // Corporate users only (others: "User is not a corporate user"); a group it does not own is 404.
  {
    method: 'GET',
    url: '/api/portal/linked-agents',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 200, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/corporate-accessible-groups',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 200, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/corporate-stats',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 200, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/corporate-groups/00000000-0000-4000-8000-000000000000/members',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 404, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/groups/00000000-0000-4000-8000-000000000000/leads',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 404, superuser: 403 },
  },
  // Group managers only: nobody here manages this group ("User is not a group manager").
  {
    method: 'GET',
    url: '/api/portal/managed-groups/00000000-0000-4000-8000-000000000000/members',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    method: 'GET',
    url: '/api/portal/managed-groups/00000000-0000-4000-8000-000000000000/members/00000000-0000-4000-8000-000000000000/leads',
    expect: { anonymous: 401, agent: 403, team_member: 403, corporate: 403, superuser: 403 },
  },
  {
    // The link itself is the credential: a bearer token does not make a bad link good.
    method: 'GET',
    url: '/api/login/corporate/not.a.link',
    expect: { anonymous: 400, agent: 400, team_member: 400, corporate: 400, superuser: 400 },
  },
  {
    method: 'GET',
    url: '/api/health',
    expect: { anonymous: 200, agent: 200, team_member: 200, corporate: 200, superuser: 200 },
  },
];

let ctx: TestContext;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.deps.database;
  const agent = await seedAgent(db, { agent: { signupStatus: 'complete', agentStatus: 'active' } });
  const teamMember = await seedUser(db, { userRole: 'team_member', isTeamMember: true });
  const corporate = await seedUser(db, { userRole: 'corporate' });
  const superuser = await seedUser(db, { userRole: 'superuser', isSuperuser: true });
  for (const [role, who] of [
    ['agent', agent],
    ['team_member', teamMember],
    ['corporate', corporate],
    ['superuser', superuser],
  ] as const) {
    tokens[role] = (await login(ctx.app, who.user.email, who.password, `10.20.0.${role.length}`)).accessToken;
  }
});
afterAll(() => ctx.close());

describe.each(ROUTES)('$method $url', (route) => {
  it.each(Object.entries(route.expect) as [Role, number][])('%s gets %i', async (role, status) => {
    const response = await ctx.app.inject({
      method: route.method,
      url: route.url,
      payload: route.payload,
      headers: role === 'anonymous' ? {} : bearer(tokens[role]),
    });
    expect(response.statusCode).toBe(status);
    if (status >= 400) expect(response.json()).toHaveProperty('detail');
  });
});
