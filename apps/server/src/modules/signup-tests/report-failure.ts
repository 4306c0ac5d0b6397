import { FAILURE_REPORTED_MESSAGE, type FailureReportResponse } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { agents, type OutboxMessage, users } from '../../db/schema';
import { failureNoticeEmail } from '../../emails/signup';
import { audit } from '../../lib/audit';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits } from '../../lib/rate-limit';
import { TEST_TEMPLATES, type TestChannel } from './messages';
import { type Caller, requireAgent } from './send-test';

const TEST_COLUMN = { sms: 'smsTest', email: 'emailTest' } as const;

/** The agent's page in the superuser console, for the office to follow up. */
const agentInConsole = (deps: AppDeps, agentId: string) => `${deps.config.publicUrl}/admin/agents/${agentId}`;

/**
 * POST /portal/agents/report-sms-failure and report-email-failure: the test never arrived. The
 * step is answered "no" so the wizard can go on, and the office is told so it can follow up.
 */
export async function reportTestFailure(
  deps: AppDeps,
  caller: Caller,
  report: { channel: TestChannel; tried: string; firstName: string; lastName: string; attemptNumber: number },
): Promise<FailureReportResponse> {
  const { db } = deps.database;
  const agent = await requireAgent(db, caller.user.id);
  // Each report e-mails the office: throttled like the sends (SECURITY.md item 12).
  const { rateLimits: limits } = deps.config;
  await enforceRateLimits(db, [
    {
      key: `test-report:${report.channel}:agent:${agent.id}`,
      limit: limits.testSendPerAgent,
      windowSeconds: 3600,
    },
    { key: `test-report:ip:${caller.ip}`, limit: limits.emailPerIp, windowSeconds: 3600 },
  ]);

  const notice = await failureNoticeEmail({
    channel: report.channel,
    reason: 'reported',
    name: `${report.firstName} ${report.lastName}`,
    accountEmail: caller.user.email,
    agentEmail: agent.agentEmail,
    profilePhone: agent.agentPhone,
    tried: report.tried,
    attemptNumber: report.attemptNumber,
    providerError: null,
    agentUrl: agentInConsole(deps, agent.id),
  });
  await db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({ [TEST_COLUMN[report.channel]]: 'no', updatedAt: sql`now()` })
      .where(eq(agents.id, agent.id));
    await audit(tx, {
      action: `signup_${report.channel}_test_failed`,
      actorId: caller.user.id,
      actorEmail: caller.user.email,
      targetType: 'agent',
      targetId: agent.id,
      details: { tried: report.tried, attempt_number: report.attemptNumber },
      ip: caller.ip,
    });
    return addEmail(tx, deps.config, { to: deps.config.officeEmail, ...notice });
  });
  dispatch(deps.queue);
  return { status: 'OK', message: FAILURE_REPORTED_MESSAGE };
}

const TEST_CHANNEL_OF: Record<string, TestChannel> = {
  [TEST_TEMPLATES.sms]: 'sms',
  [TEST_TEMPLATES.email]: 'email',
};

/**
 * The outbox's final-failure follow-up: a test message sent with notify_team_on_failure that
 * could not be delivered at all is reported to the office without waiting for the agent.
 */
export async function notifyOfficeOfFailedTest(deps: AppDeps, message: OutboxMessage): Promise<void> {
  const channel = message.template ? TEST_CHANNEL_OF[message.template] : undefined;
  const meta = message.meta;
  if (!channel || !meta?.notifyTeamOnFailure || !meta.userId) return;
  const { db } = deps.database;
  const messageId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user: users, agent: agents })
      .from(users)
      .leftJoin(agents, eq(agents.userId, users.id))
      .where(eq(users.id, meta.userId!));
    if (!row) return null;
    await audit(tx, {
      action: `signup_${channel}_test_undeliverable`,
      actorId: row.user.id,
      actorEmail: row.user.email,
      targetType: 'agent',
      targetId: row.agent?.id,
      details: { to: message.toAddress, message_id: message.id, error: message.lastError },
    });
    const notice = await failureNoticeEmail({
      channel,
      reason: 'undeliverable',
      name: `${meta.firstName ?? ''} ${meta.lastName ?? ''}`.trim() || row.user.email,
      accountEmail: row.user.email,
      agentEmail: row.agent?.agentEmail ?? '',
      profilePhone: row.agent?.agentPhone ?? '',
      tried: message.toAddress,
      attemptNumber: null,
      providerError: message.lastError,
      agentUrl: row.agent ? agentInConsole(deps, row.agent.id) : null,
    });
    return addEmail(tx, deps.config, { to: deps.config.officeEmail, ...notice });
  });
  if (messageId) dispatch(deps.queue);
}
