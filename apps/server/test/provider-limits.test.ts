import { DEFAULT_SETTINGS } from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { outboxMessages } from '../src/db/schema';
import { type Dispatcher, startDispatcher } from '../src/jobs/dispatcher';
import { Bell } from '../src/jobs/queue';
import { addEmail, addSms, type DeliveryDeps } from '../src/lib/outbox';
import { forgetSettings } from '../src/lib/settings';
import type { MailProvider } from '../src/providers/mail/interface';
import { SmtpMailProvider } from '../src/providers/mail/smtp';
import { TwilioSmsProvider } from '../src/providers/sms/twilio';
import { bearer, createTestContext, eventually, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';
import { FakeTwilio } from './helpers/fake-twilio';
import { LoopbackSmtp } from './helpers/smtp';

/**
 * SECURITY.md item 28: the providers' account limits (texts per second, SMTP connections) hold
 * across every process, and a process without a provider's settings leaves that channel's
 * messages to the processes that have them. Two dispatchers stand for two processes; on
 * PostgreSQL each has its own pool, as two processes would.
 */

const SID = 'AC0123456789abcdef0123456789abcdef';
const noMail: MailProvider = { name: 'none', send: async () => ({ providerMessageId: 'x' }) };

/** The most arrivals inside any one-second window [t, t + 1000 ms). */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function setLimits(db: Database['db'], limits: Partial<typeof DEFAULT_SETTINGS.provider_limits>) {
  await db.execute(
    sql`insert into settings (key, value, updated_by) values ('provider_limits', ${JSON.stringify({ ...DEFAULT_SETTINGS.provider_limits, ...limits })}::jsonb, 'test')`,
  );
  forgetSettings();
}

async function statusesOf(db: Database['db'], ids: string[]) {
  return db
    .select({ status: outboxMessages.status, provider: outboxMessages.provider })
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids));
}

describe('provider limits across processes', () => {
  let ctx: TestContext;
  const running: Dispatcher[] = [];
  const start = (deps: DeliveryDeps) => {
    const dispatcher = startDispatcher(deps, new Bell(), { idleMs: 50 });
    running.push(dispatcher);
    return dispatcher;
  };
  /** A second process's database connections (the same PGlite when there is no PostgreSQL). */
  const secondDb = async () => {
    if (!ctx.testDb.url) return ctx.deps.database;
    const second = await openPostgres(ctx.testDb.url, { max: 3 });
    onTestFinished(() => second.close());
    return second;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    await ctx.reset();
  });

  it('two dispatchers sending texts together share one schedule that never exceeds the texts per second', async () => {
    const db = ctx.deps.database.db;
    await setLimits(db, { sms_per_second: 4 });
    const fake = new FakeTwilio();
    await fake.start();
    onTestFinished(() => fake.stop());
    // When each request leaves, per dispatcher (the fake's own clock would also count the test's
    // event loop).
    const starts: number[][] = [[], []];
    const timedTwilio = (mine: number[]) =>
      new (class extends TwilioSmsProvider {
        override async send(message: Parameters<TwilioSmsProvider['send']>[0]) {
          mine.push(Date.now());
          return super.send(message);
        }
      })({ accountSid: SID, authToken: 't', apiBase: fake.url });
    const ids: string[] = [];
    for (let i = 0; i < 16; i++)
      ids.push(await addSms(db, ctx.deps.config, { to: `+160255501${10 + i}`, body: `n${i}` }));
    const second = await secondDb();
    start({ db, mail: noMail, sms: timedTwilio(starts[0]!) });
    start({ db: second.db, mail: noMail, sms: timedTwilio(starts[1]!) });
    await eventually(async () => (await statusesOf(db, ids)).every((row) => row.status === 'sent'), 20_000);
    expect(fake.received).toHaveLength(16);
    expect(starts.flat()).toHaveLength(16);
    // Both sent: the account's starts were shared out between them ...
    expect(starts[0]!.length).toBeGreaterThan(0);
    expect(starts[1]!.length).toBeGreaterThan(0);
    // ... on one schedule, drawn in the database for every process: no second of it holds more
    // than the account's 4 (each process keeping its own 4 a second would put up to 8 in one).
    const { rows } = await ctx.deps.database.executeSql(
      `select coalesce(max(used), 0)::int as peak, coalesce(sum(used), 0)::int as total from provider_usage`,
      [],
    );
    expect(rows[0]).toEqual({ peak: expect.any(Number), total: 16 });
    expect((rows[0] as { peak: number }).peak).toBeLessThanOrEqual(4);
    // Each process starts its own share no closer than the account's interval (a late timer
    // does not fire two at once).
    for (const mine of starts) expect(busiestSecond(mine)).toBeLessThanOrEqual(4);

    // The console sees the network's use of the limit.
    const admin = await seedUser(db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    const response = await ctx.app.inject({
      url: '/api/admin/provider-limits',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.texts).toMatchObject({ per_second: 4, last_minute: 16, paused_until: null });
    expect(body.texts.peak_second).toBeGreaterThan(0);
    expect(body.texts.peak_second).toBeLessThanOrEqual(4);
    expect(body.smtp).toEqual({ connections: DEFAULT_SETTINGS.provider_limits.smtp_connections, in_use: 0 });
  });

  it('holds the SMTP connections across two dispatchers within the limit', async () => {
    const db = ctx.deps.database.db;
    await setLimits(db, { smtp_connections: 2 });
    const smtp = new LoopbackSmtp();
    smtp.dataDelayMs = 40;
    await smtp.start();
    onTestFinished(() => smtp.stop());
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      ids.push(await addEmail(db, ctx.deps.config, { to: `agent${i}@example.com`, subject: 's', text: 't' }));
    }
    const second = await secondDb();
    const one = new SmtpMailProvider(`smtp://127.0.0.1:${smtp.port}`);
    const two = new SmtpMailProvider(`smtp://127.0.0.1:${smtp.port}`);
    onTestFinished(async () => {
      await one.close();
      await two.close();
    });
    start({ db, mail: one });
    start({ db: second.db, mail: two });
    await eventually(async () => (await statusesOf(db, ids)).every((row) => row.status === 'sent'), 20_000);
    expect(smtp.received).toHaveLength(24);
    expect(smtp.peakOpen).toBeGreaterThan(0);
    expect(smtp.peakOpen).toBeLessThanOrEqual(2);
  });

  it('a slot held by a process that died comes free when its lease lapses', async () => {
    const db = ctx.deps.database.db;
    await setLimits(db, { smtp_connections: 1 });
    const { ensureSlots, holdSlots } = await import('../src/lib/provider-limits');
    await ensureSlots(db, 'smtp', 1);
    expect(await holdSlots(db, 'smtp', 'dead-process', 1, 1)).toBe(1);
    expect(await holdSlots(db, 'smtp', 'live-process', 1, 1)).toBe(0);
    await db.execute(sql`update provider_slots set expires_at = now() - interval '1 second'`);
    expect(await holdSlots(db, 'smtp', 'live-process', 1, 1)).toBe(1);
  });
});

describe('a production process without the Twilio settings', () => {
  it('leaves texts to a process that has them and says so at start', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    onTestFinished(() => info.mockRestore());
    const ctx = await createTestContext({
      workers: true,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused.invalid/portal',
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
    });
    onTestFinished(() => ctx.close());
    expect(ctx.deps.providers.sms.name).toBe('unconfigured');
    expect(info.mock.calls.map((args) => args.join(' ')).join('\n')).toMatch(
      /does not send texts or calls: TWILIO_\* not set/,
    );
    const db = ctx.deps.database.db;
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(await addSms(db, ctx.deps.config, { to: `+160255502${10 + i}`, body: `n${i}` }));
    // Given the production process time to take them, were it to.
    await new Promise((resolve) => setTimeout(resolve, 600));

    const fake = new FakeTwilio();
    await fake.start();
    onTestFinished(() => fake.stop());
    const other = ctx.testDb.url ? await openPostgres(ctx.testDb.url, { max: 3 }) : ctx.deps.database;
    const withTwilio = startDispatcher(
      {
        db: other.db,
        mail: noMail,
        sms: new TwilioSmsProvider({ accountSid: SID, authToken: 't', apiBase: fake.url }),
      },
      new Bell(),
      { idleMs: 50 },
    );
    onTestFinished(async () => {
      await withTwilio.stop();
      if (other !== ctx.deps.database) await other.close();
    });
    await eventually(
      async () =>
        (await statusesOf(db, ids)).every((row) => row.status !== 'queued' && row.status !== 'sending'),
      20_000,
    );
    const rows = await statusesOf(db, ids);
    expect(rows.filter((row) => row.status === 'failed')).toHaveLength(0);
    expect(rows.every((row) => row.provider === 'twilio')).toBe(true);
    expect(fake.received).toHaveLength(10);
  });
});
