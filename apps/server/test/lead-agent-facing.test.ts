import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, outboxMessages, recipients } from '../src/db/schema';
import { sendAccountEmail } from '../src/modules/auth/links';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { addMember, lastMessageTo, seedAgent, seedCorporate, seedUser } from './helpers/factories';
import { intakeClient } from './helpers/intake';

/**
 * What agents, their recipients and their offices are told about a new lead: the copy for the
 * agent's CRM, the place a ZIP code names, a routing reason that is theirs to read, the undo of
 * an archive, and whose leads a recipient's sign-in link opens.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;

async function activeAgent(name: string, overrides: Record<string, unknown> = {}) {
  const seeded = await seedAgent(db(), {
    user: { name },
    agent: {
      signupStatus: 'complete',
      agentStatus: 'active',
      agent: name,
      zipcodes: ['85004'],
      agentPhone: '+16025550101',
      ...overrides,
    },
  });
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/portal/me${url}`, headers: bearer(accessToken), payload });
  return { ...seeded, call, accessToken };
}

const client = (name = 'Seller feed') => intakeClient(ctx, name);

const lead = (overrides: object = {}) => ({
  lead_type: 'fsbo',
  first_name: 'Jane',
  last_name: 'Seller',
  phone: '(602) 555-0199',
  email: 'jane.seller@example.com',
  street: '12 Palm Ave',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  ...overrides,
});

async function superuserToken() {
  const admin = await seedUser(db(), {
    userRole: 'superuser',
    isSuperuser: true,
    name: 'Olivia Office',
    email: 'olivia@office.test',
  });
  return (await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken as string;
}

describe('the copy of a new lead for the agent’s CRM', () => {
  it('queues one labelled plain-text e-mail per lead, in the lead lane, on the timeline and in the console', async () => {
    const dana = await activeAgent('Dana Reyes', { crmEmail: 'dana.leads@followupboss.me' });
    const post = client();
    const first = await (await post)(lead(), { 'idempotency-key': 'lead-1' });
    expect(first.statusCode).toBe(201);
    const id = first.json().id;
    // A retry of the same post is the same lead: no second copy.
    const retry = await (await post)(lead(), { 'idempotency-key': 'lead-1' });
    expect(retry.headers['idempotent-replayed']).toBe('true');

    const copies = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'dana.leads@followupboss.me'));
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(copy).toMatchObject({ channel: 'email', leadId: id, recipientId: null, template: 'lead_crm' });
    // Lead traffic, behind the account e-mails, as the recipients' own copies.
    const [own] = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, id), eq(outboxMessages.channel, 'email')))
      .orderBy(outboxMessages.createdAt);
    expect(copy.priority).toBe(own!.priority);
    const lines = copy.textBody.split('\n');
    for (const line of [
      'First Name: Jane',
      'Last Name: Seller',
      'Phone: (602) 555-0199',
      'Email: jane.seller@example.com',
      'Address: 12 Palm Ave',
      'City: Phoenix',
      'State: AZ',
      'Zip: 85004',
      'Lead Type: FSBO',
      'Source: Seller feed',
      `Lead Link: http://portal.test/leads?lead=${id}`,
    ]) {
      expect(lines).toContain(line);
    }

    const detail = (await dana.call('GET', `/leads/${id}`)).json();
    const onTimeline = detail.events.filter(
      (e: { kind: string; details: { to?: string } }) =>
        e.kind === 'delivery' && e.details.to === 'dana.leads@followupboss.me',
    );
    expect(onTimeline).toHaveLength(1);
    expect(onTimeline[0].details).toMatchObject({ channel: 'email', target: 'crm', status: 'queued' });

    const token = await superuserToken();
    const console = (
      await ctx.app.inject({
        url: '/api/admin/outbox?to=dana.leads@followupboss.me',
        headers: bearer(token),
      })
    ).json();
    expect(console.items).toHaveLength(1);
    expect(console.items[0]).toMatchObject({ lead_id: id, template: 'lead_crm' });
  });

  it('sends nothing extra when the agent has no CRM e-mail', async () => {
    await activeAgent('Dana Reyes');
    const post = await client();
    const id = (await post(lead())).json().id;
    const emails = await db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, id), isNull(outboxMessages.recipientId)));
    expect(emails).toEqual([]);
  });
});

describe('a lead posted with its ZIP code alone', () => {
  it('gets the city, county and state of the ZIP, and says they came from it', async () => {
    const dana = await activeAgent('Dana Reyes');
    const post = await client();
    const created = await post({ lead_type: 'fsbo', phone: '6025550123', zip: '85004' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ city: 'Phoenix', county: 'Maricopa', state: 'AZ', zip: '85004' });
    const detail = (await dana.call('GET', `/leads/${created.json().id}`)).json();
    const note = detail.events.find((e: { kind: string }) => e.kind === 'zip_details');
    expect(note?.details).toMatchObject({ fields: ['city', 'county', 'state'] });
  });

  it('never overwrites what the client sent', async () => {
    const dana = await activeAgent('Dana Reyes');
    const post = await client();
    const created = await post({ lead_type: 'fsbo', phone: '6025550123', zip: '85004', city: 'Downtown' });
    expect(created.json()).toMatchObject({ city: 'Downtown', county: 'Maricopa', state: 'AZ' });
    const detail = (await dana.call('GET', `/leads/${created.json().id}`)).json();
    expect(detail.events.find((e: { kind: string }) => e.kind === 'zip_details')?.details).toMatchObject({
      fields: ['county', 'state'],
    });
    const full = (await post(lead({ county: 'Maricopa' }))).json();
    const fullDetail = (await dana.call('GET', `/leads/${full.id}`)).json();
    expect(fullDetail.events.some((e: { kind: string }) => e.kind === 'zip_details')).toBe(false);
  });
});

describe('the routing reason outside the console', () => {
  const FAIR = 'Sent to you because 85004 is in your service area and you take FSBO leads.';

  it('tells agents, recipients and offices why the lead is theirs, never who else serves the ZIP', async () => {
    const office = await seedCorporate(db(), ['West']);
    const dana = await activeAgent('Dana Reyes', { corporateUserId: office.user.id });
    const eli = await activeAgent('Eli Stone', { corporateUserId: office.user.id });
    const manager = await activeAgent('Mia Manager', { zipcodes: ['10001'] });
    await addMember(db(), office.groups[0]!.id, manager.agent.id, true);
    await addMember(db(), office.groups[0]!.id, dana.agent.id);
    await addMember(db(), office.groups[0]!.id, eli.agent.id);
    const post = await client();
    const posted = [(await post(lead())).json(), (await post(lead({ first_name: 'June' }))).json()];
    // The intake client and the console still get the whole decision.
    expect(posted[1].routing.reason).toMatch(/among 2 eligible agents/);
    const mine = posted.find((l) => l.agent_id === dana.agent.id);

    const [list, detail] = [
      (await dana.call('GET', '/leads')).json(),
      (await dana.call('GET', `/leads/${mine.id}`)).json(),
    ];
    expect(list.items[0].routing.reason).toBe(FAIR);
    expect(detail.routing.reason).toBe(FAIR);
    const routed = detail.events.find((e: { kind: string }) => e.kind === 'routed');
    expect(routed.details.reason).toBe(FAIR);
    expect(routed.details.candidates).toBeUndefined();
    expect(JSON.stringify(detail)).not.toMatch(/eligible|among/);

    // A recipient of Dana's.
    const [own] = await db().select().from(recipients).where(eq(recipients.agentId, dana.agent.id));
    const session = { 'x-recipient-session': await startRecipientSession(db(), { recipientId: own!.id }) };
    const seen = (await ctx.app.inject({ url: `/api/portal/me/leads/${mine.id}`, headers: session })).json();
    expect(seen.routing.reason).toBe(FAIR);
    expect(JSON.stringify(seen)).not.toMatch(/eligible|among/);

    // The office's group leads and the manager's view of a member.
    const officeToken = (await login(ctx.app, office.user.email, office.password)).accessToken;
    const group = (
      await ctx.app.inject({
        url: `/api/portal/groups/${office.groups[0]!.id}/leads`,
        headers: bearer(officeToken),
      })
    ).json();
    expect(group.items.length).toBe(2);
    for (const item of group.items) {
      expect(item.routing.reason).toBe(
        'Sent to this agent because 85004 is in their service area and they take FSBO leads.',
      );
    }
    const members = (
      await ctx.app.inject({
        url: `/api/portal/managed-groups/${office.groups[0]!.id}/members`,
        headers: bearer(manager.accessToken),
      })
    ).json();
    const danaMember = members.find((m: { name: string }) => m.name === 'Dana Reyes');
    const memberLeads = (
      await ctx.app.inject({
        url: `/api/portal/managed-groups/${office.groups[0]!.id}/members/${danaMember.id}/leads`,
        headers: bearer(manager.accessToken),
      })
    ).json();
    expect(memberLeads.items[0].routing.reason).toBe(
      'Sent to this agent because 85004 is in their service area and they take FSBO leads.',
    );

    // The console keeps the full reason.
    const token = await superuserToken();
    const admin = (await ctx.app.inject({ url: '/api/admin/leads', headers: bearer(token) })).json();
    expect(admin.items.some((l: { routing: { reason: string } }) => /eligible/.test(l.routing.reason))).toBe(
      true,
    );
  });
});

describe('undoing an archive', () => {
  it('puts the lead back as it was', async () => {
    const dana = await activeAgent('Dana Reyes');
    const post = await client();
    const id = (await post(lead())).json().id;
    const before = (await dana.call('GET', `/leads/${id}`)).json();
    expect(
      (await dana.call('PATCH', `/leads/${id}`, { status: 'archived', lost_reason: 'unreachable' })).json()
        .status,
    ).toBe('archived');
    const undone = await dana.call('PATCH', `/leads/${id}`, { status: 'active' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'active', notes: before.notes });
    const counts = (await dana.call('GET', '/leads')).json().counts;
    expect(counts).toEqual({ active: 1, archived: 0, closed: 0 });
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row!.closingDate).toBeNull();
  });
});

describe('a recipient’s sign-in e-mail', () => {
  it('names the agent whose leads it opens, in the HTML and the text', async () => {
    const alicia = await activeAgent('Alicia Alvarez');
    await alicia.call('GET', '/recipients');
    await db().insert(recipients).values({
      agentId: alicia.agent.id,
      firstName: 'Sam',
      email: 'sam.team@example.com',
      sendEmail: true,
      position: 1,
    });
    expect(await sendAccountEmail(ctx.deps, 'magic', 'sam.team@example.com')).toBe(true);
    const message = await lastMessageTo(db(), 'sam.team@example.com');
    const words = 'Sign in to see the leads Alicia Alvarez shares with you';
    expect(message!.textBody).toContain(words);
    expect(message!.htmlBody).toContain(words);
    expect(message!.subject).toContain('Alicia Alvarez');
  });
});
