import { SEND_EMAIL_DETAIL } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, auditLog, leadEvents, outboxMessages, recipients } from '../src/db/schema';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedLead, seedUser } from './helpers/factories';

const OFFICE = 'office@agentportal.local';
const URL = '/api/portal/agents/send-email';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const outbox = () => db().select().from(outboxMessages);

/**
 * Dana, an agent with one lead (Pat, pat@example.com) and a recipient (Riley) who confirmed
 * the address (recipient-confirmation.test.ts covers the unconfirmed ones).
 */
async function dana(overrides: { isVerified?: boolean } = {}) {
  const session = await agentSession(ctx, {
    user: { email: `dana-${Math.random().toString(16).slice(2)}@example.com`, name: 'Dana R', ...overrides },
    agent: {
      agentFirstName: 'Dana',
      agentLastName: 'Reyes',
      signupStatus: 'complete',
      agentStatus: 'active',
    },
  });
  const lead = await seedLead(db(), session.agent.id, {
    firstName: 'Pat',
    lastName: 'Owner',
    email: 'Pat@Example.com',
  });
  const [riley] = await db()
    .insert(recipients)
    .values({
      agentId: session.agent.id,
      firstName: 'Riley',
      lastName: 'Helper',
      email: 'riley@example.com',
      emailConfirmedAt: new Date(),
    })
    .returning();
  const send = (payload: Record<string, unknown>, headers = session.headers) =>
    ctx.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: {
        from_email: session.user.email,
        to: 'pat@example.com',
        subject: 'About your house',
        message: '<p>Hello <strong>Pat</strong></p>',
        lead_id: lead.id,
        ...payload,
      },
    });
  return { ...session, lead, riley: riley!, send };
}

describe('POST /api/portal/agents/send-email', () => {
  it("queues the mail from the portal's address with Reply-To the agent, and puts it on the lead's timeline", async () => {
    const agent = await dana();
    const response = await agent.send({});
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toEqual({ status: 'queued', message_id: expect.any(String) });

    const [row] = await outbox();
    expect(row).toMatchObject({
      id: body.message_id,
      channel: 'email',
      toAddress: 'pat@example.com',
      fromAddress: `"Dana Reyes via Agent Portal" <${OFFICE}>`,
      replyTo: agent.user.email,
      subject: 'About your house',
      htmlBody: '<p>Hello <strong>Pat</strong></p>',
      textBody: 'Hello Pat',
      template: 'agent_email',
      status: 'queued',
      // Not a delivery of the lead: it must not open the lead to anyone.
      leadId: null,
      recipientId: null,
      meta: { agentId: agent.agent.id, userId: agent.user.id },
    });

    const detail = await ctx.app.inject({
      url: `/api/portal/me/leads/${agent.lead.id}`,
      headers: agent.headers,
    });
    const sent = detail.json().events.filter((e: { kind: string }) => e.kind === 'email_sent');
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'email_sent',
        actor_type: 'user',
        actor_name: 'Dana R',
        details: expect.objectContaining({
          to: 'pat@example.com',
          to_kind: 'lead',
          subject: 'About your house',
          message_id: body.message_id,
        }),
      }),
    ]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'agent_email_sent'));
    expect(audits).toHaveLength(1);
  });

  it('sanitises the HTML and writes a plain-text alternative', async () => {
    const agent = await dana();
    const message = [
      '<p onclick="steal()" style="color:red">Hi <b>there</b>, <i>see</i> <em>this</em>:</p>',
      '<script>alert(1)</script><style>p { display: none }</style>',
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example">frame</iframe>',
      '<ul><li><p>first</p></li><li><p>second</p></li></ul><ol><li>one</li></ol>',
      '<p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com/a?b=1&amp;c=2" target="_self" onmouseover="x()">good link</a> <a href="mailto:dana@example.com">dana@example.com</a></p>',
      '<h1>Title</h1><table><tr><td>cell</td></tr></table>',
    ].join('');
    expect((await agent.send({ message })).statusCode).toBe(202);
    const [row] = await outbox();
    expect(row!.htmlBody).toBe(
      [
        '<p>Hi <b>there</b>, <i>see</i> <em>this</em>:</p>',
        '<ul><li><p>first</p></li><li><p>second</p></li></ul><ol><li>one</li></ol>',
        '<p>bad link <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">good link</a> ',
        '<a href="mailto:dana@example.com" rel="noopener noreferrer" target="_blank">dana@example.com</a></p>',
        '<p>Title</p>cell',
      ].join(''),
    );
    for (const gone of [
      'script',
      'style',
      'onclick',
      'onerror',
      'onmouseover',
      'img',
      'iframe',
      'javascript:',
    ]) {
      expect(row!.htmlBody).not.toContain(gone);
    }
    expect(row!.textBody).toBe(
      [
        'Hi there, see this:',
        '',
        '- first',
        '- second',
        '- one',
        '',
        'bad link good link (https://example.com/a?b=1&c=2) dana@example.com',
        '',
        'Title',
        '',
        'cell',
      ].join('\n'),
    );
  });

  it('refuses a message that is empty once sanitised', async () => {
    const agent = await dana();
    const response = await agent.send({ message: '<p><br></p><script>alert(1)</script><img src=x>' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(SEND_EMAIL_DETAIL.emptyMessage);
    expect(await outbox()).toHaveLength(0);
  });

  it('writes only to the agent’s own leads and recipients: never an open relay', async () => {
    const agent = await dana();
    const other = await agentSession(ctx, { agent: { signupStatus: 'complete' } });
    const otherLead = await seedLead(db(), other.agent.id, { email: 'someone@example.com' });

    for (const to of ['stranger@example.com', 'someone@example.com', other.user.email]) {
      const response = await agent.send({ to, lead_id: undefined });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(SEND_EMAIL_DETAIL.foreignTarget);
    }
    // Another agent's lead is not found, even when the address would do.
    const foreign = await agent.send({ lead_id: otherLead.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Lead not found');
    expect(await outbox()).toHaveLength(0);
    expect(await db().select().from(leadEvents)).toHaveLength(0);
  });

  it("from one lead's sheet, refuses another lead's address (its timeline would show it)", async () => {
    const agent = await dana();
    await seedLead(db(), agent.agent.id, { firstName: 'Bo', lastName: 'Other', email: 'bo@example.com' });
    const response = await agent.send({ to: 'bo@example.com' });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(SEND_EMAIL_DETAIL.otherLead);
    expect(await outbox()).toHaveLength(0);
    // Without a lead, the same address is one of the agent's leads: allowed.
    expect((await agent.send({ to: 'bo@example.com', lead_id: undefined })).statusCode).toBe(202);
  });

  it("keeps an agent's name with line breaks and quotes out of the headers", async () => {
    const agent = await dana();
    await db()
      .update(agents)
      .set({ agentFirstName: 'Eve\r\nBcc: victim@example.com', agentLastName: '"<x@evil.test>' })
      .where(eq(agents.id, agent.agent.id));
    expect((await agent.send({})).statusCode).toBe(202);
    const [row] = await outbox();
    expect(row!.fromAddress).not.toMatch(/[\r\n]/);
    expect(row!.fromAddress).toMatch(new RegExp(`<${OFFICE.replace(/[.]/g, '\\.')}>$`));
    expect(row!.fromAddress.match(/</g)).toHaveLength(1);
  });

  it("sends to a recipient and records it on the lead it is about; a recipient does not see another's address", async () => {
    const agent = await dana();
    const response = await agent.send({ to: 'RILEY@example.com', subject: 'Pat Owner wants a call' });
    expect(response.statusCode).toBe(202);
    const [row] = await outbox();
    expect(row).toMatchObject({ toAddress: 'riley@example.com', replyTo: agent.user.email });

    const detail = await ctx.app.inject({
      url: `/api/portal/me/leads/${agent.lead.id}`,
      headers: agent.headers,
    });
    const event = detail.json().events.find((e: { kind: string }) => e.kind === 'email_sent');
    expect(event.details).toMatchObject({
      to: 'riley@example.com',
      to_kind: 'recipient',
      recipient_id: agent.riley.id,
      subject: 'Pat Owner wants a call',
    });

    // Sam, another recipient the lead went to, sees that an e-mail went out, not to whom.
    const [sam] = await db()
      .insert(recipients)
      .values({
        agentId: agent.agent.id,
        firstName: 'Sam',
        email: 'sam@example.com',
        emailConfirmedAt: new Date(),
      })
      .returning();
    await db().insert(outboxMessages).values({
      channel: 'email',
      toAddress: 'sam@example.com',
      fromAddress: OFFICE,
      textBody: 'lead',
      leadId: agent.lead.id,
      recipientId: sam!.id,
    });
    const token = await startRecipientSession(db(), { recipientId: sam!.id });
    const asSam = await ctx.app.inject({
      url: `/api/portal/me/leads/${agent.lead.id}`,
      headers: { 'x-recipient-session': token },
    });
    expect(asSam.json().events.find((e: { kind: string }) => e.kind === 'email_sent').details).toMatchObject({
      to: null,
      subject: 'Pat Owner wants a call',
    });
  });

  it('sends from the agent’s verified address or the office address only', async () => {
    const agent = await dana();
    const someoneElse = await agent.send({ from_email: 'boss@brokerage.example' });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().detail).toBe(SEND_EMAIL_DETAIL.foreignSender);

    const office = await agent.send({ from_email: OFFICE.toUpperCase() });
    expect(office.statusCode).toBe(202);
    const [row] = await outbox();
    expect(row).toMatchObject({ replyTo: OFFICE, fromAddress: `"Dana Reyes via Agent Portal" <${OFFICE}>` });

    const unverified = await dana({ isVerified: false });
    const refused = await unverified.send({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SEND_EMAIL_DETAIL.unverifiedSender);
    expect(await outbox()).toHaveLength(1);
  });

  it('refuses CR/LF and control characters in the headers, naming the field', async () => {
    const agent = await dana();
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: 'Hello\r\nBcc: victim@example.com' }, 'subject: Subject cannot contain line breaks'],
      [{ subject: 'Hello\n' }, 'subject: Subject cannot contain line breaks'],
      [{ to: 'pat@example.com\r\nBcc: victim@example.com' }, 'to: To cannot contain line breaks'],
      [{ from_email: `${agent.user.email}\n` }, 'from_email: From cannot contain line breaks'],
      [{ subject: `Tab\there` }, 'subject: Subject cannot contain'],
      [{ subject: '' }, 'subject: Subject is required'],
      [{ subject: 'x'.repeat(201) }, 'subject: Subject is too long'],
      [{ message: 'x'.repeat(50_001) }, 'message: Message is too long'],
      [{ to: 'not-an-address' }, 'to: To must be a valid e-mail address'],
      [{ lead_id: 'nope' }, 'lead_id: Lead not found'],
    ];
    for (const [payload, detail] of cases) {
      const response = await agent.send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    expect(await outbox()).toHaveLength(0);
  });

  it('is rate limited per target address, with Retry-After', async () => {
    const agent = await dana();
    for (let i = 0; i < 5; i++) expect((await agent.send({ subject: `Mail ${i}` })).statusCode).toBe(202);
    const limited = await agent.send({ subject: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toHaveProperty('detail');
    expect(await outbox()).toHaveLength(5);
    // Another target is still open.
    expect((await agent.send({ to: 'riley@example.com' })).statusCode).toBe(202);
  });

  it('answers 401 without a session and 403 for users who are not agents', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: { from_email: OFFICE, to: 'pat@example.com', subject: 'x', message: '<p>x</p>' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const role of [
      { userRole: 'team_member' as const, isTeamMember: true },
      { userRole: 'corporate' as const },
      { userRole: 'superuser' as const, isSuperuser: true },
    ]) {
      const who = await seedUser(db(), role);
      const { accessToken } = await login(ctx.app, who.user.email, who.password);
      const response = await ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(accessToken),
        payload: { from_email: who.user.email, to: 'pat@example.com', subject: 'x', message: '<p>x</p>' },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await outbox()).toHaveLength(0);
  });
});

describe('GET /api/portal/agents/send-email/options', () => {
  it('offers the agent’s verified address and the office, the lead and the recipients with an e-mail', async () => {
    const agent = await dana();
    await db()
      .insert(recipients)
      .values({ agentId: agent.agent.id, firstName: 'No', lastName: 'Mail', email: '', position: 2 });
    const response = await ctx.app.inject({
      url: `/api/portal/agents/send-email/options?lead_id=${agent.lead.id}`,
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: [
        { email: agent.user.email, label: 'Your address', kind: 'own' },
        { email: OFFICE, label: 'The office', kind: 'office' },
      ],
      to: [
        { email: 'pat@example.com', label: 'Pat Owner (lead)', kind: 'lead' },
        { email: 'riley@example.com', label: 'Riley Helper (recipient)', kind: 'recipient' },
      ],
      awaiting_confirmation: [],
    });

    const other = await agentSession(ctx);
    const otherLead = await seedLead(db(), other.agent.id);
    const foreign = await ctx.app.inject({
      url: `/api/portal/agents/send-email/options?lead_id=${otherLead.id}`,
      headers: agent.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const unverified = await dana({ isVerified: false });
    const options = await ctx.app.inject({
      url: '/api/portal/agents/send-email/options',
      headers: unverified.headers,
    });
    expect(options.json().from).toEqual([{ email: OFFICE, label: 'The office', kind: 'office' }]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the composer from its schemas', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const send = doc.paths['/portal/agents/send-email'].post;
    const body = send.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['from_email', 'to', 'subject', 'message']));
    expect(Object.keys(body.properties)).toContain('lead_id');
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['202', '400', '403', '404', '429']));
    expect(doc.paths['/portal/agents/send-email/options'].get).toBeDefined();
  });
});

describe('the per-agent limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ env: { RATE_LIMIT_AGENT_EMAIL_PER_AGENT: '2' } });
  });
  afterAll(() => limited.close());

  it('counts every address the agent writes to', async () => {
    const session = await agentSession(limited, { agent: { agentFirstName: 'Dana' } });
    const addresses = ['a@example.com', 'b@example.com', 'c@example.com'];
    for (const email of addresses) await seedLead(limited.deps.database.db, session.agent.id, { email });
    const statuses: number[] = [];
    for (const to of addresses) {
      const response = await limited.app.inject({
        method: 'POST',
        url: URL,
        headers: session.headers,
        payload: { from_email: OFFICE, to, subject: 'Hello', message: '<p>Hello</p>' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });
});
