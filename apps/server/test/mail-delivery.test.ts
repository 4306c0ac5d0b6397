import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { addEmail, deliverMessage, dispatch } from '../src/lib/outbox';
import { SmtpMailProvider } from '../src/providers/mail/smtp';
import { bearer, createTestContext, drainJobs, eventually, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';
import { LoopbackSmtp } from './helpers/smtp';

describe('the embedded outbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ workers: true });
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.reset());

  it('delivers account mail through the job queue and shows it in the dev mailbox', async () => {
    const { user } = await seedUser(ctx.deps.database.db, { email: 'mailbox@example.com' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset/request',
      payload: { email: user.email },
    });
    const sent = await eventually(async () => {
      const [row] = await ctx.deps.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, user.email));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent.provider).toBe('outbox');
    expect(sent.attempts).toBe(1);

    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    const mailbox = await ctx.app.inject({ url: '/api/dev/mailbox', headers: bearer(accessToken) });
    expect(mailbox.statusCode).toBe(200);
    const [item] = mailbox.json().items;
    expect(item).toMatchObject({
      to: 'mailbox@example.com',
      subject: 'Reset your password',
      status: 'sent',
      channel: 'email',
    });
    expect(item.links[0]).toMatch(/^http:\/\/portal\.test\/recovery\//);
  });

  it('lists links without the punctuation of the sentence around them', async () => {
    await addEmail(ctx.deps.database.db, ctx.deps.config, {
      to: 'punctuation@example.com',
      subject: 'Links',
      text: 'Sign in at http://portal.test/login, or reset at http://portal.test/recovery. Thanks!',
    });
    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    const [item] = (await ctx.app.inject({ url: '/api/dev/mailbox', headers: bearer(accessToken) })).json()
      .items;
    expect(item.links).toEqual(['http://portal.test/login', 'http://portal.test/recovery']);
  });

  it('keeps the dev mailbox from anyone but superusers', async () => {
    expect((await ctx.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(401);
    const agent = await seedUser(ctx.deps.database.db);
    const { accessToken } = await login(ctx.app, agent.user.email, agent.password);
    expect((await ctx.app.inject({ url: '/api/dev/mailbox', headers: bearer(accessToken) })).statusCode).toBe(
      403,
    );
  });
});

describe('the dev mailbox outside embedded mail', () => {
  it('does not exist when mail goes out through SMTP', async () => {
    const ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    expect((await ctx.app.inject({ url: '/api/dev/mailbox', headers: bearer(accessToken) })).statusCode).toBe(
      404,
    );
    await ctx.close();
  });
});

describe('SMTP delivery', () => {
  let ctx: TestContext;
  let smtp: LoopbackSmtp;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.reset();
    smtp = new LoopbackSmtp();
    await smtp.start();
  });
  afterEach(() => smtp.stop());

  it('hands the message to a real SMTP server', async () => {
    const provider = new SmtpMailProvider(`smtp://127.0.0.1:${smtp.port}`);
    const id = await addEmail(ctx.deps.database.db, ctx.deps.config, {
      to: 'someone@example.com',
      subject: 'Hello from the portal',
      text: 'Plain words',
      html: '<p>Plain words</p>',
      replyTo: 'agent@realty.test',
    });
    expect(await deliverMessage({ db: ctx.deps.database.db, mail: provider }, id)).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['someone@example.com']);
    expect(smtp.received[0]!.raw).toContain('Subject: Hello from the portal');
    // Replies go to the agent; From stays the portal's.
    expect(smtp.received[0]!.raw).toMatch(/^Reply-To: agent@realty\.test\r?$/m);
    expect(smtp.received[0]!.raw).toMatch(
      new RegExp(`^From: .*${ctx.deps.config.mailFrom.replace(/[.]/g, '\\.')}`, 'm'),
    );
    const [row] = await ctx.deps.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', provider: 'smtp' });
    await provider.close();
  });

  it('keeps the message while the server is down and delivers it exactly once when it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    const provider = new SmtpMailProvider(`smtp://127.0.0.1:${port}`);
    const id = await addEmail(ctx.deps.database.db, ctx.deps.config, {
      to: 'patient@example.com',
      subject: 'Waits',
      text: 'x',
    });
    const deps = { db: ctx.deps.database.db, mail: provider };

    expect(await deliverMessage(deps, id)).toBe('retry');
    const [waiting] = await ctx.deps.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();

    await smtp.start(port);
    // Two retries arrive at once (a duplicate job): still one e-mail.
    const results = await Promise.all([deliverMessage(deps, id), deliverMessage(deps, id)]);
    expect(results.sort()).toEqual(['sent', 'skipped']);
    expect(await deliverMessage(deps, id)).toBe('skipped');
    expect(smtp.received.filter((m) => m.to.includes('patient@example.com'))).toHaveLength(1);
    await provider.close();
  });

  it('retries through the queue until the server answers (the API answered as usual meanwhile)', async () => {
    const port = smtp.port;
    await smtp.stop();
    const smtpCtx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      workers: true,
    });
    try {
      const { user } = await seedUser(smtpCtx.deps.database.db, { email: 'queued@example.com' });
      const response = await smtpCtx.app.inject({
        method: 'POST',
        url: '/api/password-reset/request',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(202);
      await eventually(async () => {
        const [row] = await smtpCtx.deps.database.db.select().from(outboxMessages);
        return row && row.attempts >= 1 && row.status === 'queued' ? row : null;
      });
      await smtp.start(port);
      // The backoff brings the next attempt; bring it forward so the test need not wait for it.
      await smtpCtx.deps.database.db.update(outboxMessages).set({ nextAttemptAt: new Date() });
      dispatch(smtpCtx.deps.queue);
      await eventually(async () => smtp.received.length === 1);
      // Nothing left to send or being sent: a second e-mail could only have gone out by now.
      await drainJobs(smtpCtx);
      expect(smtp.received).toHaveLength(1);
      const [done] = await smtpCtx.deps.database.db.select().from(outboxMessages);
      expect(done!.status).toBe('sent');
    } finally {
      await smtpCtx.close();
    }
  });
});
