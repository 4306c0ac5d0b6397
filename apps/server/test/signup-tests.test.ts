import { ERROR, FAILURE_REPORTED_MESSAGE, PHONE_MESSAGE } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { agents, auditLog, outboxMessages } from '../src/db/schema';
import { deliverMessage, MAX_ATTEMPTS } from '../src/lib/outbox';
import { notifyOfficeOfFailedTest } from '../src/modules/signup-tests/report-failure';
import { type SmsProvider, SmsProviderError } from '../src/providers/sms/interface';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, drainJobs, eventually, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

const OFFICE = 'office@agentportal.local';
const SMS_BODY =
  'Hi Dana, this is your test message from the agent portal. No reply is needed: go back to the portal and tell us it arrived.';

const smsPayload = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  phone: '(602) 555-0142',
  is_retry: false,
  notify_team_on_failure: false,
  ...overrides,
});

async function signedInAgent(
  ctx: TestContext,
  email = `agent-${Math.random().toString(16).slice(2)}@example.com`,
) {
  return agentSession(ctx, {
    user: { email },
    agent: { agentFirstName: 'Dana', agentLastName: 'Reyes', agentPhone: '+16025550142' },
  });
}

const post = (ctx: TestContext, url: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/portal/agents/${url}`, headers, payload });

const statusOf = (ctx: TestContext, headers: Record<string, string>, id: string) =>
  ctx.app.inject({ url: `/api/portal/agents/test-messages/${id}`, headers });

async function messageRow(ctx: TestContext, id: string) {
  const [row] = await ctx.deps.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row!;
}

const officeMail = (ctx: TestContext) =>
  ctx.deps.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, OFFICE));

describe('test SMS and e-mail of the signup wizard (embedded outbox)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: true });
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.reset());

  it('queues a test SMS in E.164, delivers it by job and shows it in the dev mailbox as sms', async () => {
    const agent = await signedInAgent(ctx);
    const response = await post(ctx, 'send-test-sms', agent.headers, smsPayload());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'OK', message_id: expect.any(String) });
    // The agent reads the number as everywhere else in the portal; the message goes out in E.164.
    expect(body.message).toBe(
      'We sent a test text message to (602) 555-0142. It should arrive within a minute.',
    );

    const row = await messageRow(ctx, body.message_id);
    expect(row).toMatchObject({ channel: 'sms', toAddress: '+16025550142', textBody: SMS_BODY });

    const sent = await eventually(async () => {
      const answer = (await statusOf(ctx, agent.headers, body.message_id)).json();
      return answer.status === 'sent' ? answer : null;
    });
    expect(sent).toEqual({
      id: body.message_id,
      channel: 'sms',
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    expect((await messageRow(ctx, body.message_id)).provider).toBe('outbox');

    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    const mailbox = await ctx.app.inject({ url: '/api/dev/mailbox', headers: bearer(accessToken) });
    expect(mailbox.json().items[0]).toMatchObject({
      channel: 'sms',
      to: '+16025550142',
      text: SMS_BODY,
      status: 'sent',
      subject: null,
    });

    const [entry] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'signup_sms_test_sent'));
    expect(entry).toMatchObject({ actorId: agent.user.id, targetId: agent.agent.id });
  });

  it('refuses bad SMS input with a message that says what is wrong', async () => {
    const agent = await signedInAgent(ctx);
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ phone: '123' }, PHONE_MESSAGE],
      [{ phone: '' }, 'Phone number is required'],
      [{ first_name: '' }, 'First name is required'],
      [{ last_name: '   ' }, 'Last name is required'],
      [{ first_name: 'Visit http://spam.example' }, /First name can only contain letters/],
      [{ is_retry: 'yes' }, /is_retry/],
    ];
    for (const [change, message] of cases) {
      const response = await post(ctx, 'send-test-sms', agent.headers, smsPayload(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().detail).toMatch(message);
    }
    const { phone: _phone, ...withoutPhone } = smsPayload();
    expect((await post(ctx, 'send-test-sms', agent.headers, withoutPhone)).json().detail).toMatch(/^phone: /);
    expect(await ctx.deps.database.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('needs a signed-in agent', async () => {
    const anonymous = await post(ctx, 'send-test-sms', {}, smsPayload());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: ERROR.notAuthenticated });

    const corporate = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    const { accessToken } = await login(ctx.app, corporate.user.email, corporate.password);
    for (const [url, payload] of [
      ['send-test-sms', smsPayload()],
      ['send-test-email', { ...smsPayload(), agent_email: corporate.user.email }],
      ['report-sms-failure', { ...smsPayload(), attempt_number: 1 }],
    ] as const) {
      const response = await post(ctx, url, bearer(accessToken), payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: ERROR.agentProfileNotAvailable });
    }
  });

  it("shows a test message's delivery only to the agent who sent it", async () => {
    const owner = await signedInAgent(ctx);
    const other = await signedInAgent(ctx);
    const { message_id: id } = (await post(ctx, 'send-test-sms', owner.headers, smsPayload())).json();
    expect((await statusOf(ctx, owner.headers, id)).statusCode).toBe(200);
    expect((await statusOf(ctx, {}, id)).statusCode).toBe(401);
    const foreign = await statusOf(ctx, other.headers, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Test message not found' });
    expect((await statusOf(ctx, owner.headers, 'not-a-uuid')).statusCode).toBe(404);
    expect((await statusOf(ctx, owner.headers, crypto.randomUUID())).statusCode).toBe(404);

    // An account e-mail in the same outbox is not a test message, even for its owner.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset/request',
      payload: { email: owner.user.email },
    });
    const reset = await eventually(async () => {
      const [row] = await ctx.deps.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, 'password_reset'));
      return row;
    });
    expect((await statusOf(ctx, owner.headers, reset.id)).statusCode).toBe(404);
  });

  it("sends the test e-mail to the agent's own addresses only", async () => {
    const agent = await signedInAgent(ctx, 'dana@example.com');
    const own = await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: '  Dana@Example.com ',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'OK', message_id: expect.any(String) });
    expect(own.json().message).toContain('dana@example.com');
    const row = await messageRow(ctx, own.json().message_id);
    expect(row).toMatchObject({
      channel: 'email',
      toAddress: 'dana@example.com',
      subject: 'Your test e-mail from the agent portal',
      template: 'signup_test_email',
    });
    expect(row.textBody).toMatch(/^Hi Dana,/);
    await eventually(async () => (await statusOf(ctx, agent.headers, row.id)).json().status === 'sent');

    // The agent record's own e-mail (agent_email) counts as the agent's too.
    await ctx.deps.database.db
      .update(agents)
      .set({ agentEmail: 'dana.reyes@realty.example' })
      .where(eq(agents.id, agent.agent.id));
    const second = await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: 'dana.reyes@realty.example',
    });
    expect(second.json().status).toBe('OK');

    const stranger = await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: 'someone.else@example.com',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ detail: 'Test e-mails go to your own address' });

    const invalid = await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: 'not-an-email',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe('agent_email: Please enter a valid email address');
    const missing = await post(ctx, 'send-test-email', agent.headers, smsPayload());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^agent_email: /);
  });

  it('records an SMS failure report, answers "no" for the step and e-mails the office', async () => {
    const agent = await signedInAgent(ctx, 'report@example.com');
    const response = await post(ctx, 'report-sms-failure', agent.headers, {
      phone: '602-555-0142',
      first_name: 'Dana',
      last_name: 'Reyes',
      attempt_number: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', message: FAILURE_REPORTED_MESSAGE });

    const me = await ctx.app.inject({ url: '/api/portal/me', headers: agent.headers });
    expect(me.json().agent_profile).toMatchObject({ sms_test: 'no', email_test: 'pending' });

    const [mail] = await officeMail(ctx);
    expect(mail!.subject).toBe('Test SMS failed: Dana Reyes');
    expect(mail!.textBody).toContain('Dana Reyes reported that the test text message did not arrive.');
    expect(mail!.textBody).toContain('Account e-mail: report@example.com');
    expect(mail!.textBody).toContain('Phone tried: (602) 555-0142');
    expect(mail!.textBody).toContain('Attempt number: 2');
    await eventually(async () => (await messageRow(ctx, mail!.id)).status === 'sent');

    const [entry] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'signup_sms_test_failed'));
    expect(entry).toMatchObject({
      actorId: agent.user.id,
      details: { tried: '+16025550142', attempt_number: 2 },
    });

    // The wizard may now leave the sms step although the message never arrived.
    await ctx.deps.database.db
      .update(agents)
      .set({ signupStatus: 'sms' })
      .where(eq(agents.id, agent.agent.id));
    const next = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/agent_profile',
      headers: agent.headers,
      payload: { signup_status: 'email' },
    });
    expect(next.statusCode).toBe(200);
  });

  it('records an e-mail failure report and e-mails the office', async () => {
    const agent = await signedInAgent(ctx, 'mailfail@example.com');
    const response = await post(ctx, 'report-email-failure', agent.headers, {
      agent_email: 'mailfail@example.com',
      first_name: 'Dana',
      last_name: 'Reyes',
      attempt_number: 3,
    });
    expect(response.json()).toEqual({ status: 'OK', message: FAILURE_REPORTED_MESSAGE });
    const me = await ctx.app.inject({ url: '/api/portal/me', headers: agent.headers });
    expect(me.json().agent_profile).toMatchObject({ sms_test: 'pending', email_test: 'no' });
    const [mail] = await officeMail(ctx);
    expect(mail!.subject).toBe('Test e-mail failed: Dana Reyes');
    expect(mail!.textBody).toContain('Address tried: mailfail@example.com');
    expect(mail!.textBody).toContain('Phone on the profile: (602) 555-0142');
    expect(mail!.textBody).toContain('Attempt number: 3');
  });

  it('refuses bad failure reports', async () => {
    const agent = await signedInAgent(ctx);
    const sms = { phone: '602-555-0142', first_name: 'Dana', last_name: 'Reyes', attempt_number: 1 };
    const cases: [string, Record<string, unknown>, RegExp | string][] = [
      ['report-sms-failure', { ...sms, phone: '555' }, PHONE_MESSAGE],
      ['report-sms-failure', { ...sms, attempt_number: 0 }, 'attempt_number: attempt_number starts at 1'],
      ['report-sms-failure', { ...sms, attempt_number: 1.5 }, /whole number/],
      ['report-sms-failure', { ...sms, attempt_number: '2' }, /attempt_number must be a number/],
      ['report-sms-failure', { ...sms, first_name: '' }, 'first_name: First name is required'],
      [
        'report-email-failure',
        { ...sms, phone: undefined, agent_email: 'nope' },
        'agent_email: Please enter a valid email address',
      ],
    ];
    for (const [url, payload, message] of cases) {
      const response = await post(ctx, url, agent.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toMatch(message);
    }
    expect(await officeMail(ctx)).toHaveLength(0);
    expect((await post(ctx, 'report-sms-failure', {}, sms)).statusCode).toBe(401);
  });
});

describe('rate limits on test sends', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { RATE_LIMIT_TEST_SEND_PER_AGENT: '2', RATE_LIMIT_TEST_SEND_PER_RECIPIENT: '3' },
    });
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.reset());

  it('limits test sends per agent, with Retry-After', async () => {
    const agent = await signedInAgent(ctx, 'limited@example.com');
    for (const n of [1, 2]) {
      const ok = await post(ctx, 'send-test-sms', agent.headers, smsPayload({ is_retry: n > 1 }));
      expect(ok.json().status).toBe('OK');
    }
    const limited = await post(ctx, 'send-test-sms', agent.headers, smsPayload({ phone: '480-555-0199' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: ERROR.tooManyRequests });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // E-mail has its own allowance.
    const email = await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: 'limited@example.com',
    });
    expect(email.json().status).toBe('OK');
    await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: 'limited@example.com',
    });
    const third = await post(ctx, 'send-test-email', agent.headers, {
      ...smsPayload(),
      agent_email: 'limited@example.com',
    });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    const rows = await ctx.deps.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, 'sms'));
    expect(rows).toHaveLength(2);
  });

  it('limits test sends per recipient phone, whoever sends them', async () => {
    const first = await signedInAgent(ctx);
    const second = await signedInAgent(ctx);
    expect((await post(ctx, 'send-test-sms', first.headers, smsPayload())).json().status).toBe('OK');
    expect((await post(ctx, 'send-test-sms', first.headers, smsPayload())).json().status).toBe('OK');
    // The same number written another way is the same recipient.
    expect(
      (await post(ctx, 'send-test-sms', second.headers, smsPayload({ phone: '+1 602 555 0142' }))).json()
        .status,
    ).toBe('OK');
    const limited = await post(ctx, 'send-test-sms', second.headers, smsPayload({ phone: '6025550142' }));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another number is still fine for a third agent.
    const third = await signedInAgent(ctx);
    expect(
      (await post(ctx, 'send-test-sms', third.headers, smsPayload({ phone: '480-555-0199' }))).json().status,
    ).toBe('OK');
  });

  it('limits failure reports per agent', async () => {
    const agent = await signedInAgent(ctx);
    const report = { phone: '602-555-0142', first_name: 'Dana', last_name: 'Reyes', attempt_number: 1 };
    expect((await post(ctx, 'report-sms-failure', agent.headers, report)).statusCode).toBe(200);
    expect((await post(ctx, 'report-sms-failure', agent.headers, report)).statusCode).toBe(200);
    const limited = await post(ctx, 'report-sms-failure', agent.headers, report);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await officeMail(ctx)).toHaveLength(2);
  });
});

/** An SMS provider that refuses every message, as a real one would for a dead number. */
class RefusingSms implements SmsProvider {
  readonly name = 'refusing';
  calls = 0;
  constructor(private readonly permanent: boolean) {}
  async send(): Promise<{ providerMessageId: string }> {
    this.calls += 1;
    throw new SmsProviderError('The number is not reachable', { permanent: this.permanent, code: 30003 });
  }
  async call(): Promise<{ providerMessageId: string }> {
    return this.send();
  }
}

describe('notify_team_on_failure', () => {
  let ctx: TestContext;
  const sms = new RefusingSms(true);
  beforeAll(async () => {
    ctx = await createTestContext({ providers: { sms }, workers: true });
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.reset());

  it('e-mails the office when the delivery fails for good', async () => {
    const agent = await signedInAgent(ctx, 'unlucky@example.com');
    const response = await post(
      ctx,
      'send-test-sms',
      agent.headers,
      smsPayload({ notify_team_on_failure: true }),
    );
    const id = response.json().message_id;
    const failed = await eventually(async () => {
      const answer = (await statusOf(ctx, agent.headers, id)).json();
      return answer.status === 'failed' ? answer : null;
    });
    expect(failed).toMatchObject({ attempts: 1, last_error: 'The number is not reachable' });

    const [mail] = await eventually(async () => {
      const rows = await officeMail(ctx);
      return rows.length > 0 ? rows : null;
    });
    expect(mail!.subject).toBe('Test SMS undeliverable: Dana Reyes');
    expect(mail!.textBody).toContain('The test text message to Dana Reyes could not be delivered.');
    expect(mail!.textBody).toContain('Account e-mail: unlucky@example.com');
    expect(mail!.textBody).toContain('Phone tried: (602) 555-0142');
    expect(mail!.textBody).toContain('Provider error: The number is not reachable');
    await drainJobs(ctx);
    expect(await officeMail(ctx)).toHaveLength(1);
    expect((await messageRow(ctx, mail!.id)).status).toBe('sent');
  });

  it('leaves the office alone when the agent did not ask for it', async () => {
    const agent = await signedInAgent(ctx);
    const id = (await post(ctx, 'send-test-sms', agent.headers, smsPayload())).json().message_id;
    await eventually(async () => (await statusOf(ctx, agent.headers, id)).json().status === 'failed');
    await drainJobs(ctx);
    expect(await officeMail(ctx)).toHaveLength(0);
  });

  it('waits for the last attempt of a passing failure before telling the office', async () => {
    const agent = await signedInAgent(ctx);
    const flaky = new RefusingSms(false);
    // Written with delivery paused: deliver it by hand, attempt by attempt.
    ctx.dispatcher!.pause();
    onTestFinished(() => ctx.dispatcher!.resume());
    const id = (
      await post(ctx, 'send-test-sms', agent.headers, smsPayload({ notify_team_on_failure: true }))
    ).json().message_id;
    const deps = {
      db: ctx.deps.database.db,
      mail: ctx.deps.providers.mail,
      sms: flaky,
      onFinalFailure: (message: Parameters<typeof notifyOfficeOfFailedTest>[1]) =>
        notifyOfficeOfFailedTest(ctx.deps, message),
    };
    expect(await deliverMessage(deps, id)).toBe('retry');
    expect(await messageRow(ctx, id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await statusOf(ctx, agent.headers, id)).json()).toMatchObject({
      status: 'queued',
      last_error: 'The number is not reachable',
    });
    expect(await officeMail(ctx)).toHaveLength(0);

    // The last attempt: a passing failure now fails for good.
    await ctx.deps.database.db
      .update(outboxMessages)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outboxMessages.id, id));
    expect(await deliverMessage(deps, id)).toBe('failed');
    expect(await messageRow(ctx, id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await officeMail(ctx)).toHaveLength(1);
  });
});
