import type { Config } from './config';
import type { Database } from './db/client';
import type { UserRow } from './db/schema';
import type { Queue } from './jobs/queue';
import type { Providers } from './providers';

/** What every module needs, built once in server.ts (or a test) and handed to buildApp. */
export interface AppDeps {
  config: Config;
  database: Database;
  providers: Providers;
  queue: Queue;
}

export interface UserAuth {
  kind: 'user';
  user: UserRow;
  sessionId: string;
  /** The user's agent record, if it has one (read with the session, for the scopes that need it). */
  agentId: string | null;
  /** That agent's status (ADR 28: what each status may do), null without an agent record. */
  agentStatus: string | null;
  /** The stamp of that agent's leads when read with the session (null: none, or not read). */
  leadsStamp: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    auth: UserAuth | null;
  }
}
