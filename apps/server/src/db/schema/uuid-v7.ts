import { sql } from 'drizzle-orm';

/**
 * The default id of the tables that grow with every lead (leads, their events, activities and
 * offers, calls, outbox messages and their attempts): a UUID of version 7, ordered by the time it
 * was made, from the database's `portal_uuid_v7()` (migration 0031; lib/uuid.ts makes the same
 * in the server). ADR 69.
 */
export const uuidV7 = sql`portal_uuid_v7()`;
