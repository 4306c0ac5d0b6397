import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, outboxMessages, recipients } from '../src/db/schema';
import { startWorkers } from '../src/jobs/workers';
import { signAccessToken } from '../src/lib/jwt';
import { startSession } from '../src/modules/auth/sessions';
import { createApiKey } from '../src/modules/leads/api-keys';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { bearer, createTestContext, eventually, login, type TestContext } from './helpers/app';
import { about, type OpenStream, openEventStream } from './helpers/event-stream';
import { addMember, seedAgent, seedCorporate, seedLead, seedUser } from './helpers/factories';

/**
 * GET /api/portal/me/events (ADR 59): new and changed leads reach the open pages of whoever may
 * see them, through the database's notifications, and nobody else's. A real listening server:
 * the stream is read as the browser reads it.
 */
let ctx: TestContext;
let base = '';
const open: OpenStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    env: { EVENTS_HEARTBEAT_SECONDS: '0.2', RATE_LIMIT_EVENT_STREAMS_PER_USER: '2' },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await ctx.reset();
});

const db = () => ctx.deps.database.db;

async function listen(headers: Record<string, string>) {
  const stream = await openEventStream(base, headers);
  open.push(stream);
  if (stream.response.status !== 200) {
    throw new Error(`${stream.response.status} ${JSON.stringify(await stream.response.json())}`);
  }
  return stream;
}

const working = { signupStatus: 'complete', agentStatus: 'active' } as const;

async function signedInAgent(overrides: NonNullable<Parameters<typeof seedAgent>[1]>['agent'] = {}) {
  const seeded = await seedAgent(db(), { agent: { ...working, ...overrides } });
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  return { ...seeded, headers: bearer(accessToken), accessToken };
}

describe('who hears what', () => {
  it("sends an agent their new lead within a second, then its changes, and no other agent's lead", async () => {
    const ada = await signedInAgent();
    const bob = await signedInAgent();
    const stream = await listen(ada.headers);

    const othersLead = await seedLead(db(), bob.agent.id);
    const started = performance.now();
    const lead = await seedLead(db(), ada.agent.id);
    const created = await stream.next(about('lead.created', lead.id));
    expect(created.at - started).toBeLessThan(1000);
    expect(stream.response.header('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.header('cache-control')).toMatch(/no-cache/);
    expect(stream.response.header('x-accel-buffering')).toBe('no');
    expect(stream.response.header('content-encoding')).toBeUndefined();

    await db().update(leads).set({ notes: 'Called back' }).where(eq(leads.id, lead.id));
    await stream.next(about('lead.updated', lead.id));
    // Bob's lead was committed first: had it been sent, it would be there by now.
    expect(stream.received.filter((item) => item.data.includes(othersLead.id))).toEqual([]);
  });

  it('tells both agents when a lead moves from one to the other', async () => {
    const ada = await signedInAgent();
    const bob = await signedInAgent();
    const lead = await seedLead(db(), ada.agent.id);
    const adas = await listen(ada.headers);
    const bobs = await listen(bob.headers);

    await db().update(leads).set({ agentId: bob.agent.id }).where(eq(leads.id, lead.id));
    // Ada's page reads again and the lead is gone from it; Bob's shows it.
    await adas.next(about('lead.updated', lead.id));
    await bobs.next(about('lead.updated', lead.id));
  });

  it('sends a recipient only the leads delivered to it', async () => {
    const agent = await signedInAgent({
      zipcodes: ['85004'],
      agentPhone: '+16025550101',
      agent: 'Dana Reyes',
    });
    const [rita, sid] = await db()
      .insert(recipients)
      .values([
        { agentId: agent.agent.id, firstName: 'Rita', email: 'rita@example.com', sendEmail: true },
        { agentId: agent.agent.id, firstName: 'Sid', email: 'sid@example.com', sendEmail: false },
      ])
      .returning();
    const ritas = await listen({
      'x-recipient-session': await startRecipientSession(db(), { recipientId: rita!.id }),
    });
    const sids = await listen({
      'x-recipient-session': await startRecipientSession(db(), { recipientId: sid!.id }),
    });
    const agents = await listen(agent.headers);

    const { key } = await createApiKey(db(), { name: 'Seller feed' });
    const posted = await fetch(`${base}/api/v1/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        lead_type: 'fsbo',
        first_name: 'Jane',
        last_name: 'Seller',
        phone: '(602) 555-0199',
        email: 'jane.seller@example.com',
        street: '12 Palm Ave',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85004',
        county: 'Maricopa',
      }),
    });
    expect(posted.status).toBe(201);
    // Committed before the answer: the event comes within a second of it (or before it).
    const answered = performance.now();
    const { id, agent_id } = (await posted.json()) as { id: string; agent_id: string };
    expect(agent_id).toBe(agent.agent.id);
    const [delivery] = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, id));
    expect(delivery?.recipientId).toBe(rita!.id);

    expect((await ritas.next(about('lead.created', id))).at - answered).toBeLessThan(1000);
    await agents.next(about('lead.created', id));
    // A lead of the agent not delivered to this recipient.
    const undelivered = await seedLead(db(), agent.agent.id);
    await agents.next(about('lead.created', undelivered.id));
    await db().update(leads).set({ notes: 'Spoke to Jane' }).where(eq(leads.id, id));
    await ritas.next(about('lead.updated', id));
    await agents.next(about('lead.updated', id));
    expect(ritas.received.filter((item) => item.data.includes(undelivered.id))).toEqual([]);
    expect(sids.received.filter((item) => item.type.startsWith('lead.'))).toEqual([]);
  });

  it('sends a group manager and an office the leads of their agents, not of agents of others', async () => {
    const office = await seedCorporate(db(), ['Phoenix team']);
    const group = office.groups[0]!;
    const member = await seedAgent(db(), { agent: { ...working, corporateUserId: office.user.id } });
    const manager = await signedInAgent({ corporateUserId: office.user.id });
    const outsider = await seedAgent(db(), { agent: working });
    await addMember(db(), group.id, member.agent.id);
    await addMember(db(), group.id, manager.agent.id, true);
    const officeLogin = await login(ctx.app, office.user.email, office.password);
    const offices = await listen(bearer(officeLogin.accessToken));
    const managers = await listen(manager.headers);

    const outsiders = await seedLead(db(), outsider.agent.id);
    const started = performance.now();
    const lead = await seedLead(db(), member.agent.id);
    expect((await managers.next(about('lead.created', lead.id))).at - started).toBeLessThan(1000);
    expect((await offices.next(about('lead.created', lead.id))).at - started).toBeLessThan(1000);
    const own = await seedLead(db(), manager.agent.id);
    await managers.next(about('lead.created', own.id));
    await offices.next(about('lead.created', own.id));
    for (const stream of [offices, managers]) {
      expect(stream.received.filter((item) => item.data.includes(outsiders.id))).toEqual([]);
    }

    // The lead moves to the outsider: both pages read again and drop it.
    await db().update(leads).set({ agentId: outsider.agent.id }).where(eq(leads.id, lead.id));
    await managers.next(about('lead.updated', lead.id));
    await offices.next(about('lead.updated', lead.id));
  });
});

describe('who may listen', () => {
  it('answers 401 without credentials or with a revoked recipient session, 403 to a user with no leads', async () => {
    const none = await openEventStream(base, {});
    expect(none.response.status).toBe(401);
    expect(await none.response.json()).toHaveProperty('detail');
    const stale = await openEventStream(base, { 'x-recipient-session': 'x'.repeat(40) });
    expect(stale.response.status).toBe(401);

    const member = await seedUser(db(), { userRole: 'team_member', isTeamMember: true });
    const superuser = await seedUser(db(), { userRole: 'superuser', isSuperuser: true });
    for (const who of [member, superuser]) {
      const { accessToken } = await login(ctx.app, who.user.email, who.password);
      const refused = await openEventStream(base, bearer(accessToken));
      expect(refused.response.status).toBe(403);
      expect((await refused.response.json()).detail).toMatch(/no leads to follow/);
    }
  });

  it('answers 406 to a request that does not ask for an event stream, holding nothing open', async () => {
    const ada = await signedInAgent();
    const plain = await fetch(`${base}/api/portal/me/events`, { headers: ada.headers });
    expect(plain.status).toBe(406);
    expect(((await plain.json()) as { detail: string }).detail).toMatch(/Accept: text\/event-stream/);
  });

  it("refuses a listener's third stream with 429 and takes a new one when one closes", async () => {
    const ada = await signedInAgent();
    const first = await listen(ada.headers);
    await listen(ada.headers);
    const third = await openEventStream(base, ada.headers);
    expect(third.response.status).toBe(429);
    expect((await third.response.json()).detail).toMatch(/close another tab/);
    // Another user is not counted with Ada.
    await listen((await signedInAgent()).headers);

    first.close();
    await eventually(async () => {
      const again = await openEventStream(base, ada.headers);
      if (again.response.status === 200) open.push(again);
      return again.response.status === 200;
    }, 3000);
  });
});

describe('the stream itself', () => {
  it('tells the client how long to wait before reconnecting and sends heartbeats while idle', async () => {
    const ada = await signedInAgent();
    const stream = await listen(ada.headers);
    expect((await stream.next((item) => item.type === 'retry')).data).toBe('3000');
    await stream.next((item) => item.type === 'comment' && item.data === 'ping', 1500);
  });

  it('ends when its access token expires, telling the client to come back with a fresh one', async () => {
    const ada = await signedInAgent();
    const session = await startSession(db(), { jwtSecret: ctx.deps.config.jwtSecret, userId: ada.user.id });
    const shortLived = await signAccessToken(
      ctx.deps.config.jwtSecret,
      { sub: ada.user.id, sid: session.familyId },
      2,
    );
    const stream = await listen(bearer(shortLived));
    const reconnect = await stream.next((item) => item.type === 'reconnect', 4000);
    expect(JSON.parse(reconnect.data)).toEqual({ reason: 'token_expired' });
    await stream.ended;
  });

  it('is refused at its reconnect once its session was ended, even with a token still valid', async () => {
    const ada = await signedInAgent();
    const stream = await listen(ada.headers);
    const loggedOut = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: ada.headers });
    expect(loggedOut.statusCode).toBe(204);
    stream.close();
    const again = await openEventStream(base, ada.headers);
    expect(again.response.status).toBe(401);
  });
});

describe('the delivery dispatcher', () => {
  it('wakes at once for a message committed without ringing its bell (another process)', async () => {
    // The idle look at the outbox a minute apart: only the notification can wake it in time.
    await startWorkers(ctx.deps.queue, ctx.deps, {
      pollingIntervalSeconds: 0.5,
      delivery: { idleMs: 60_000 },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [message] = await db()
      .insert(outboxMessages)
      .values({
        channel: 'email',
        toAddress: 'seller@example.com',
        fromAddress: 'portal@example.com',
        subject: 'Hello',
        textBody: 'Hello',
      })
      .returning();
    const started = performance.now();
    await eventually(async () => {
      const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, message!.id));
      return row?.status === 'sent';
    }, 5000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
