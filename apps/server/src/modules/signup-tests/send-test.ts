import {
  ERROR,
  type SendTestEmailRequestSchema,
  type SendTestSmsRequestSchema,
  type TestMessageStatusResponse,
  type TestSendResponse,
} from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { type AgentRow, type OutboxMeta, outboxMessages, type UserRow } from '../../db/schema';
import { testEmail, testSmsBody } from '../../emails/signup';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { addEmail, addSms, dispatch } from '../../lib/outbox';
import { enforceRateLimits } from '../../lib/rate-limit';
import { findAgentByUserId } from '../agents/queries';
import { notQueuedMessage, sentMessage, TEST_TEMPLATES, type TestChannel } from './messages';

export interface Caller {
  user: UserRow;
  ip: string;
  log: FastifyBaseLogger;
}

const HOUR = 3600;

type TestSendOptions = Pick<
  z.output<typeof SendTestSmsRequestSchema>,
  'first_name' | 'last_name' | 'is_retry' | 'notify_team_on_failure'
>;

export async function requireAgent(db: Executor, userId: string): Promise<AgentRow> {
  const agent = await findAgentByUserId(db, userId);
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  return agent;
}

/** SECURITY.md item 12: per agent (each channel), per recipient and per IP, each per hour. */
async function throttleTestSend(
  deps: AppDeps,
  options: { channel: TestChannel; agentId: string; to: string; ip: string },
) {
  const { rateLimits: limits } = deps.config;
  await enforceRateLimits(deps.database.db, [
    {
      key: `test-send:${options.channel}:agent:${options.agentId}`,
      limit: limits.testSendPerAgent,
      windowSeconds: HOUR,
    },
    {
      key: `test-send:${options.channel}:to:${options.to.toLowerCase()}`,
      limit: limits.testSendPerRecipient,
      windowSeconds: HOUR,
    },
    { key: `test-send:ip:${options.ip}`, limit: limits.emailPerIp, windowSeconds: HOUR },
  ]);
}

/**
 * Writes the message (with an audit row) and queues its delivery. The answer is about queuing
 * only: delivery happens in a job, and the wizard follows it through the status endpoint.
 */
async function queueTestMessage(
  deps: AppDeps,
  caller: Caller,
  options: {
    channel: TestChannel;
    agent: AgentRow;
    to: string;
    request: TestSendOptions;
    write: (tx: Executor, meta: OutboxMeta) => Promise<string>;
  },
): Promise<TestSendResponse> {
  const { db } = deps.database;
  const { request } = options;
  // What the status endpoint and the final-failure follow-up need to know about the message.
  const meta: OutboxMeta = {
    userId: caller.user.id,
    agentId: options.agent.id,
    notifyTeamOnFailure: request.notify_team_on_failure,
    isRetry: request.is_retry,
    firstName: request.first_name,
    lastName: request.last_name,
  };
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const messageId = await options.write(tx, meta);
      await audit(tx, {
        action: `signup_${options.channel}_test_sent`,
        actorId: caller.user.id,
        actorEmail: caller.user.email,
        targetType: 'agent',
        targetId: options.agent.id,
        details: {
          to: options.to,
          message_id: messageId,
          is_retry: request.is_retry,
          notify_team_on_failure: request.notify_team_on_failure,
        },
        ip: caller.ip,
      });
      return messageId;
    });
  } catch (error) {
    caller.log.warn({ err: error }, 'test message not written');
    return { status: 'ERROR', message: notQueuedMessage(options.channel) };
  }
  // Committed: the dispatcher sends it from the outbox; the bell only makes that immediate.
  dispatch(deps.queue);
  return { status: 'OK', message: sentMessage(options.channel, options.to), message_id: id };
}

/** POST /portal/agents/send-test-sms: a test text message to a phone the agent gives. */
export async function sendTestSms(
  deps: AppDeps,
  caller: Caller,
  request: z.output<typeof SendTestSmsRequestSchema>,
): Promise<TestSendResponse> {
  const agent = await requireAgent(deps.database.db, caller.user.id);
  await throttleTestSend(deps, { channel: 'sms', agentId: agent.id, to: request.phone, ip: caller.ip });
  return queueTestMessage(deps, caller, {
    channel: 'sms',
    agent,
    to: request.phone,
    request,
    write: (tx, meta) =>
      addSms(tx, deps.config, {
        to: request.phone,
        body: testSmsBody(request.first_name),
        template: TEST_TEMPLATES.sms,
        // The agent waits on the wizard's page for it: ahead of lead traffic.
        priority: 'personal',
        meta,
      }),
  });
}

/** The agent's own addresses: a test e-mail goes nowhere else, so this cannot mail strangers. */
const ownAddresses = (user: UserRow, agent: AgentRow) =>
  [user.email, agent.agentEmail].filter(Boolean).map((a) => a.trim().toLowerCase());

/** POST /portal/agents/send-test-email: a test e-mail to the agent's own address. */
export async function sendTestEmail(
  deps: AppDeps,
  caller: Caller,
  request: z.output<typeof SendTestEmailRequestSchema>,
): Promise<TestSendResponse> {
  const agent = await requireAgent(deps.database.db, caller.user.id);
  const to = request.agent_email;
  if (!ownAddresses(caller.user, agent).includes(to)) throw badRequest('Test e-mails go to your own address');
  await throttleTestSend(deps, { channel: 'email', agentId: agent.id, to, ip: caller.ip });
  const email = await testEmail(request.first_name, `${deps.config.publicUrl}/signup/email`);
  return queueTestMessage(deps, caller, {
    channel: 'email',
    agent,
    to,
    request,
    write: (tx, meta) => addEmail(tx, deps.config, { to, ...email, priority: 'personal', meta }),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /portal/agents/test-messages/:id: the delivery of one of the caller's own test messages. */
export async function getTestMessageStatus(
  db: Executor,
  options: { userId: string; id: string },
): Promise<TestMessageStatusResponse> {
  const missing = notFound('Test message not found');
  if (!UUID.test(options.id)) throw missing;
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.id, options.id),
        inArray(outboxMessages.template, Object.values(TEST_TEMPLATES)),
        sql`${outboxMessages.meta}->>'userId' = ${options.userId}`,
      ),
    );
  if (!row) throw missing;
  return {
    id: row.id,
    channel: row.channel === 'email' ? 'email' : 'sms',
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
  };
}
