import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import {
  accessCodes,
  agents,
  groupMemberships,
  groups,
  leads,
  outboxMessages,
  users,
} from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/passwords';

export const DEFAULT_PASSWORD = 'quiet-harbor-lantern-42';

const unique = () => randomBytes(4).toString('hex');

let cachedHash: Promise<string> | null = null;
const defaultHash = () => {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  return cachedHash;
};

export function buildUser(overrides: Partial<typeof users.$inferInsert> = {}): typeof users.$inferInsert {
  return {
    email: `user-${unique()}@example.com`,
    name: 'Test User',
    isVerified: true,
    isAgent: false,
    userRole: 'agent',
    ...overrides,
  };
}

export async function seedUser(
  db: Executor,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const passwordHash = password ? await hashPassword(password) : await defaultHash();
  const [user] = await db
    .insert(users)
    .values({ ...buildUser(rest), passwordHash })
    .returning();
  return { user: user!, password: password ?? DEFAULT_PASSWORD };
}

export async function seedAgent(
  db: Executor,
  overrides: { user?: Partial<typeof users.$inferInsert>; agent?: Partial<typeof agents.$inferInsert> } = {},
) {
  const { user, password } = await seedUser(db, { isAgent: true, userRole: 'agent', ...overrides.user });
  const [agent] = await db
    .insert(agents)
    .values({
      userId: user.id,
      agentUri: `agent-${unique()}`,
      agentEmail: user.email,
      signupStatus: 'mailingAddress',
      ...overrides.agent,
    })
    .returning();
  return { user, agent: agent!, password };
}

export async function seedAccessCode(db: Executor, overrides: Partial<typeof accessCodes.$inferInsert> = {}) {
  const [code] = await db
    .insert(accessCodes)
    .values({ code: `CODE-${unique()}`, ...overrides })
    .returning();
  return code!;
}

/** The newest message in the outbox for an address. */
export async function lastMessageTo(db: Executor, to: string) {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message ?? null;
}

/** The first link in a message's text that contains `path`, with its token. */
export function linkIn(text: string, path: string): { url: string; token: string } {
  const url = text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(path));
  if (!url) throw new Error(`no ${path} link in: ${text}`);
  return { url, token: url.split(path)[1]!.split(/[?#\s]/)[0]! };
}

/** A lead of an agent, inserted as intake would leave it (routed, with its search text). */
export async function seedLead(
  db: Executor,
  agentId: string | null,
  overrides: Partial<typeof leads.$inferInsert> = {},
) {
  const [lead] = await db
    .insert(leads)
    .values({
      agentId,
      leadType: 'fsbo',
      firstName: 'Sam',
      lastName: `Seller ${unique()}`,
      phone: '+16025550100',
      zip: '85004',
      source: 'test',
      routing: { decision: 'assigned', reason: 'test', candidates: 1, decidedAt: new Date().toISOString() },
      ...overrides,
    })
    .returning();
  return lead!;
}

/** A corporate user with groups it owns. */
export async function seedCorporate(db: Executor, groupNames: string[] = ['Group']) {
  const corporate = await seedUser(db, { userRole: 'corporate', name: `Office ${unique()}` });
  const created = await db
    .insert(groups)
    .values(groupNames.map((name) => ({ name, corporateUserId: corporate.user.id })))
    .returning();
  return { ...corporate, groups: created };
}

export async function addMember(db: Executor, groupId: string, agentId: string, isManager = false) {
  await db.insert(groupMemberships).values({ groupId, agentId, isManager });
}
