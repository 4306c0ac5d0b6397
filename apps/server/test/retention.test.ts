import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, type Settings } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  messageAttempts,
  oneTimeTokens,
  outboxMessages,
  pendingRegistrations,
  rateLimits,
  recipientSessions,
  recipients,
  refreshTokens,
  retentionRuns,
  sessionFamilies,
} from '../src/db/schema';
import { QUEUES } from '../src/jobs/queue';
import { SCHEDULED_JOBS } from '../src/jobs/workers';
import { runRetention } from '../src/modules/retention/cleanup';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAccessCode, seedAgent, seedUser } from './helpers/factories';

/**
 * The retention clean-up (ADR 67): exactly what is past its time goes, in bounded batches; message
 * texts go but the messages and their attempts stay; the audit log is kept unless the office says
 * otherwise; each run is recorded for the console, and two runs at once do the work once.
 */
let ctx: TestContext;
const db = () => ctx.deps.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const DAY = 86_400_000;
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const ahead = (days: number) => new Date(NOW.getTime() + days * DAY);
/** Small batches: every kind takes several statements. */
const SMALL = { now: NOW, batchSize: 2 };

const withRetention = (retention: Partial<Settings['retention']>): Settings => ({
  ...DEFAULT_SETTINGS,
  retention: { ...DEFAULT_SETTINGS.retention, ...retention },
});

async function ids<T extends { id: string }>(rows: Promise<T[]>) {
  return (await rows).map((row) => row.id).sort();
}

/** Links of every state, on each side of the 30-day grace; registrations expired and not. */
async function seedTokens() {
  const { user } = await seedUser(db());
  const token = (values: Partial<typeof oneTimeTokens.$inferInsert>) => ({
    id: randomUUID(),
    type: 'password_reset',
    userId: user.id,
    subject: user.id,
    tokenHash: randomUUID(),
    createdAt: ago(40),
    expiresAt: ago(40),
    ...values,
  });
  const old = [
    token({ expiresAt: ago(31) }),
    token({ expiresAt: ago(35) }),
    token({ expiresAt: ago(60), usedAt: ago(60) }),
    // Used or revoked before the grace, though the link's own end came later.
    token({ expiresAt: ago(29), usedAt: ago(31) }),
    token({ expiresAt: ago(29), revokedAt: ago(31) }),
  ];
  const fresh = [
    token({ expiresAt: ago(29) }),
    token({ expiresAt: ago(28), usedAt: ago(29) }),
    token({ createdAt: NOW, expiresAt: ahead(1) }),
    token({ createdAt: NOW, expiresAt: ahead(1), revokedAt: NOW }),
  ];
  await db()
    .insert(oneTimeTokens)
    .values([...old, ...fresh]);
  const code = await seedAccessCode(db());
  const pending = await db()
    .insert(pendingRegistrations)
    .values([
      { email: 'late@x.test', accessCodeId: code.id, passwordHash: 'h', expiresAt: ago(1 / 24) },
      { email: 'waiting@x.test', accessCodeId: code.id, passwordHash: 'h', expiresAt: ahead(1 / 24) },
    ])
    .returning();
  return {
    old: old.map((t) => t.id).sort(),
    fresh: fresh.map((t) => t.id).sort(),
    pendingOld: pending[0]!.id,
    pendingFresh: pending[1]!.id,
  };
}

/** Session families ended on each side of the grace, each with refresh tokens; recipient sessions. */
async function seedSessions() {
  const { user } = await seedUser(db());
  const family = async (values: Partial<typeof sessionFamilies.$inferInsert>, tokens: number) => {
    const [row] = await db()
      .insert(sessionFamilies)
      .values({ userId: user.id, createdAt: ago(60), expiresAt: ago(30.5), ...values })
      .returning();
    await db()
      .insert(refreshTokens)
      .values(Array.from({ length: tokens }, () => ({ tokenHash: randomUUID(), familyId: row!.id })));
    return row!.id;
  };
  const old = [
    await family({ expiresAt: ago(31) }, 5),
    await family({ expiresAt: ago(45) }, 1),
    await family({ expiresAt: ago(1), revokedAt: ago(31), revokedReason: 'logout' }, 3),
  ];
  const fresh = [
    await family({ expiresAt: ago(29) }, 2),
    await family({ createdAt: ago(10), expiresAt: ahead(20), revokedAt: ago(29) }, 1),
    await family({ createdAt: NOW, expiresAt: ahead(30) }, 1),
  ];
  const { agent } = await seedAgent(db());
  const [recipient] = await db()
    .insert(recipients)
    .values({ agentId: agent.id, firstName: 'Rita', email: 'rita@x.test', sendEmail: true })
    .returning();
  const recipientSession = (values: Partial<typeof recipientSessions.$inferInsert>) => ({
    tokenHash: randomUUID(),
    recipientId: recipient!.id,
    createdAt: ago(40),
    expiresAt: ago(40),
    ...values,
  });
  const recipientOld = [
    recipientSession({ expiresAt: ago(31) }),
    recipientSession({ expiresAt: ago(20), revokedAt: ago(31) }),
  ];
  const recipientFresh = [
    recipientSession({ expiresAt: ago(29) }),
    recipientSession({ createdAt: NOW, expiresAt: ahead(1) }),
  ];
  await db()
    .insert(recipientSessions)
    .values([...recipientOld, ...recipientFresh]);
  return {
    old: old.sort(),
    fresh: fresh.sort(),
    recipientOld: recipientOld.map((s) => s.tokenHash).sort(),
    recipientFresh: recipientFresh.map((s) => s.tokenHash).sort(),
  };
}

/** Counters whose window started before and within two days (the longest window is a day). */
async function seedRateLimits() {
  await db()
    .insert(rateLimits)
    .values([
      { key: 'old:1', windowStart: ago(3), count: 4 },
      { key: 'old:2', windowStart: ago(2.1), count: 1 },
      { key: 'old:3', windowStart: ago(90), count: 9 },
      { key: 'fresh:1', windowStart: ago(1.9), count: 2 },
      { key: 'fresh:2', windowStart: NOW, count: 1 },
    ]);
}

/** Messages sent and failed before a year and after it, a queued one older still, with attempts. */
async function seedMessages() {
  const message = async (
    values: Partial<typeof outboxMessages.$inferInsert> & { createdAt: Date },
    attempts: ('sent' | 'failed')[] = [],
  ) => {
    const [row] = await db()
      .insert(outboxMessages)
      .values({
        channel: 'email',
        toAddress: `to-${randomUUID().slice(0, 8)}@x.test`,
        fromAddress: 'portal@x.test',
        subject: 'Your new lead',
        textBody: 'Call Sam Seller at +1 602 555 0100',
        htmlBody: '<p>Call Sam Seller</p>',
        attachments: [{ filename: 'lead.pdf', contentType: 'application/pdf', content: 'JVBERi0=' }],
        template: 'lead_email',
        status: 'sent',
        provider: 'smtp',
        providerMessageId: `<${randomUUID()}@smtp>`,
        sentAt: values.createdAt,
        ...values,
      })
      .returning();
    if (attempts.length > 0) {
      await db()
        .insert(messageAttempts)
        .values(
          attempts.map((status, index) => ({
            messageId: row!.id,
            attempt: index + 1,
            status,
            provider: 'smtp',
            error: status === 'failed' ? '421 try later' : null,
            createdAt: values.createdAt,
          })),
        );
    }
    return row!;
  };
  const old = [
    await message({ createdAt: ago(366) }, ['failed', 'sent']),
    await message({ createdAt: ago(400), channel: 'sms', subject: null, htmlBody: null, attachments: [] }),
    await message({ createdAt: ago(500), status: 'failed', sentAt: null, lastError: 'mailbox full' }, [
      'failed',
    ]),
  ];
  const kept = [
    await message({ createdAt: ago(364) }, ['sent']),
    // Not yet delivered: never touched, however old.
    await message({ createdAt: ago(400), status: 'queued', sentAt: null }),
  ];
  return { old, kept };
}

/** Audit entries of long ago and of last week. */
async function seedAudit() {
  const rows = await db()
    .insert(auditLog)
    .values([
      { action: 'login', actorEmail: 'a@x.test', createdAt: ago(800) },
      { action: 'login', actorEmail: 'b@x.test', createdAt: ago(400) },
      { action: 'login', actorEmail: 'c@x.test', createdAt: ago(366) },
      { action: 'login', actorEmail: 'd@x.test', createdAt: ago(7) },
    ])
    .returning();
  return { old: rows.slice(0, 3).map((r) => r.id), fresh: rows[3]!.id };
}

async function superuserToken() {
  const admin = await seedUser(db(), { userRole: 'superuser', isSuperuser: true, name: 'Olivia Office' });
  return (await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken as string;
}

describe('the retention clean-up', () => {
  it('removes exactly what is past its time, in batches, and records what it removed', async () => {
    const tokens = await seedTokens();
    const sessions = await seedSessions();
    await seedRateLimits();
    const messages = await seedMessages();
    const audit = await seedAudit();

    const result = await runRetention(db(), DEFAULT_SETTINGS, SMALL);
    expect(result).toEqual({
      skipped: false,
      tokens: tokens.old.length + 1,
      sessions: sessions.old.length + sessions.recipientOld.length,
      rate_limits: 3,
      message_bodies: messages.old.length,
      audit_rows: 0,
    });

    // Links and registrations.
    expect(await ids(db().select({ id: oneTimeTokens.id }).from(oneTimeTokens))).toEqual(tokens.fresh);
    expect(await ids(db().select({ id: pendingRegistrations.id }).from(pendingRegistrations))).toEqual([
      tokens.pendingFresh,
    ]);

    // Sessions, with every refresh token of the ones that went.
    expect(await ids(db().select({ id: sessionFamilies.id }).from(sessionFamilies))).toEqual(sessions.fresh);
    const families = await db()
      .select({ family: refreshTokens.familyId, n: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .groupBy(refreshTokens.familyId);
    expect(families.map((f) => f.family).sort()).toEqual(sessions.fresh);
    expect(families.reduce((sum, f) => sum + Number(f.n), 0)).toBe(4);
    const recipientLeft = await db().select({ hash: recipientSessions.tokenHash }).from(recipientSessions);
    expect(recipientLeft.map((s) => s.hash).sort()).toEqual(sessions.recipientFresh);

    // Counters.
    const counters = await db().select({ key: rateLimits.key }).from(rateLimits);
    expect(counters.map((c) => c.key).sort()).toEqual(['fresh:1', 'fresh:2']);

    // Message texts: gone, with their HTML and attachments; who, what, when and the attempts stay.
    const all = await db().select().from(outboxMessages);
    for (const before of messages.old) {
      const after = all.find((m) => m.id === before.id)!;
      expect(after).toEqual({
        ...before,
        textBody: '',
        htmlBody: null,
        attachments: [],
        bodyRemovedAt: expect.any(Date),
      });
    }
    for (const before of messages.kept) {
      expect(all.find((m) => m.id === before.id)).toEqual(before);
    }
    const attempts = await db()
      .select({ id: messageAttempts.messageId })
      .from(messageAttempts)
      .where(inArray(messageAttempts.messageId, [messages.old[0]!.id, messages.old[2]!.id]));
    expect(attempts).toHaveLength(3);

    // The audit log is kept for good unless the office sets a number of days.
    expect(await db().select({ id: auditLog.id }).from(auditLog)).toHaveLength(4);

    // Nothing more to do: the next run removes nothing, and scans no message it already cleared.
    expect(await runRetention(db(), DEFAULT_SETTINGS, SMALL)).toEqual({
      skipped: false,
      tokens: 0,
      sessions: 0,
      rate_limits: 0,
      message_bodies: 0,
      audit_rows: 0,
    });
    const runs = await db().select().from(retentionRuns);
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.finishedAt !== null)).toBe(true);

    // With a number of days, the audit entries older than that go, a batch at a time.
    const withAudit = await runRetention(db(), withRetention({ audit_days: 365 }), SMALL);
    expect(withAudit.audit_rows).toBe(3);
    expect(await ids(db().select({ id: auditLog.id }).from(auditLog))).toEqual([audit.fresh]);
  });

  it('keeps message texts as long as the setting says', async () => {
    const messages = await seedMessages();
    expect((await runRetention(db(), withRetention({ message_body_days: 600 }), SMALL)).message_bodies).toBe(
      0,
    );
    const kept = await runRetention(db(), withRetention({ message_body_days: 30 }), SMALL);
    expect(kept.message_bodies).toBe(4);
    const [queued] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, messages.kept[1]!.id));
    expect(queued!.textBody).toBe('Call Sam Seller at +1 602 555 0100');
    expect(queued!.bodyRemovedAt).toBeNull();
  });

  it('gives a time budget: what is left waits for the next run', async () => {
    await db()
      .insert(rateLimits)
      .values(Array.from({ length: 30 }, (_, i) => ({ key: `old:${i}`, windowStart: ago(10), count: 1 })));
    const first = await runRetention(db(), DEFAULT_SETTINGS, { now: NOW, batchSize: 5, budgetMs: 0 });
    expect(first.rate_limits).toBe(5);
    const second = await runRetention(db(), DEFAULT_SETTINGS, { now: NOW, batchSize: 5 });
    expect(second.rate_limits).toBe(25);
  });

  it('does the work once when two runs start at once', async () => {
    await db()
      .insert(rateLimits)
      .values(Array.from({ length: 40 }, (_, i) => ({ key: `old:${i}`, windowStart: ago(10), count: 1 })));
    await seedAudit();
    const settings = withRetention({ audit_days: 365 });
    const results = await Promise.all([
      runRetention(db(), settings, { now: NOW, batchSize: 1 }),
      runRetention(db(), settings, { now: NOW, batchSize: 1 }),
    ]);
    const ran = results.filter((result) => !result.skipped);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ rate_limits: 40, audit_rows: 3 });
    expect(results.find((result) => result.skipped)).toEqual({
      skipped: true,
      tokens: 0,
      sessions: 0,
      rate_limits: 0,
      message_bodies: 0,
      audit_rows: 0,
    });
    expect(await db().select().from(retentionRuns)).toHaveLength(1);
  });

  it('waits for a run in progress, and takes over from one that died', async () => {
    await seedRateLimits();
    const [running] = await db().insert(retentionRuns).values({ startedAt: new Date() }).returning();
    expect((await runRetention(db(), DEFAULT_SETTINGS, SMALL)).skipped).toBe(true);
    expect(await db().select().from(rateLimits)).toHaveLength(5);

    await db()
      .update(retentionRuns)
      .set({ startedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(retentionRuns.id, running!.id));
    expect(await runRetention(db(), DEFAULT_SETTINGS, SMALL)).toMatchObject({
      skipped: false,
      rate_limits: 3,
    });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'returns at once while another process holds the lock',
    async () => {
      await seedRateLimits();
      await db().transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('retention'))`);
        expect((await runRetention(db(), DEFAULT_SETTINGS, SMALL)).skipped).toBe(true);
      });
      expect(await db().select().from(rateLimits)).toHaveLength(5);
      expect((await runRetention(db(), DEFAULT_SETTINGS, SMALL)).rate_limits).toBe(3);
    },
  );

  it('runs as the scheduled job with the office’s settings', async () => {
    await seedAudit();
    const token = await superuserToken();
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(token),
      payload: { retention: { audit_days: 365 } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().retention).toEqual({ message_body_days: 365, audit_days: 365 });
    const result = (await SCHEDULED_JOBS[QUEUES.retention]!(ctx.deps)) as { audit_rows: number };
    expect(result.audit_rows).toBe(3);
  });
});

describe('the retention settings', () => {
  it('refuses what is out of bounds and keeps the audit log for good with null', async () => {
    const token = await superuserToken();
    const patch = (retention: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: bearer(token),
        payload: { retention },
      });
    const short = await patch({ message_body_days: 10 });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('retention.message_body_days: Message texts are kept at least 30 days');
    const audit = await patch({ audit_days: 100 });
    expect(audit.statusCode).toBe(400);
    expect(audit.json().detail).toBe('retention.audit_days: Audit entries are kept at least 365 days');

    expect((await patch({ message_body_days: 90, audit_days: 730 })).json().retention).toEqual({
      message_body_days: 90,
      audit_days: 730,
    });
    expect((await patch({ audit_days: null })).json().retention).toEqual({
      message_body_days: 90,
      audit_days: null,
    });
  });
});

describe('GET /api/admin/retention', () => {
  it('says when the last clean-up ran, what it removed, and what the last 30 days removed', async () => {
    const token = await superuserToken();
    const get = () => ctx.app.inject({ method: 'GET', url: '/api/admin/retention', headers: bearer(token) });
    const zero = { tokens: 0, sessions: 0, rate_limits: 0, message_bodies: 0, audit_rows: 0 };
    expect((await get()).json()).toEqual({ last_run_at: null, last_run: null, last_30_days: zero });

    await seedRateLimits();
    await seedMessages();
    await runRetention(db(), DEFAULT_SETTINGS, SMALL);
    await seedAudit();
    await runRetention(db(), withRetention({ audit_days: 365 }), SMALL);
    // A run of long ago counts in none of the figures.
    await db()
      .insert(retentionRuns)
      .values({ startedAt: ago(40), finishedAt: ago(40), tokens: 99, auditRows: 99 });

    const response = await get();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.last_run).toEqual({ ...zero, audit_rows: 3 });
    expect(body.last_30_days).toEqual({ ...zero, rate_limits: 3, message_bodies: 3, audit_rows: 3 });
    expect(Date.now() - new Date(body.last_run_at).getTime()).toBeLessThan(60_000);
  });

  it('is for superusers only', async () => {
    const agent = await seedAgent(db(), { agent: { signupStatus: 'complete', agentStatus: 'active' } });
    const token = (await login(ctx.app, agent.user.email, agent.password, '10.9.0.2')).accessToken;
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/retention',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toEqual(expect.any(String));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/retention' })).statusCode).toBe(401);
  });
});

describe('a message whose text was removed', () => {
  it('shows as removed in the console and cannot be sent again', async () => {
    const messages = await seedMessages();
    await runRetention(db(), DEFAULT_SETTINGS, SMALL);
    const token = await superuserToken();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?status=failed',
      headers: bearer(token),
    });
    const failed = list.json().items.find((m: { id: string }) => m.id === messages.old[2]!.id);
    expect(failed).toMatchObject({
      text_body: '',
      subject: 'Your new lead',
      template: 'lead_email',
      status: 'failed',
      last_error: 'mailbox full',
      body_removed_at: expect.any(String),
    });
    expect(failed.attempt_log).toHaveLength(1);

    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${messages.old[2]!.id}/retry`,
      headers: bearer(token),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().detail).toBe(
      'The text of this message was removed after the retention period: it cannot be sent again',
    );
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, messages.old[2]!.id));
    expect(row!.status).toBe('failed');
  });
});
