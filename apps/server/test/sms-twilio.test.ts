import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError } from '../src/config';
import { outboxMessages } from '../src/db/schema';
import { addSms, deliverMessage, dispatch, MAX_ATTEMPTS } from '../src/lib/outbox';
import { notifyOfficeOfFailedTest } from '../src/modules/signup-tests/report-failure';
import { SmsProviderError } from '../src/providers/sms/interface';
import { TwilioSmsProvider } from '../src/providers/sms/twilio';
import {
  bearer,
  createTestContext,
  drainJobs,
  eventually,
  login,
  type TestContext,
  testConfig,
} from './helpers/app';
import { seedAgent, seedUser } from './helpers/factories';
import { type Answer, FakeTwilio } from './helpers/fake-twilio';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token';
const FROM = '+15005550006';

/** Twilio's answer for an invalid To number (error 21211). */
const invalidTo = (to: string): Answer => ({
  status: 400,
  body: {
    code: 21211,
    message: `The 'To' number ${to} is not a valid phone number.`,
    more_info: 'https://www.twilio.com/docs/errors/21211',
    status: 400,
  },
});

const twilioEnv = (fake: FakeTwilio) => ({
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM_NUMBER: FROM,
  TWILIO_API_BASE: fake.url,
});

describe('Twilio configuration', () => {
  it('uses Twilio only with account, token and sender, and then turns the dev mailbox off', () => {
    expect(testConfig().twilio).toBeNull();
    expect(testConfig().devMailbox).toBe(true);
    const config = testConfig({
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM_NUMBER: FROM,
    });
    expect(config.twilio).toMatchObject({
      accountSid: SID,
      fromNumber: FROM,
      apiBase: 'https://api.twilio.com',
    });
    expect(config.smsFrom).toBe(FROM);
    expect(config.devMailbox).toBe(false);
    expect(() => testConfig({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN })).toThrow(ConfigError);
    expect(() => testConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(
      /missing: TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER/,
    );
    expect(testConfig({ RATE_LIMIT_TEST_SEND_PER_AGENT: '7' }).rateLimits).toMatchObject({
      testSendPerAgent: 7,
      testSendPerRecipient: 5,
    });
  });
});

describe('the Twilio adapter against a fake Twilio', () => {
  let fake: FakeTwilio;
  beforeEach(async () => {
    fake = new FakeTwilio();
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('posts the form to the Messages resource with Basic auth', async () => {
    const provider = new TwilioSmsProvider({ accountSid: SID, authToken: TOKEN, apiBase: `${fake.url}/` });
    const result = await provider.send({ id: 'm1', to: '+16025550142', from: FROM, body: 'Hello & welcome' });
    expect(result.providerMessageId).toMatch(/^SM/);
    const [request] = fake.received;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${SID}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+16025550142', From: FROM, Body: 'Hello & welcome' },
    });
  });

  it('places a call notification through the Calls resource, reading the script out (TwiML, escaped)', async () => {
    const provider = new TwilioSmsProvider({ accountSid: SID, authToken: TOKEN, apiBase: fake.url });
    await provider.call({ id: 'c1', to: '+16025550142', from: FROM, body: 'New lead: Jo & <Al>' });
    const [request] = fake.received;
    expect(request).toMatchObject({
      path: `/2010-04-01/Accounts/${SID}/Calls.json`,
      form: {
        To: '+16025550142',
        From: FROM,
        Twiml: '<Response><Say voice="alice">New lead: Jo &amp; &lt;Al&gt;</Say></Response>',
      },
    });
    fake.answer = () => ({
      status: 400,
      body: { code: 21217, message: 'Phone number does not appear to be valid' },
    });
    await expect(provider.call({ id: 'c2', to: '+1', from: FROM, body: 'x' })).rejects.toMatchObject({
      message: 'Twilio refused the call (error 21217): Phone number does not appear to be valid',
      permanent: true,
    });
  });

  it("throws Twilio's message and code; a 4xx is permanent, a 5xx or no answer is not", async () => {
    const provider = new TwilioSmsProvider({ accountSid: SID, authToken: TOKEN, apiBase: fake.url });
    fake.answer = (request) => invalidTo(request.form.To!);
    const refused = await provider.send({ id: 'm2', to: '+1555', from: FROM, body: 'x' }).catch((e) => e);
    expect(refused).toBeInstanceOf(SmsProviderError);
    expect(refused).toMatchObject({ code: 21211, status: 400, permanent: true });
    expect(refused.message).toBe(
      "Twilio refused the message (error 21211): The 'To' number +1555 is not a valid phone number.",
    );

    fake.answer = () => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } });
    await expect(
      provider.send({ id: 'm3', to: '+16025550142', from: FROM, body: 'x' }),
    ).rejects.toMatchObject({
      permanent: false,
      message: 'Twilio refused the message (error 20503): Service unavailable',
    });

    await fake.stop();
    await expect(
      provider.send({ id: 'm4', to: '+16025550142', from: FROM, body: 'x' }),
    ).rejects.toMatchObject({
      permanent: false,
      message: expect.stringMatching(/^Twilio could not be reached: /),
    });
  });
});

describe('test SMS through Twilio', () => {
  let fake: FakeTwilio;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = new FakeTwilio();
    await fake.start();
    ctx = await createTestContext({ env: twilioEnv(fake), workers: true });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });
  beforeEach(async () => {
    await ctx.reset();
    fake.received = [];
    fake.answer = null;
  });

  async function agentHeaders(email = 'twilio-agent@example.com') {
    const seeded = await seedAgent(ctx.deps.database.db, { user: { email } });
    const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
    return bearer(accessToken);
  }

  const sendTest = (headers: Record<string, string>, overrides: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/portal/agents/send-test-sms',
      headers,
      payload: {
        first_name: 'Dana',
        last_name: 'Reyes',
        phone: '(602) 555-0142',
        is_retry: false,
        notify_team_on_failure: false,
        ...overrides,
      },
    });

  const status = async (headers: Record<string, string>, id: string) =>
    (await ctx.app.inject({ url: `/api/portal/agents/test-messages/${id}`, headers })).json();

  it('hands the test message to Twilio in E.164 from the configured number', async () => {
    const headers = await agentHeaders();
    const response = await sendTest(headers);
    expect(response.json().status).toBe('OK');
    const id = response.json().message_id;
    await eventually(async () => (await status(headers, id)).status === 'sent');
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]!.form).toEqual({
      To: '+16025550142',
      From: FROM,
      Body: expect.stringMatching(/^Hi Dana, this is your test message from the agent portal\./),
    });
    const [row] = await ctx.deps.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({
      provider: 'twilio',
      fromAddress: FROM,
      providerMessageId: expect.stringMatching(/^SM/),
    });

    // SMS leaves the machine: no dev mailbox.
    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    expect((await ctx.app.inject({ url: '/api/dev/mailbox', headers: bearer(accessToken) })).statusCode).toBe(
      404,
    );
  });

  it("records Twilio's refusal as a failed delivery, tells the office if asked, and never retries it", async () => {
    fake.answer = (request) => invalidTo(request.form.To!);
    const headers = await agentHeaders('refused@example.com');
    const response = await sendTest(headers, { notify_team_on_failure: true });
    expect(response.json().status).toBe('OK');
    const id = response.json().message_id;
    const failed = await eventually(async () => {
      const answer = await status(headers, id);
      return answer.status === 'failed' ? answer : null;
    });
    expect(failed).toEqual({
      id,
      channel: 'sms',
      status: 'failed',
      attempts: 1,
      last_error:
        "Twilio refused the message (error 21211): The 'To' number +16025550142 is not a valid phone number.",
    });
    const office = await eventually(async () => {
      const [row] = await ctx.deps.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, 'office@agentportal.local'));
      return row;
    });
    expect(office.textBody).toContain('Provider error: Twilio refused the message (error 21211)');
    // Nothing left to send or being sent: a retry could only have gone out by now.
    await drainJobs(ctx);
    expect(fake.received).toHaveLength(1);
  });

  it('keeps a passing failure for a retry and fails it after the last attempt', async () => {
    fake.answer = () => ({ status: 500, body: { code: 20500, message: 'Internal Server Error' } });
    // Delivered by hand, attempt by attempt.
    ctx.dispatcher!.pause();
    onTestFinished(() => ctx.dispatcher!.resume());
    const id = await addSms(ctx.deps.database.db, ctx.deps.config, { to: '+16025550142', body: 'retry me' });
    const deps = {
      db: ctx.deps.database.db,
      mail: ctx.deps.providers.mail,
      sms: ctx.deps.providers.sms,
      onFinalFailure: (message: Parameters<typeof notifyOfficeOfFailedTest>[1]) =>
        notifyOfficeOfFailedTest(ctx.deps, message),
    };
    expect(await deliverMessage(deps, id)).toBe('retry');
    const [waiting] = await ctx.deps.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    // The last attempt: a passing failure now fails for good.
    await ctx.deps.database.db
      .update(outboxMessages)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outboxMessages.id, id));
    expect(await deliverMessage(deps, id)).toBe('failed');
    const [failed] = await ctx.deps.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'Twilio refused the message (error 20500): Internal Server Error',
    });
  });

  it('while Twilio is down the API answers as usual; once it is back the SMS goes out exactly once', async () => {
    const headers = await agentHeaders('patient@example.com');
    const port = fake.port;
    await fake.stop();
    try {
      const response = await sendTest(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('OK');
      const id = response.json().message_id;
      const waiting = await eventually(async () => {
        const answer = await status(headers, id);
        return answer.attempts >= 1 && answer.status === 'queued' ? answer : null;
      });
      expect(waiting.last_error).toMatch(/^Twilio could not be reached: /);

      // Direct attempts while down keep it queued.
      const deps = { db: ctx.deps.database.db, mail: ctx.deps.providers.mail, sms: ctx.deps.providers.sms };
      expect(await deliverMessage(deps, id)).toBe('retry');

      await fake.start(port);
      // Two attempts at once by hand, then the dispatcher woken and its own retry: one SMS.
      const results = await Promise.all([deliverMessage(deps, id), deliverMessage(deps, id)]);
      expect(results.filter((r) => r === 'sent').length).toBeLessThanOrEqual(1);
      dispatch(ctx.deps.queue);
      await eventually(async () => (await status(headers, id)).status === 'sent');
      // Nothing left to send or being sent: a second SMS could only have gone out by now.
      await drainJobs(ctx);
      expect(fake.received).toHaveLength(1);
      expect(await status(headers, id)).toMatchObject({ status: 'sent', last_error: null });
    } finally {
      if (!fake.running) await fake.start(port);
    }
  });
});
