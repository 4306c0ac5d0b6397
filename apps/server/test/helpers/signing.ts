import { and, eq, sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/db/schema';
import { agentSession } from './agent-session';
import type { TestContext } from './app';

/** The broker of record the signing tests' agents name. */
export const BROKER = {
  name: 'Pat Broker',
  phone: '+16025550100',
  email: 'pat@summit-realty.example',
  is_billing_contact: true,
  billing_contact: null,
};

/** A signed-in agent with a complete signup, a brokerage and BROKER as broker of record. */
export function agentWithBroker(ctx: TestContext, overrides: Parameters<typeof agentSession>[1] = {}) {
  return agentSession(ctx, {
    ...overrides,
    agent: {
      agentFirstName: 'Dana',
      agentLastName: 'Reyes',
      agentPhone: '+16025550142',
      brokerage: 'Summit Realty',
      brokerOfRecord: BROKER,
      signupStatus: 'complete',
      ...overrides.agent,
    },
  });
}

/** The e-mails asking the broker to sign (first request and reminders), not the signed copy. */
export const brokerEmails = (ctx: TestContext) =>
  ctx.deps.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.toAddress, BROKER.email),
        sql`${outboxMessages.template} like 'broker_signing_%'`,
      ),
    );
