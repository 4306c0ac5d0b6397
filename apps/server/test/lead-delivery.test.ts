import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, messageAttempts, outboxMessages } from '../src/db/schema';
import { dispatch } from '../src/lib/outbox';
import { createApiKey } from '../src/modules/leads/api-keys';
import { bearer, createTestContext, drainJobs, eventually, login, type TestContext } from './helpers/app';
import { seedAgent } from './helpers/factories';
import { LoopbackSmtp } from './helpers/smtp';

/**
 * SECURITY.md item 23 for leads: with the mail server down the intake answers as usual, the
 * lead's e-mail waits in the outbox with each failed attempt recorded, and it is delivered
 * exactly once when the server is back.
 */
describe('lead delivery through a real SMTP server that goes down and comes back', () => {
  let ctx: TestContext;
  const smtp = new LoopbackSmtp();
  let port: number;
  beforeAll(async () => {
    await smtp.start();
    port = smtp.port;
    await smtp.stop();
    ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, workers: true });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  it('loses nothing and sends one e-mail', async () => {
    const db = ctx.deps.database.db;
    const seeded = await seedAgent(db, {
      user: { email: 'dana@agents.example', name: 'Dana Reyes' },
      agent: {
        signupStatus: 'complete',
        agentStatus: 'active',
        agent: 'Dana Reyes',
        agentFirstName: 'Dana',
        agentEmail: 'dana@agents.example',
        zipcodes: ['85004'],
      },
    });
    const { key } = await createApiKey(db, { name: 'Seller feed' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ lead_type: 'expired', first_name: 'Jo', phone: '6025550123', zip: '85004' }),
    });
    expect(response.statusCode).toBe(201);
    const leadId = response.json().id;

    const waiting = await eventually(async () => {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'email'));
      return row && row.attempts >= 1 && row.status === 'queued' ? row : null;
    });
    expect(waiting.toAddress).toBe('dana@agents.example');
    const failures = await db.select().from(messageAttempts).where(eq(messageAttempts.messageId, waiting.id));
    expect(failures[0]).toMatchObject({ status: 'failed', attempt: 1 });
    expect(failures[0]!.error).toBeTruthy();

    await smtp.start(port);
    // The backoff brings the next attempt; the dispatcher woken twice at once still sends it once.
    dispatch(ctx.deps.queue);
    dispatch(ctx.deps.queue);
    await eventually(async () => smtp.received.length === 1);
    // Nothing left to send or being sent: a second e-mail could only have gone out by now.
    await drainJobs(ctx);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain('Subject: New seller lead: Jo (Expired listing)');

    const attempts = await db.select().from(messageAttempts).where(eq(messageAttempts.messageId, waiting.id));
    expect(attempts.filter((a) => a.status === 'sent')).toHaveLength(1);
    expect(attempts.find((a) => a.status === 'sent')).toMatchObject({ provider: 'smtp' });

    // The agent sees the delivery on the lead's timeline.
    const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
    const detail = (
      await ctx.app.inject({ url: `/api/portal/me/leads/${leadId}`, headers: bearer(accessToken) })
    ).json();
    const email = detail.events.find(
      (e: { kind: string; details: { channel: string } }) =>
        e.kind === 'delivery' && e.details.channel === 'email',
    );
    expect(email.details).toMatchObject({
      status: 'sent',
      to: 'dana@agents.example',
      recipient_name: 'Dana',
    });
    const [agent] = await db.select().from(agents).where(eq(agents.id, seeded.agent.id));
    expect(agent!.leadsCount).toMatchObject({ total_leads: 1 });
  }, 60_000);
});
