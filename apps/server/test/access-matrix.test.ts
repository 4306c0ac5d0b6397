import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedUser } from './helpers/factories';

/**
 * SECURITY.md item 14: every route against every kind of caller. Each later feature adds its
 * routes here. Recipient sessions and group managers arrive with their issues.
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
    method: 'POST',
    url: '/api/portal/me/rating',
    payload: { score: 4 },
    expect: { anonymous: 401, agent: 200, team_member: 403, corporate: 403, superuser: 403 },
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
