import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, openPostgres } from '../src/db/client';
import { messageAttempts, outboxMessages } from '../src/db/schema';
import { type Dispatcher, startDispatcher } from '../src/jobs/dispatcher';
import { Bell } from '../src/jobs/queue';
import {
  addEmail,
  addSms,
  backoffSeconds,
  claimDue,
  type DeliveryDeps,
  deliverClaimed,
} from '../src/lib/outbox';
import type { MailMessage, MailProvider } from '../src/providers/mail/interface';
import { SmtpMailProvider } from '../src/providers/mail/smtp';
import { type SmsMessage, type SmsProvider, SmsProviderError } from '../src/providers/sms/interface';
import { TwilioSmsProvider } from '../src/providers/sms/twilio';
import { createTestContext, eventually, type TestContext } from './helpers/app';
import { lastMessageTo, seedUser } from './helpers/factories';
import { FakeTwilio } from './helpers/fake-twilio';
import { LoopbackSmtp } from './helpers/smtp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records what it was handed, in order, taking `delayMs` for each like a provider on a network. */
class RecordingMail implements MailProvider {
  readonly name = 'recording';
  sent: MailMessage[] = [];
  constructor(private readonly delayMs = 0) {}
  async send(message: MailMessage) {
    await sleep(this.delayMs);
    this.sent.push(message);
    return { providerMessageId: `rec:${message.id}` };
  }
}

class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  sent: { message: SmsMessage; at: number }[] = [];
  /** Answers before accepting: a refusal to throw, or null to accept. */
  refuse: ((message: SmsMessage) => Error | null) | null = null;
  async send(message: SmsMessage) {
    const refusal = this.refuse?.(message);
    if (refusal) throw refusal;
    this.sent.push({ message, at: Date.now() });
    return { providerMessageId: `rec:${message.id}` };
  }
  async call(message: SmsMessage) {
    return this.send(message);
  }
}

async function queueEmails(ctx: TestContext, count: number, template = 'lead_email') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await addEmail(ctx.deps.database.db, ctx.deps.config, {
        to: `agent${i}@example.com`,
        subject: `New seller lead ${i}`,
        text: 'A lead',
        template,
      }),
    );
  }
  return ids;
}

async function statuses(db: Database['db'], ids: string[]) {
  const rows = await db
    .select({ id: outboxMessages.id, status: outboxMessages.status, attempts: outboxMessages.attempts })
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids));
  return rows;
}

describe('the delivery dispatcher', () => {
  let ctx: TestContext;
  const running: Dispatcher[] = [];
  const start = (deps: DeliveryDeps, options: Parameters<typeof startDispatcher>[2] = {}) => {
    const dispatcher = startDispatcher(deps, new Bell(), { idleMs: 50, ...options });
    running.push(dispatcher);
    return dispatcher;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    await ctx.reset();
  });

  it('delivers each message of a batch exactly once across two workers and a crashed one', async () => {
    const ids = await queueEmails(ctx, 240);
    // A worker claims 40 messages and dies before sending them (nothing more happens to them).
    const crashed = await claimDue(ctx.deps.database.db, 'email', 40, 1);
    expect(crashed).toHaveLength(40);

    // Two live workers on their own connections (on PostgreSQL: two pools, as two processes).
    const second = ctx.testDb.url ? await openPostgres(ctx.testDb.url, { max: 3 }) : ctx.deps.database;
    onTestFinished(async () => {
      if (second !== ctx.deps.database) await second.close();
    });
    const one = new RecordingMail(2);
    const two = new RecordingMail(2);
    start({ db: ctx.deps.database.db, mail: one });
    start({ db: second.db, mail: two });

    await eventually(
      async () => (await statuses(ctx.deps.database.db, ids)).every((row) => row.status === 'sent'),
      20_000,
    );
    const handed = [...one.sent, ...two.sent].map((m) => m.id);
    expect(handed).toHaveLength(240);
    expect(new Set(handed).size).toBe(240);
    // Both took a share.
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
    // The dead worker's messages went out once its claim lapsed: a second attempt, one send.
    const rows = await statuses(
      ctx.deps.database.db,
      crashed.map((m) => m.id),
    );
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 2)).toBe(true);
  });

  it('waits as long as a 429 asked, holds the lane meanwhile, records it and does not count it', async () => {
    const sms = new RecordingSms();
    sms.refuse = () =>
      new SmsProviderError('Twilio refused the message (error 20429): Too Many Requests', {
        status: 429,
        retryAfterSeconds: 30,
      });
    const db = ctx.deps.database.db;
    const first = await addSms(db, ctx.deps.config, { to: '+16025550142', body: 'one' });
    start({ db, mail: new RecordingMail(), sms });
    const [attempt] = await eventually(async () => {
      const rows = await db.select().from(messageAttempts).where(eq(messageAttempts.messageId, first));
      return rows.length > 0 ? rows : null;
    });
    expect(attempt).toMatchObject({ status: 'failed', providerStatus: 429 });
    expect(attempt!.error).toMatch(/Too Many Requests/);
    expect(attempt!.retryAt!.getTime() - attempt!.createdAt.getTime()).toBeGreaterThanOrEqual(29_000);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, first));
    // Queued for the time asked, without losing one of its attempts.
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);

    // Written while the lane waits: not handed over either, though it is due.
    sms.refuse = null;
    const second = await addSms(db, ctx.deps.config, { to: '+16025550143', body: 'two' });
    await sleep(1500);
    expect(sms.sent).toHaveLength(0);
    expect((await statuses(db, [second]))[0]!.status).toBe('queued');
  });

  it('writes nothing when its claim was lost to another worker meanwhile', async () => {
    const db = ctx.deps.database.db;
    const id = await addEmail(db, ctx.deps.config, { to: 'slow@example.com', subject: 's', text: 't' });
    const [mine] = await claimDue(db, 'email', 1, 1);
    // The claim lapsed and another worker took the message (its own attempt).
    await db.update(outboxMessages).set({ attempts: 2 }).where(eq(outboxMessages.id, id));
    let hooked = 0;
    const refusing: MailProvider = {
      name: 'refusing',
      send: async () => {
        throw Object.assign(new Error('No such user'), { responseCode: 550 });
      },
    };
    const outcome = await deliverClaimed(
      { db, mail: refusing, onFinalFailure: async () => void hooked++ },
      mine!,
    );
    expect(outcome.result).toBe('lost');
    expect(hooked).toBe(0);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'sending', attempts: 2 });
  });

  it('records a send whose first record fails, instead of taking it for a refusal', async () => {
    const db = ctx.deps.database.db;
    const id = await addEmail(db, ctx.deps.config, { to: 'flaky@example.com', subject: 's', text: 't' });
    const [claimed] = await claimDue(db, 'email', 1, 60);
    const mail = new RecordingMail();
    // The first write after the provider's yes fails, as on a dropped connection.
    let failures = 1;
    const flakyDb = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'update' && failures > 0) {
          failures--;
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        }
        return Reflect.get(target, key, receiver);
      },
    });
    expect((await deliverClaimed({ db: flakyDb, mail }, claimed!)).result).toBe('sent');
    expect(mail.sent).toHaveLength(1);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it("reads Twilio's Retry-After into the refusal", async () => {
    const fake = new FakeTwilio();
    await fake.start();
    onTestFinished(() => fake.stop());
    fake.answer = () => ({
      status: 429,
      body: { code: 20429, message: 'Too Many Requests' },
      headers: { 'retry-after': '7' },
    });
    const provider = new TwilioSmsProvider({ accountSid: 'AC1', authToken: 't', apiBase: fake.url });
    await expect(
      provider.send({ id: 'm1', to: '+16025550142', from: '+15005550006', body: 'x' }),
    ).rejects.toMatchObject({ status: 429, permanent: false, retryAfterSeconds: 7 });
  });

  it('retries an SMTP 4xx with backoff and fails a 5xx at once', async () => {
    const smtp = new LoopbackSmtp();
    await smtp.start();
    onTestFinished(() => smtp.stop());
    smtp.refuse = (to) =>
      to.startsWith('later')
        ? { code: 450, message: 'Mailbox busy, try later' }
        : to.startsWith('nobody')
          ? { code: 550, message: 'No such user' }
          : null;
    const mail = new SmtpMailProvider(`smtp://127.0.0.1:${smtp.port}`);
    onTestFinished(() => mail.close());
    const db = ctx.deps.database.db;
    const later = await addEmail(db, ctx.deps.config, { to: 'later@example.com', subject: 's', text: 't' });
    const nobody = await addEmail(db, ctx.deps.config, { to: 'nobody@example.com', subject: 's', text: 't' });
    start({ db, mail });
    await eventually(async () => {
      const rows = await db.select().from(outboxMessages);
      return rows.every((row) => row.attempts === 1 && row.status !== 'sending') || null;
    });
    const [waiting] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, later));
    expect(waiting).toMatchObject({ status: 'queued' });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const [gone] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, nobody));
    expect(gone).toMatchObject({ status: 'failed' });
    expect(gone!.lastError).toMatch(/No such user/);
    const statusesSeen = await db
      .select({ providerStatus: messageAttempts.providerStatus })
      .from(messageAttempts)
      .orderBy(messageAttempts.providerStatus);
    expect(statusesSeen.map((a) => a.providerStatus)).toEqual([450, 550]);
  });

  it('backs off 5 s, then doubles up to 30 minutes, never sooner than asked', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, undefined, middle))).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(20, undefined, middle)).toBe(1800);
    expect(backoffSeconds(1, 60, middle)).toBe(60);
    // Spread a fifth either way.
    expect(backoffSeconds(1, undefined, () => 0)).toBe(4);
    expect(backoffSeconds(1, undefined, () => 1)).toBe(6);
  });

  it('hands back what it claimed but had not sent when it stops', async () => {
    const db = ctx.deps.database.db;
    // One text a second: most of a claimed batch waits for its turn when the worker stops.
    await db.execute(
      sql`insert into settings (key, value, updated_by) values ('provider_limits', '{"sms_per_second": 1}', 'test')`,
    );
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(await addSms(db, ctx.deps.config, { to: `+1602555014${i}`, body: `n${i}` }));
    }
    const sms = new RecordingSms();
    const dispatcher = startDispatcher({ db, mail: new RecordingMail(), sms }, new Bell(), { idleMs: 50 });
    await eventually(async () => sms.sent.length === 1);
    await dispatcher.stop();
    const rows = await statuses(db, ids);
    const queued = rows.filter((row) => row.status === 'queued');
    // Nothing left claimed: what was sent is sent, the rest given back.
    expect(rows.filter((row) => row.status === 'sending')).toHaveLength(0);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(sms.sent.length);
    expect(sms.sent.length + queued.length).toBe(4);
    expect(queued.length).toBeGreaterThan(0);
    // Given back as they were: no attempt counted for a message never handed over.
    expect(queued.every((row) => row.attempts === 0)).toBe(true);
  });

  it('keeps no pg-boss queue for messages, and removes those an older database had (ADR 54)', async () => {
    const { boss } = ctx.deps.queue;
    const retired = ['deliver-message', 'outbox-sweep'];
    const queues = async () => (await boss.getQueues()).map((q) => q.name).filter((n) => retired.includes(n));
    const jobs = async () => {
      const { rows } = await ctx.deps.database.executeSql(
        "select count(*)::int as n from pgboss.job where name in ('deliver-message', 'outbox-sweep')",
      );
      return (rows[0] as { n: number }).n;
    };
    expect(await queues()).toEqual([]);
    // An older database: a job per message, and the outbox sweep on a schedule.
    for (const name of retired) await boss.createQueue(name);
    await boss.send('deliver-message', { id: randomUUID() });
    await boss.schedule('outbox-sweep', '*/5 * * * *');
    expect(await jobs()).toBe(1);

    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0025_retired_message_queues.sql'), 'utf8');
    await ctx.deps.database.executeSql(migration);
    expect(await queues()).toEqual([]);
    expect(await jobs()).toBe(0);
    expect(await boss.getSchedules()).not.toContainEqual(expect.objectContaining({ name: 'outbox-sweep' }));
  });
});

describe('account e-mails go first', () => {
  let ctx: TestContext;
  const mail = new RecordingMail(40);
  beforeAll(async () => {
    ctx = await createTestContext({ workers: true, providers: { mail } });
  });
  afterAll(() => ctx.close());

  it('a magic link requested behind a backlog of lead e-mails overtakes it', async () => {
    ctx.dispatcher!.pause();
    const backlog = await queueEmails(ctx, 400);
    const { user } = await seedUser(ctx.deps.database.db, { email: 'hurry@example.com' });
    ctx.dispatcher!.resume();
    await eventually(async () => mail.sent.length >= 10);

    // Held while the link is written, so that how fast this machine is does not decide the order.
    ctx.dispatcher!.pause();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-magic-link',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(202);
    await eventually(async () => (await lastMessageTo(ctx.deps.database.db, user.email)) ?? null);
    await sleep(200); // what was in the provider's hands finishes
    const before = mail.sent.length;
    expect(
      (await statuses(ctx.deps.database.db, backlog)).filter((r) => r.status !== 'sent').length,
    ).toBeGreaterThan(300);
    ctx.dispatcher!.resume();

    await eventually(async () => mail.sent.some((m) => m.to === user.email), 10_000);
    const position = mail.sent.findIndex((m) => m.to === user.email);
    // In the first claim after the pause: five e-mails at a time (provider_limits.smtp_connections).
    expect(position - before).toBeLessThan(DEFAULT_SETTINGS.provider_limits.smtp_connections);
    expect(mail.sent[position]!.subject).toBe('Your sign-in link');
  });
});
