import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { agents } from '../src/db/schema';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('POST /api/portal/me/rating', () => {
  it('records the score, recomputes the figures and stops asking', async () => {
    const { user, agent, password } = await seedAgent(ctx.deps.database.db, {
      agent: {
        signupStatus: 'complete',
        agentStatus: 'active',
        onboardingDate: sql`now() - interval '60 days'` as never,
      },
    });
    const { accessToken } = await login(ctx.app, user.email, password);
    const rate = (score: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portal/me/rating',
        headers: bearer(accessToken),
        payload: { score, comment: 'ok' },
      });
    for (const score of [2, 2, 2]) expect((await rate(score)).statusCode).toBe(200);
    const last = await rate(4);
    expect(last.json().rating_required).toBe(false);
    expect(last.json().agent_profile).toMatchObject({
      rating_count: 4,
      latest_rating: 4,
      average_rating: 2.5,
      rating_trend: 'improving',
    });
    const [row] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row!.lastRatingDate).not.toBeNull();
  });

  it('refuses a score outside 1 to 5 and a user without an agent record', async () => {
    const { user, password } = await seedAgent(ctx.deps.database.db);
    const { accessToken } = await login(ctx.app, user.email, password);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/rating',
      headers: bearer(accessToken),
      payload: { score: 6 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/1 to 5/);
    const corporate = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    const session = await login(ctx.app, corporate.user.email, corporate.password);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/rating',
      headers: bearer(session.accessToken),
      payload: { score: 3 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Agent profile not available');
  });
});

describe('health and API documents', () => {
  it('answers 200 when the database is reachable and migrated', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });

  it('answers 503 before start-up is complete, and other calls 503 too', async () => {
    const app = await buildApp(ctx.deps, { isReady: () => false });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
    const other = await app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(other.statusCode).toBe(503);
    expect(other.json().detail).toMatch(/starting/);
    await app.close();
  });

  it('publishes an OpenAPI document generated from the schemas, and a docs page', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0].url).toBe('/api');
    for (const path of [
      '/login',
      '/refresh',
      '/logout',
      '/me',
      '/portal/me',
      '/portal/register',
      '/portal/signup',
      '/verify/{token}',
      '/password-reset/confirm',
      '/auth/validate-magic-token',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(
      doc.paths['/portal/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'access_code', 'password']));
    const docs = await ctx.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/html/);
  });

  it('answers unknown API paths with a 404 {detail}', async () => {
    const response = await ctx.app.inject({ url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/Not found/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
