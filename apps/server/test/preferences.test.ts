import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedCorporate } from './helpers/factories';

/** PATCH /portal/me/preferences: what a signed-in user chooses for themselves. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const patch = (token: string | undefined, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/portal/me/preferences', headers: bearer(token), payload });
const me = async (token: string | undefined) =>
  (await ctx.app.inject({ url: '/api/portal/me', headers: bearer(token) })).json();

async function signedInAgent() {
  const { user, password } = await seedAgent(ctx.deps.database.db);
  const { accessToken } = await login(ctx.app, user.email, password);
  return { user, password, token: accessToken };
}

describe('preferences', () => {
  it('answers every preference with its default, changing only what was sent', async () => {
    const { token } = await signedInAgent();
    const saved = await patch(token, { leads_view: 'board' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      leads_view: 'board',
      lead_sound: false,
      agenda_email: true,
      digest_email: true,
    });
    const next = await patch(token, { agenda_email: false, lead_sound: true });
    expect(next.json()).toEqual({
      leads_view: 'board',
      lead_sound: true,
      agenda_email: false,
      digest_email: true,
    });
    expect((await me(token)).preferences).toMatchObject({
      leads_view: 'board',
      lead_sound: true,
      agenda_email: false,
    });
  });

  it('keeps them across sign-ins', async () => {
    const { user, password, token } = await signedInAgent();
    await patch(token, { leads_view: 'cards', agenda_email: false });
    const again = await login(ctx.app, user.email, password, '10.70.0.2');
    expect((await me(again.accessToken)).preferences).toMatchObject({
      leads_view: 'cards',
      agenda_email: false,
    });
  });

  it('refuses unknown keys and wrong types with a message, and changes nothing', async () => {
    const { token } = await signedInAgent();
    await patch(token, { lead_sound: true });
    const unknown = await patch(token, { lead_sound: false, theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/theme/);
    const wrongType = await patch(token, { agenda_email: 'no' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().detail).toMatch(/agenda_email must be true or false/);
    const wrongView = await patch(token, { leads_view: 'list' });
    expect(wrongView.statusCode).toBe(400);
    expect(wrongView.json().detail).toMatch(/leads_view must be one of table, cards, board/);
    const notAnObject = await patch(token, ['lead_sound']);
    expect(notAnObject.statusCode).toBe(400);
    expect((await me(token)).preferences).toEqual({ lead_sound: true });
  });

  it('needs a signed-in user', async () => {
    const response = await patch(undefined, { lead_sound: true });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBeTruthy();
  });

  it("keeps an office's other settings in the same column", async () => {
    const office = await seedCorporate(ctx.deps.database.db);
    const { db } = ctx.deps.database;
    await db
      .update(users)
      .set({ preferences: { can_see_portal_zips: false } })
      .where(eq(users.id, office.user.id));
    const { accessToken } = await login(ctx.app, office.user.email, office.password);
    const saved = await patch(accessToken, { digest_email: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().digest_email).toBe(false);
    const [row] = await db
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.id, office.user.id));
    expect(row!.preferences).toEqual({ can_see_portal_zips: false, digest_email: false });
  });
});
