import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { users } from './users';

/** Groups of agents that corporate users can see and agents can manage (SPEC.md section 6). */
export const groups = pgTable(
  'groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** The corporate user who owns the group and sees its members linked to it. */
    corporateUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groups_corporate_idx').on(t.corporateUserId)],
);

export const groupMemberships = pgTable(
  'group_memberships',
  {
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    isManager: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_memberships_key').on(t.groupId, t.agentId),
    index('group_memberships_agent_idx').on(t.agentId),
  ],
);
