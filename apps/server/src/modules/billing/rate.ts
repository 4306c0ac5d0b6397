import type { RateSource } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessCodes, agents, users } from '../../db/schema';
import { readSettings } from '../../lib/settings';

export interface AgentRate {
  rate_percent: number;
  source: RateSource;
}

/**
 * The referral fee rates of `agentIds` (ADR 66) in one statement, most particular first: the
 * agent's own (a superuser's choice), their office's, the access code they signed up with, the
 * network's. Agents that do not exist are left out.
 */
export async function agentRates(db: Executor, agentIds: readonly string[]): Promise<Map<string, AgentRate>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: agents.id,
      agent: agents.referralFeePercent,
      office: users.referralFeePercent,
      code: sql<string | null>`(
        select ${accessCodes.referralFeePercent} from ${accessCodes}
        where lower(${accessCodes.code}) = lower(${agents.accessCode}) and ${agents.accessCode} <> ''
      )`,
    })
    .from(agents)
    .leftJoin(users, eq(users.id, agents.corporateUserId))
    .where(inArray(agents.id, [...agentIds]));
  const network = (await readSettings(db)).billing.referral_fee_percent;
  return new Map(
    rows.map((row): [string, AgentRate] => {
      if (row.agent != null) return [row.id, { rate_percent: Number(row.agent), source: 'agent' }];
      if (row.office != null) return [row.id, { rate_percent: Number(row.office), source: 'office' }];
      if (row.code != null) return [row.id, { rate_percent: Number(row.code), source: 'access_code' }];
      return [row.id, { rate_percent: network, source: 'network' }];
    }),
  );
}

/** One agent's rate; the network's for an agent that does not exist. */
export async function agentRate(db: Executor, agentId: string): Promise<AgentRate> {
  const rate = (await agentRates(db, [agentId])).get(agentId);
  return rate ?? { rate_percent: (await readSettings(db)).billing.referral_fee_percent, source: 'network' };
}

/** "25 %", "27.5 %": a rate as the agreements and invoices print it. */
export const readableRate = (ratePercent: number) => `${Number(ratePercent.toFixed(2))} %`;
