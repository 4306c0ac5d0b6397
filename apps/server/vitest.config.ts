import { defineProject } from 'vitest/config';

/**
 * The suites whose SQL or behaviour differs between PGlite and PostgreSQL, with the reason. PGlite
 * is one connection in this process: transactions run one at a time, so races, row and advisory
 * locks and unique conflicts between requests only happen on PostgreSQL, as do pools, lost
 * connections and a second process on the same database. The drivers differ too: node-postgres
 * and PGlite build their own error objects, which the refusal mapping reads (ADR 33).
 * The PostgreSQL pass (TEST_DATABASE_URL) runs these; every suite runs on PGlite.
 */
export const POSTGRES_SUITES: Record<string, string> = {
  'test/database-outage.test.ts':
    'PostgreSQL drops every connection, also inside a transaction: the pool recovers',
  'test/two-processes.test.ts': 'a second server process on the same database shares the limits',
  'test/events.test.ts': "the event bus's LISTEN connection of its own beside the pool, notified at commit",
  'test/events-two-processes.test.ts':
    'a lead or a message committed by one server process reaches the streams and dispatcher of another',
  'test/corporate.test.ts': 'a rename holds its row lock while another connection changes a membership',
  'test/provider-limits.test.ts': "send slots taken by two processes' pools under row locks",
  'test/delivery.test.ts': 'two dispatchers on two pools claim the outbox; a claim lost to another worker',
  'test/mail-delivery.test.ts': 'two deliveries of one message at once send one e-mail',
  'test/sms-twilio.test.ts': 'two deliveries of one text at once send one SMS',
  'test/lead-delivery.test.ts': 'the dispatcher woken twice at once sends a lead e-mail once',
  'test/auth-links.test.ts': 'link requests and uses that race: advisory lock per account, one use wins',
  'test/link-tokens.test.ts': 'two uses of one link at once: exactly one succeeds',
  'test/auth-sessions.test.ts': 'two refreshes of one session family at once',
  'test/auth-login.test.ts': "the login throttle's row-locked SQL, attempts at once",
  'test/portal-signup.test.ts':
    "registrations and code uses at once: advisory lock, the code's use limit, unique violations",
  'test/signup-call.test.ts': 'bookings of one call slot at once',
  'test/signing.test.ts': 'two submits of one signing link at once',
  'test/uploads.test.ts': 'uploads at once under the quota: advisory lock per agent',
  'test/leads.test.ts':
    "intake at once (advisory locks, batched transactions), a key's limit under concurrency",
  'test/hostile-input.test.ts':
    "creates that race a unique index; each driver's error fields mapped to 409 and 400",
  'test/input-fuzz.test.ts': "values the database refuses, read from each driver's error fields",
  'test/openapi-fuzz.test.ts': "values the database refuses, read from each driver's error fields",
  'test/lead-lifecycle.test.ts':
    'first contacts logged at once move a lead once; runs of the hold job at once bring a lead back once',
  'test/agenda-email.test.ts':
    'runs of the agenda job at once: one inserts the day, the others wait and skip',
  'test/digest-email.test.ts':
    'runs of the digest job at once: one inserts the week, the others wait and skip',
  'test/routing-capacity.test.ts':
    "the candidates' named prepared statement: zone, date and array parameters as each driver sends them",
  'test/scorecards.test.ts':
    "the scorecard's one statement: percentile_cont, numeric rounding and jsonb as each driver answers them",
  'test/lead-queue.test.ts':
    "the queue's order by the agent's day: time zones, null next actions and ties as PostgreSQL sorts them",
  'test/lead-offers.test.ts':
    'an offer passed, lapsed or released routed again under the row locks, with its reasons',
  'test/lead-offers-race.test.ts':
    "accepts at an offer's deadline against a worker process's sweeper: row locks, skip locked",
  'test/billing.test.ts':
    "closings at once take invoice numbers under the counter's row lock; bigint and numeric as each driver answers them",
  'test/database-pool.test.ts':
    "the pool's size, statement timeout and connect timeout, as node-postgres and PostgreSQL apply them",
  'test/money-migration.test.ts':
    'the money columns converted from double precision to numeric, and the ledger carried over, as PostgreSQL does it',
  'test/json-insert.test.ts':
    "rows as one JSON parameter read back as a select gives them: each driver's timestamps, numeric and jsonb",
  'test/retention.test.ts':
    'two clean-ups at once: the advisory lock and the run in progress keep the second one out',
};

/** The suites that take longest (the CLI's starts 28 processes): they start first (../../vitest.config.ts). */
export const LONGEST_SUITES = [
  'test/config-cli.test.ts',
  'test/openapi-fuzz.test.ts',
  'test/signing.test.ts',
];

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const everySuite = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The API tests, run against a real database: PGlite by default (project `server`, every suite),
 * PostgreSQL when TEST_DATABASE_URL is set (project `server-pg`, POSTGRES_SUITES; every suite with
 * TEST_DATABASE_SUITES=all).
 */
export default defineProject({
  test: {
    name: postgres ? 'server-pg' : 'server',
    root: import.meta.dirname,
    include:
      postgres && process.env.TEST_DATABASE_SUITES !== 'all' ? Object.keys(POSTGRES_SUITES) : everySuite,
    environment: 'node',
    globalSetup: ['./test/setup/global-setup.ts'],
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each worker keeps one database and its imported modules for all the files it runs
    // (test/helpers/database.ts), emptied between files: no new process, module graph or
    // database per file. PGlite holds ~800 MB per worker. Three workers keep both cores busy
    // while tests wait on timers, sockets and child processes (on a quiet 2-core machine two to
    // four finish within seconds of each other; with other work on it, three finish first).
    pool: 'forks',
    isolate: false,
    maxWorkers: 3,
    // A group of its own: projects of one group share one worker count.
    sequence: { groupOrder: 2 },
  },
});
