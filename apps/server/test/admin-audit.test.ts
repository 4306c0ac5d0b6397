import { AUDIT_ACTIONS, isAuditAction } from '@portal/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../src/cli-commands';
import { apiKeys, auditLog, leadEvents, leads, outboxMessages, recipients } from '../src/db/schema';
import { issueInvoice } from '../src/modules/billing/invoices';
import { createApiKey } from '../src/modules/leads/api-keys';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { addMember, seedAccessCode, seedAgent, seedCorporate, seedLead, seedUser } from './helpers/factories';

/**
 * DESIGN.md section 8: every superuser action is written to the audit log, in words with names.
 * The console's routes are read from the OpenAPI document, so a mutating route added without a
 * scenario here (and without an audit row) fails this file.
 */
let ctx: TestContext;
const db = () => ctx.deps.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function world() {
  const admin = await seedUser(db(), {
    userRole: 'superuser',
    isSuperuser: true,
    name: 'Dana Reyes',
    email: 'dana@office.test',
  });
  const token = (await login(ctx.app, admin.user.email, admin.password, '10.9.0.7')).accessToken as string;
  const office = await seedCorporate(db(), ['Summit Realty West', 'Old Group']);
  const active = (name: string, email: string) =>
    seedAgent(db(), {
      user: { email },
      agent: { agent: name, signupStatus: 'complete', agentStatus: 'active', zipcodes: ['85004'] },
    });
  const alicia = await active('Alicia Alvarez', 'alicia@realty.test');
  const ben = await active('Ben Brooks', 'ben@realty.test');
  await addMember(db(), office.groups[0]!.id, ben.agent.id, false);
  const waiting = await seedLead(db(), null, { firstName: 'Nora', lastName: 'North' });
  const owned = await seedLead(db(), ben.agent.id, { firstName: 'Owen', lastName: 'Owned' });
  const code = await seedAccessCode(db(), { code: 'SPRING-2027' });
  const key = await createApiKey(db(), { name: 'Zillow feed' });
  const [failed] = await db()
    .insert(outboxMessages)
    .values({
      channel: 'email',
      toAddress: 'x@y.test',
      fromAddress: 'office@x.test',
      subject: 'Hi',
      textBody: 'Hi',
      status: 'failed',
      attempts: 1,
      lastError: 'SMTP 550',
    })
    .returning();
  // A closing of Ben's and its invoice (ADR 66), for the payments and the void.
  const closed = await seedLead(db(), ben.agent.id, {
    firstName: 'Cleo',
    lastName: 'Closed',
    status: 'closed',
    stage: 'closed',
    closingDate: '2026-11-20',
    salePrice: 400000,
    grossCommission: 12000,
  });
  const invoice = await db().transaction((tx) =>
    issueInvoice(tx, closed, { id: null, email: null, name: 'Ben Brooks' }),
  );
  return { token, admin, office, alicia, ben, waiting, owned, code, key, failed: failed!, invoice };
}
type World = Awaited<ReturnType<typeof world>>;

interface Call {
  method: string;
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}

/** One real change per mutating console route, keyed as the OpenAPI document names the route. */
const SCENARIOS: Record<string, (w: World) => Call> = {
  'PATCH /api/admin/agents/{id}': (w) => ({
    method: 'PATCH',
    url: `/api/admin/agents/${w.alicia.agent.id}`,
    payload: { airport: 'PHX' },
  }),
  'POST /api/admin/access-codes': () => ({
    method: 'POST',
    url: '/api/admin/access-codes',
    payload: { code: 'AUTUMN-2027' },
  }),
  'PATCH /api/admin/access-codes/{code}': () => ({
    method: 'PATCH',
    url: '/api/admin/access-codes/SPRING-2027',
    payload: { disabled: true },
  }),
  'POST /api/admin/corporate-users': () => ({
    method: 'POST',
    url: '/api/admin/corporate-users',
    payload: { email: 'east@office.test', name: 'Summit Realty East' },
  }),
  'PATCH /api/admin/corporate-users/{id}': (w) => ({
    method: 'PATCH',
    url: `/api/admin/corporate-users/${w.office.user.id}`,
    payload: { name: 'Summit Realty' },
  }),
  'POST /api/admin/corporate-users/{id}/login-link': (w) => ({
    method: 'POST',
    url: `/api/admin/corporate-users/${w.office.user.id}/login-link`,
  }),
  'POST /api/admin/groups': (w) => ({
    method: 'POST',
    url: '/api/admin/groups',
    payload: { name: 'North', corporate_user_id: w.office.user.id },
  }),
  'PATCH /api/admin/groups/{id}': (w) => ({
    method: 'PATCH',
    url: `/api/admin/groups/${w.office.groups[1]!.id}`,
    payload: { name: 'New Group' },
  }),
  'DELETE /api/admin/groups/{id}': (w) => ({
    method: 'DELETE',
    url: `/api/admin/groups/${w.office.groups[1]!.id}`,
  }),
  'PUT /api/admin/groups/{id}/members': (w) => ({
    method: 'PUT',
    url: `/api/admin/groups/${w.office.groups[0]!.id}/members`,
    payload: { agent_id: w.ben.agent.id, is_manager: true },
  }),
  'DELETE /api/admin/groups/{id}/members/{agentId}': (w) => ({
    method: 'DELETE',
    url: `/api/admin/groups/${w.office.groups[0]!.id}/members/${w.ben.agent.id}`,
  }),
  'POST /api/admin/api-keys': () => ({
    method: 'POST',
    url: '/api/admin/api-keys',
    payload: { name: 'Feed' },
  }),
  'DELETE /api/admin/api-keys/{id}': (w) => ({
    method: 'DELETE',
    url: `/api/admin/api-keys/${w.key.row.id}`,
  }),
  'POST /api/admin/leads/{id}/assign': (w) => ({
    method: 'POST',
    url: `/api/admin/leads/${w.waiting.id}/assign`,
    payload: { agent_id: w.alicia.agent.id },
  }),
  'POST /api/admin/leads/import': () => ({
    method: 'POST',
    url: '/api/admin/leads/import',
    payload: 'lead_type,first_name,phone,zip\nfsbo,Ann,+16025550100,85004\nfsbo,Bob,+16025550101,99999\n',
    headers: { 'content-type': 'text/csv' },
  }),
  'POST /api/admin/outbox/{id}/retry': (w) => ({
    method: 'POST',
    url: `/api/admin/outbox/${w.failed.id}/retry`,
  }),
  'POST /api/admin/invoices/{id}/payments': (w) => ({
    method: 'POST',
    url: `/api/admin/invoices/${w.invoice.id}/payments`,
    payload: { amount_cents: 100000, paid_on: '2026-11-26', method: 'check', reference: 'CHK 12' },
  }),
  'POST /api/admin/invoices/{id}/void': (w) => ({
    method: 'POST',
    url: `/api/admin/invoices/${w.invoice.id}/void`,
    payload: { reason: 'Closing entered twice' },
  }),
  'POST /api/admin/agents/{id}/ledger': (w) => ({
    method: 'POST',
    url: `/api/admin/agents/${w.ben.agent.id}/ledger`,
    payload: { kind: 'deposit', amount_cents: 50000, paid_on: '2026-11-26', method: 'ach' },
  }),
  'PATCH /api/admin/settings': () => ({
    method: 'PATCH',
    url: '/api/admin/settings',
    payload: { rating_interval_days: 45 },
  }),
};

/** Mutating routes that change nothing: each is checked to write nothing at all. */
const WRITES_NOTHING: Record<string, (w: World) => Call> = {
  'POST /api/admin/leads/import/preview': () => ({
    method: 'POST',
    url: '/api/admin/leads/import/preview',
    payload: 'lead_type,first_name,phone,zip\nfsbo,Ann,+16025550100,85004\n',
    headers: { 'content-type': 'text/csv' },
  }),
};

const send = (w: World, call: Call) =>
  ctx.app.inject({
    method: call.method as 'GET',
    url: call.url,
    payload: call.payload as object,
    headers: { ...call.headers, ...bearer(w.token) },
  });

async function auditRows() {
  return db().select().from(auditLog);
}

describe('every console action is audited', () => {
  it('walks every mutating /api/admin route: each change adds an office entry in words, with names', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const mutating = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .map((method) => method.toUpperCase())
          .filter((method) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method))
          .map((method) => `${method} /api${path}`),
      )
      .sort();
    expect(mutating).toEqual([...Object.keys(SCENARIOS), ...Object.keys(WRITES_NOTHING)].sort());

    const problems: string[] = [];
    for (const [route, scenario] of Object.entries(SCENARIOS)) {
      await ctx.reset();
      const w = await world();
      const before = new Set((await auditRows()).map((row) => row.id));
      const response = await send(w, scenario(w));
      if (response.statusCode >= 300) {
        problems.push(`${route}: answered ${response.statusCode} ${response.body}`);
        continue;
      }
      const added = (await auditRows()).filter((row) => !before.has(row.id));
      if (added.length === 0) {
        problems.push(`${route}: no audit entry`);
        continue;
      }
      const listed = (
        await ctx.app.inject({ url: '/api/admin/audit?category=office', headers: bearer(w.token) })
      ).json().items as { id: string; action: string; summary: string }[];
      for (const row of added) {
        const entry = listed.find((item) => item.id === row.id);
        if (!isAuditAction(row.action) || AUDIT_ACTIONS[row.action].category !== 'office')
          problems.push(`${route}: ${row.action} is not an office action of the shared table`);
        else if (!entry) problems.push(`${route}: ${row.action} is not in the office's view`);
        else if (!entry.summary.startsWith('Dana Reyes ') || UUID_TEXT.test(entry.summary))
          problems.push(`${route}: "${entry.summary}" does not read in words with names`);
      }
    }
    for (const [route, scenario] of Object.entries(WRITES_NOTHING)) {
      await ctx.reset();
      const w = await world();
      const audits = (await auditRows()).length;
      const [leadCount] = await db().select({ n: count() }).from(leads);
      const response = await send(w, scenario(w));
      expect(response.statusCode, route).toBe(200);
      expect((await auditRows()).length, route).toBe(audits);
      expect((await db().select({ n: count() }).from(leads))[0]!.n, route).toBe(leadCount!.n);
    }
    expect(problems).toEqual([]);
  });

  it('says who promoted whom to manager of which group, with links by id', async () => {
    const w = await world();
    const url = `/api/admin/groups/${w.office.groups[0]!.id}/members`;
    await send(w, { method: 'PUT', url, payload: { agent_id: w.alicia.agent.id } });
    await send(w, { method: 'PUT', url, payload: { agent_id: w.alicia.agent.id, is_manager: true } });
    await send(w, { method: 'PUT', url, payload: { agent_id: w.alicia.agent.id, is_manager: false } });
    const items = (
      await ctx.app.inject({ url: '/api/admin/audit?category=office', headers: bearer(w.token) })
    ).json().items as { action: string; summary: string; details: Record<string, unknown> }[];
    expect(items.slice(0, 3).map((item) => [item.action, item.summary])).toEqual([
      ['demote_manager', 'Dana Reyes demoted Alicia Alvarez from manager of Summit Realty West'],
      ['promote_manager', 'Dana Reyes promoted Alicia Alvarez to manager of Summit Realty West'],
      ['add_to_group', 'Dana Reyes added Alicia Alvarez to Summit Realty West'],
    ]);
    expect(items[1]!.details).toMatchObject({ agent_id: w.alicia.agent.id, agent_name: 'Alicia Alvarez' });

    // The names were kept with the entries: a deleted group still reads well.
    await send(w, { method: 'DELETE', url: `/api/admin/groups/${w.office.groups[0]!.id}` });
    const after = (
      await ctx.app.inject({ url: '/api/admin/audit?action=promote_manager', headers: bearer(w.token) })
    ).json().items;
    expect(after[0].summary).toBe('Dana Reyes promoted Alicia Alvarez to manager of Summit Realty West');
  });

  it("keeps sign-ins out of the office's view and lists them in their own", async () => {
    const w = await world();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'alicia@realty.test', password: 'wrong-password-here' },
      headers: { 'content-type': 'application/json' },
    });
    await send(w, { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Feed' } });
    const view = async (query: string) =>
      (await ctx.app.inject({ url: `/api/admin/audit?${query}`, headers: bearer(w.token) }))
        .json()
        .items.map((item: { action: string }) => item.action);
    expect(await view('category=office')).toEqual(['admin_create_api_key']);
    expect((await view('category=sign_in')).sort()).toEqual(['login', 'login_failed']);
    const refused = await ctx.app.inject({
      url: '/api/admin/audit?action=made_up',
      headers: bearer(w.token),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/Choose an action from the list/);
  });
});

describe('every admin CLI command is audited', () => {
  it('writes an office entry for each command that changes something', async () => {
    const READ_ONLY = ['migrate', 'seed'];
    const runs: Record<string, (w: World) => string[]> = {
      'create-superuser': () => ['root@office.test', 'a-long-and-quiet-river-42'],
      'create-access-code': () => ['WINTER-2027', '--uses', '5'],
      'create-corporate-user': () => ['north@office.test', 'Summit', 'North'],
      'corporate-login-link': (w) => [w.office.user.email],
      'create-group': (w) => ['East', '--corporate', w.office.user.email],
      'add-to-group': (w) => [w.office.groups[0]!.id, 'alicia@realty.test', '--manager'],
      'remove-from-group': (w) => [w.office.groups[0]!.id, 'ben@realty.test'],
      'set-agent-status': () => ['alicia@realty.test', 'suspended', '--reason', 'Unpaid fees'],
      'create-api-key': () => ['Realtor feed'],
      'revoke-api-key': () => ['Zillow feed'],
    };
    expect(Object.keys(commands).sort()).toEqual([...Object.keys(runs), ...READ_ONLY].sort());
    const problems: string[] = [];
    for (const [name, args] of Object.entries(runs)) {
      await ctx.reset();
      const w = await world();
      const before = new Set((await auditRows()).map((row) => row.id));
      await commands[name]!(ctx.deps, args(w));
      const added = (await auditRows()).filter((row) => !before.has(row.id));
      if (added.length === 0) problems.push(`${name}: no audit entry`);
      for (const row of added) {
        if (!isAuditAction(row.action) || AUDIT_ACTIONS[row.action].category !== 'office')
          problems.push(`${name}: ${row.action} is not an office action`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('moving a lead that has an agent', () => {
  it('needs a reason, tells the new agent, is on the timeline and audited; the old agent loses it', async () => {
    const w = await world();
    await db().insert(recipients).values({
      agentId: w.alicia.agent.id,
      firstName: 'Alicia',
      email: 'alicia@realty.test',
      sendEmail: true,
      isPrimary: true,
      isAgent: true,
    });
    const url = `/api/admin/leads/${w.owned.id}/assign`;
    const noReason = await send(w, { method: 'POST', url, payload: { agent_id: w.alicia.agent.id } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe(
      'This lead is assigned to Ben Brooks: give a reason to move it to Alicia Alvarez',
    );
    const moved = await send(w, {
      method: 'POST',
      url,
      payload: { agent_id: w.alicia.agent.id, reason: 'Ben is suspended' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ agent_id: w.alicia.agent.id, agent_name: 'Alicia Alvarez' });
    const mail = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, w.owned.id));
    expect(mail.map((m) => m.toAddress)).toEqual(['alicia@realty.test']);

    const ben = await login(ctx.app, 'ben@realty.test', w.ben.password, '10.9.0.8');
    const gone = await ctx.app.inject({
      url: `/api/portal/me/leads/${w.owned.id}`,
      headers: bearer(ben.accessToken),
    });
    expect(gone.statusCode).toBe(404);
    const alicia = await login(ctx.app, 'alicia@realty.test', w.alicia.password, '10.9.0.9');
    const theirs = await ctx.app.inject({
      url: `/api/portal/me/leads/${w.owned.id}`,
      headers: bearer(alicia.accessToken),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().events.map((e: { kind: string }) => e.kind)).toContain('routed');
    // The lead's timeline keeps who moved it and why (the console's record of the lead).
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, w.owned.id));
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'routed',
        actorName: 'Dana Reyes',
        details: expect.objectContaining({ reason: 'Moved by hand by Dana Reyes: Ben is suspended' }),
      }),
    );
    const [entry] = (
      await ctx.app.inject({ url: '/api/admin/audit?action=admin_reassign_lead', headers: bearer(w.token) })
    ).json().items;
    expect(entry.summary).toBe('Dana Reyes moved Owen Owned from Ben Brooks to Alicia Alvarez');
    expect(entry.details).toMatchObject({ reason: 'Ben is suspended' });
  });
});

describe('the CSV import', () => {
  const CSV = [
    'lead_type,first_name,last_name,phone,zip,external_id',
    'fsbo,Ann,Able,+16025550100,85004,a1',
    'fsbo,Bob,Baker,+16025550101,99999,b2',
    'nonsense,Cy,Cole,+16025550102,85004,c3',
  ].join('\n');

  it('previews who gets each row without writing anything, then commits and audits the counts', async () => {
    const w = await world();
    const headers = { 'content-type': 'text/csv' };
    const preview = await send(w, {
      method: 'POST',
      url: '/api/admin/leads/import/preview',
      payload: CSV,
      headers,
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ rows: 3, routed: 1, unassigned: 1, duplicates: 0, rejected: 1 });
    expect(body.items[0]).toMatchObject({ row: 2, outcome: 'routed', name: 'Ann Able', zip: '85004' });
    expect(['Alicia Alvarez', 'Ben Brooks']).toContain(body.items[0].agent_name);
    expect(body.items[1]).toMatchObject({ row: 3, outcome: 'unassigned', agent_name: null });
    expect(body.items[1].reason).toBeTruthy();
    expect(body.items[2]).toMatchObject({ row: 4, outcome: 'rejected' });
    expect(body.items[2].errors.length).toBeGreaterThan(0);
    // Only the world's three leads: the preview wrote none.
    const [stored] = await db().select({ n: count() }).from(leads);
    expect(stored!.n).toBe(3);
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.template, 'lead_email'))).toEqual(
      [],
    );

    const committed = await send(w, {
      method: 'POST',
      url: '/api/admin/leads/import',
      payload: CSV,
      headers,
    });
    expect(committed.json()).toMatchObject({ rows: 3, imported: 2, unassigned: 1 });
    const [entry] = (
      await ctx.app.inject({ url: '/api/admin/audit?action=admin_import_leads', headers: bearer(w.token) })
    ).json().items;
    expect(entry.summary).toBe(
      'Dana Reyes imported 2 leads from a CSV file (1 unassigned, 0 already there, 1 rows refused)',
    );
    // A second look at the same file: both rows are there already.
    const again = await send(w, {
      method: 'POST',
      url: '/api/admin/leads/import/preview',
      payload: CSV,
      headers,
    });
    expect(again.json()).toMatchObject({ duplicates: 2, routed: 0, unassigned: 0 });
  });
});

describe('access codes: 0 uses closes a code, no limit is null', () => {
  it('accepts 0 as "no more uses" and refuses sign-ups with it', async () => {
    const w = await world();
    const closed = await send(w, {
      method: 'PATCH',
      url: '/api/admin/access-codes/SPRING-2027',
      payload: { max_uses: 0 },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ max_uses: 0 });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/signup',
      payload: { email: 'late@realty.test', access_code: 'SPRING-2027' },
    });
    expect(refused.statusCode).toBe(400);
    const open = await send(w, {
      method: 'PATCH',
      url: '/api/admin/access-codes/SPRING-2027',
      payload: { max_uses: null },
    });
    expect(open.json()).toMatchObject({ max_uses: null });
    const negative = await send(w, {
      method: 'PATCH',
      url: '/api/admin/access-codes/SPRING-2027',
      payload: { max_uses: -1 },
    });
    expect(negative.statusCode).toBe(400);
  });
});

describe('a revoked API key', () => {
  it("records its refused calls (time and reason) on the key's row", async () => {
    const w = await world();
    await send(w, { method: 'DELETE', url: `/api/admin/api-keys/${w.key.row.id}` });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      payload: { lead_type: 'fsbo', first_name: 'Ann', phone: '+16025550100', zip: '85004' },
      headers: { authorization: `Bearer ${w.key.key}`, 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(401);
    const [row] = (await ctx.app.inject({ url: '/api/admin/api-keys', headers: bearer(w.token) }))
      .json()
      .items.filter((key: { id: string }) => key.id === w.key.row.id);
    expect(row.last_error).toBe('401 Refused: the key was revoked');
    expect(row.last_error_at).toBeTruthy();
    const [stored] = await db().select().from(apiKeys).where(eq(apiKeys.id, w.key.row.id));
    expect(stored!.lastErrorAt).not.toBeNull();
  });
});

describe("a message's attempts", () => {
  it('counts and lists every attempt after a failed send and a successful retry', async () => {
    const w = await world();
    const { messageAttempts } = await import('../src/db/schema');
    await db()
      .insert(messageAttempts)
      .values({ messageId: w.failed.id, attempt: 1, status: 'failed', provider: 'smtp', error: 'SMTP 550' });
    await send(w, { method: 'POST', url: `/api/admin/outbox/${w.failed.id}/retry` });
    // The dispatcher's fresh round after the retry: it numbers its attempts from 1 again.
    await db()
      .update(outboxMessages)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(outboxMessages.id, w.failed.id));
    await db()
      .insert(messageAttempts)
      .values({ messageId: w.failed.id, attempt: 1, status: 'sent', provider: 'smtp' });
    const [message] = (await ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(w.token) })).json()
      .items;
    expect(message.attempts).toBe(2);
    expect(
      message.attempt_log.map((a: { attempt: number; status: string }) => [a.attempt, a.status]),
    ).toEqual([
      [1, 'failed'],
      [2, 'sent'],
    ]);
  });
});
