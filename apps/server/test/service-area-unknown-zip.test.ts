/** An unknown ZIP code is refused with a clear 400, also when excluded cities are stored. */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

it('refuses an unknown ZIP code with 400 when the agent already has excluded cities', async () => {
  const seeded = await seedAgent(ctx.deps.database.db, {
    // What any earlier service-area save leaves behind (excluded_cities: []).
    agent: { zipcodes: ['85201'], excludedCities: [] },
  });
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/portal/me/agent_profile',
    headers: bearer(accessToken),
    payload: { zipcodes: ['85004', '00000'] },
  });
  expect(response.json().detail).toBe('This ZIP code is not in our list of US ZIP codes: 00000.');
  expect(response.statusCode).toBe(400);
});
