import { count, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodes, apiKeys, auditLog, groupMemberships, groups, leads, users } from '../src/db/schema';
import { AppError, databaseRefusal } from '../src/lib/errors';
import { errorsPlugin } from '../src/plugins/errors';
import { invalidTextIn } from '../src/plugins/input-text';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedCorporate, seedLead } from './helpers/factories';

/**
 * SECURITY.md item 27: every text reaching PostgreSQL is valid Unicode. A lone UTF-16 surrogate
 * (JSON can carry one as "\ud800") is refused with a 400 naming the field, on every route, in
 * the hook that refuses control characters: PostgreSQL refuses it in jsonb, which answered 500.
 * And a create that loses a race to a unique index answers 409 naming what exists, never 500.
 */
let ctx: TestContext;
let agentToken: string;
let adminToken: string;
let agentId: string;
let leadId: string;
let corporateId: string;
let corporateEmail: string;
let groupId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.database.db;
  const agent = await seedAgent(db, { agent: { agentStatus: 'active', signupStatus: 'complete' } });
  agentId = agent.agent.id;
  agentToken = (await login(ctx.app, agent.user.email, agent.password)).accessToken!;
  const admin = await seedAgent(db, { user: { isSuperuser: true, userRole: 'superuser' } });
  adminToken = (await login(ctx.app, admin.user.email, admin.password, '10.0.0.2')).accessToken!;
  leadId = (await seedLead(db, agent.agent.id, { notes: 'Before' })).id;
  const office = await seedCorporate(db, ['Surrogate group']);
  corporateId = office.user.id;
  corporateEmail = office.user.email;
  groupId = office.groups[0]!.id;
}, 60_000);
afterAll(() => ctx?.close());

const HIGH = '\ud800';
const LOW = '\udc00';
const VALID_UNICODE = /: text must be valid Unicode \(a lone surrogate was found\)/;

async function auditRows() {
  const [row] = await ctx.deps.database.db.select({ n: count() }).from(auditLog);
  return row!.n;
}

describe('lone surrogates', () => {
  it('are refused with a 400 naming the field on the routes that answered 500, and nothing is stored', async () => {
    const cases = [
      {
        method: 'PATCH',
        url: () => `/api/portal/me/leads/${leadId}`,
        as: 'agent',
        payload: { notes: `Call ${HIGH} back` },
        field: 'notes',
      },
      {
        method: 'POST',
        url: () => '/api/portal/agents/send-email',
        as: 'agent',
        payload: { from_email: 'a@example.com', to: 'b@example.com', subject: `Hi ${LOW}`, message: 'x' },
        field: 'subject',
      },
      {
        method: 'PATCH',
        url: () => `/api/admin/agents/${agentId}`,
        as: 'admin',
        payload: { airport: 'PHX', travel_notes: `Gate ${HIGH}` },
        field: 'travel_notes',
      },
      {
        method: 'POST',
        url: () => '/api/admin/corporate-users',
        as: 'admin',
        payload: { email: 'surrogate.office@example.com', name: `Office ${HIGH}` },
        field: 'name',
      },
      {
        method: 'PATCH',
        url: () => `/api/admin/corporate-users/${corporateId}`,
        as: 'admin',
        payload: { name: `${LOW}Office` },
        field: 'name',
      },
      {
        method: 'POST',
        url: () => '/api/admin/groups',
        as: 'admin',
        payload: { name: `Team ${HIGH}`, corporate_user_id: corporateId },
        field: 'name',
      },
      {
        method: 'PATCH',
        url: () => `/api/admin/groups/${groupId}`,
        as: 'admin',
        payload: { name: `Team ${LOW}${HIGH}` },
        field: 'name',
      },
      {
        method: 'POST',
        url: () => '/api/admin/api-keys',
        as: 'admin',
        payload: { name: `Feed ${HIGH}` },
        field: 'name',
      },
    ] as const;
    const before = await auditRows();
    for (const c of cases) {
      const response = await ctx.app.inject({
        method: c.method,
        url: c.url(),
        headers: bearer(c.as === 'agent' ? agentToken : adminToken),
        payload: c.payload,
      });
      expect(response.statusCode, `${c.method} ${c.url()}: ${response.body}`).toBe(400);
      expect(response.json().detail, c.url()).toMatch(new RegExp(`^${c.field}${VALID_UNICODE.source}`));
    }
    const db = ctx.deps.database.db;
    expect(await auditRows()).toBe(before);
    const [lead] = await db.select({ notes: leads.notes }).from(leads).where(eq(leads.id, leadId));
    expect(lead!.notes).toBe('Before');
    const [office] = await db.select({ name: users.name }).from(users).where(eq(users.id, corporateId));
    expect(office!.name).not.toMatch(/[\ud800-\udfff\ufffd]/);
    expect(await db.select().from(users).where(eq(users.email, 'surrogate.office@example.com'))).toHaveLength(
      0,
    );
    expect(await db.select().from(groups).where(sql`${groups.name} like 'Team%'`)).toHaveLength(0);
    expect(await db.select().from(apiKeys).where(sql`${apiKeys.name} like 'Feed%'`)).toHaveLength(0);
  });

  it('are refused in a nested field, a list and a field name', async () => {
    const cases = [
      {
        method: 'PATCH',
        url: `/api/admin/agents/${agentId}`,
        payload: { subagents: [{ name: 'Ann', tracking_phone: '1' }, { name: `B${LOW}` }] },
        field: 'subagents.1.name',
      },
      {
        method: 'PATCH',
        url: `/api/admin/agents/${agentId}`,
        payload: { refund: { notes: HIGH } },
        field: 'refund.notes',
      },
      {
        method: 'PATCH',
        url: `/api/admin/agents/${agentId}`,
        payload: { google: { [`ads${HIGH}`]: 'yes' } },
        field: 'google.ads\ufffd',
      },
    ] as const;
    for (const c of cases) {
      const response = await ctx.app.inject({
        method: c.method,
        url: c.url,
        headers: bearer(adminToken),
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(response.statusCode, `${c.url}: ${response.body}`).toBe(400);
      expect(response.json().detail, c.url).toMatch(
        new RegExp(`^${c.field.replaceAll('.', '\\.')}${VALID_UNICODE.source}`),
      );
    }
  });

  it('finds them in a query string and a path too, and refuses nesting too deep to read', async () => {
    // HTTP carries a URL as bytes (a lone surrogate arrives as U+FFFD), so the hook is asked directly.
    expect(invalidTextIn({ q: `Smith${HIGH}` })).toEqual({ field: 'q', problem: 'surrogate' });
    expect(invalidTextIn({ id: `${LOW}` })).toEqual({ field: 'id', problem: 'surrogate' });
    expect(invalidTextIn({ a: [{ [`k${LOW}`]: 1 }] })).toEqual({
      field: 'a.0.k\ufffd',
      problem: 'surrogate',
    });
    expect(invalidTextIn({ q: 'Smith \u{1f3e1}', tags: ['\u00e9t\u00e9'] })).toBeNull();
    expect(invalidTextIn(`name\nAnn\nB${HIGH}`)).toEqual({ field: 'body, line 3', problem: 'surrogate' });
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { n: deep };
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${leadId}`,
      headers: bearer(agentToken),
      payload: { notes: 'ok', extra: deep },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^extra(\.n)+: nested too deeply/);
  });

  it('refuses a lone surrogate before asking who is calling, like a control character', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: `a${HIGH}@x.test`, password: 'whatever-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^username: text must be valid Unicode/);
  });

  it('keeps characters outside the basic plane (a surrogate pair) and stores them as sent', async () => {
    const notes = 'Loves the view \u{1f3e1} \ud83d\ude00 and \u00e9t\u00e9';
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${leadId}`,
      headers: bearer(agentToken),
      payload: { notes },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [lead] = await ctx.deps.database.db
      .select({ notes: leads.notes })
      .from(leads)
      .where(eq(leads.id, leadId));
    expect(lead!.notes).toBe(notes);
  });
});

describe('creates that race a unique index', () => {
  /**
   * Four requests at once with one new value, in four rounds (on PostgreSQL who wins, and
   * whether the losers met the check or the index, changes from run to run; PGlite runs one
   * transaction at a time): exactly one creates, the others are told what exists.
   */
  async function race(
    send: (round: number) => Promise<{ statusCode: number; body: string }>,
    detail: (round: number) => string,
  ) {
    for (const round of [1, 2, 3, 4]) {
      const responses = await Promise.all([send(round), send(round), send(round), send(round)]);
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409]);
      for (const r of responses.filter((r) => r.statusCode === 409))
        expect(JSON.parse(r.body).detail).toBe(detail(round));
    }
  }

  it('creates one corporate user for one new e-mail, the others answer 409 naming the e-mail', async () => {
    await race(
      (round) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/corporate-users',
          headers: bearer(adminToken),
          payload: { email: `race.office${round}@example.com`, name: 'Race Realty' },
        }),
      (round) => `race.office${round}@example.com already has an account`,
    );
    const rows = await ctx.deps.database.db
      .select()
      .from(users)
      .where(sql`${users.email} like 'race.office%'`);
    expect(rows).toHaveLength(4);
  });

  it('creates one access code for one new code, the others answer 409 naming the code', async () => {
    await race(
      (round) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/access-codes',
          headers: bearer(adminToken),
          payload: { code: `RACE-CODE-${round}` },
        }),
      (round) => `The access code RACE-CODE-${round} already exists`,
    );
    const rows = await ctx.deps.database.db
      .select()
      .from(accessCodes)
      .where(sql`${accessCodes.code} like 'RACE-CODE-%'`);
    expect(rows).toHaveLength(4);
  });

  it('creates one live API key for one new name, the others answer 409 naming the name', async () => {
    await race(
      (round) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/api-keys',
          headers: bearer(adminToken),
          payload: { name: `Race feed ${round}` },
        }),
      (round) => `A live key named "Race feed ${round}" already exists: choose another name`,
    );
    const rows = await ctx.deps.database.db
      .select()
      .from(apiKeys)
      .where(sql`${apiKeys.name} like 'Race feed %'`);
    expect(rows).toHaveLength(4);
  });

  it('maps a real unique violation from the database to a 409 naming what exists', async () => {
    const db = ctx.deps.database.db;
    const error = await db
      .insert(users)
      .values({ email: corporateEmail.toUpperCase(), userRole: 'corporate' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeTruthy();
    const refusal = databaseRefusal(error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal!.status).toBe(409);
    expect(refusal!.message).toBe('An account with this e-mail address already exists');

    const code = await db
      .insert(accessCodes)
      .values({ code: 'MAPPED' })
      .then(() => db.insert(accessCodes).values({ code: 'mapped' }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(databaseRefusal(code)?.message).toBe('An access code with this name already exists');
  });

  it('maps a row that went away (a foreign key) to 409, and leaves other errors alone', async () => {
    const db = ctx.deps.database.db;
    const error = await db
      .insert(groupMemberships)
      .values({ groupId, agentId: '00000000-0000-4000-8000-000000000000' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const refusal = databaseRefusal(error);
    expect(refusal?.status).toBe(409);
    expect(refusal?.message).toMatch(/no longer exists/);
    expect(databaseRefusal(new Error('boom'))).toBeNull();
  });

  it('answers 409, not 500, when the error handler meets a unique violation a route let through', async () => {
    const db = ctx.deps.database.db;
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/duplicate', async () => {
      await db.insert(users).values({ email: corporateEmail, userRole: 'corporate' });
      return { created: true };
    });
    app.post('/gone', async () => {
      await db.insert(groupMemberships).values({ groupId, agentId: '00000000-0000-4000-8000-000000000000' });
      return { created: true };
    });
    try {
      const duplicate = await app.inject({ method: 'POST', url: '/duplicate' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ detail: 'An account with this e-mail address already exists' });
      const gone = await app.inject({ method: 'POST', url: '/gone' });
      expect(gone.statusCode).toBe(409);
      expect(gone.json().detail).toMatch(/no longer exists/);
    } finally {
      await app.close();
    }
  });
});
