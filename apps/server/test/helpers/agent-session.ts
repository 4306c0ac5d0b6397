import { bearer, login, type TestContext } from './app';
import { seedAgent } from './factories';

type SeedAgentOverrides = NonNullable<Parameters<typeof seedAgent>[1]>;

/**
 * An agent seeded and signed in: what `seedAgent` returns, the bearer headers of its session,
 * and `patch`, which sends its own record's PATCH /api/portal/me/agent_profile.
 */
export async function agentSession(ctx: TestContext, overrides: SeedAgentOverrides = {}) {
  const seeded = await seedAgent(ctx.deps.database.db, overrides);
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  const headers = bearer(accessToken);
  const patch = (payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/portal/me/agent_profile', headers, payload });
  return { ...seeded, headers, patch };
}
