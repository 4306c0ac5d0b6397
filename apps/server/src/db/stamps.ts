import { sql } from 'drizzle-orm';
import { agents } from './schema';

/**
 * The stamp of everything an agent record is read from: triggers draw it anew with every change
 * to the agent's row, its group memberships and their groups, or its corporate user (migration
 * 0018), so a record written for a stamp is right while the stamp is the same. Null without an
 * agent (a left join from users).
 */
export const agentRecordStamp = sql<string | null>`${agents.recordStamp}::text`;
