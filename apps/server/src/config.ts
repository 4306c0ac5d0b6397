import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP, isIPv4 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { PoolOptions } from './db/client';

/** The only reader of process.env: every setting, validated, with its embedded default. */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The office's zone when OFFICE_TIMEZONE is not set: agents without a zone of their own use it. */
export const DEFAULT_OFFICE_TIMEZONE = 'America/Denver';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Connections each process opens to PostgreSQL (ARCHITECTURE.md: sizing for N processes). */
  DATABASE_POOL_MAX: z.coerce
    .number({ message: 'DATABASE_POOL_MAX must be a number of connections' })
    .int('DATABASE_POOL_MAX is a whole number')
    .min(2, 'DATABASE_POOL_MAX is at least 2')
    .max(500, 'DATABASE_POOL_MAX is at most 500')
    .default(10),
  /** A statement running longer is cancelled by PostgreSQL (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'DATABASE_STATEMENT_TIMEOUT_MS must be a number of milliseconds' })
    .int('DATABASE_STATEMENT_TIMEOUT_MS is a whole number of milliseconds')
    .min(0, 'DATABASE_STATEMENT_TIMEOUT_MS is 0 (no limit) or more')
    .default(0),
  /** An idle pooled connection is closed after this long. */
  DATABASE_IDLE_TIMEOUT_MS: z.coerce
    .number({ message: 'DATABASE_IDLE_TIMEOUT_MS must be a number of milliseconds' })
    .int('DATABASE_IDLE_TIMEOUT_MS is a whole number of milliseconds')
    .min(1000, 'DATABASE_IDLE_TIMEOUT_MS is at least 1000')
    .default(30_000),
  /** How long a request waits for a free connection (or a new one) before failing. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ message: 'DATABASE_CONNECT_TIMEOUT_MS must be a number of milliseconds' })
    .int('DATABASE_CONNECT_TIMEOUT_MS is a whole number of milliseconds')
    .min(100, 'DATABASE_CONNECT_TIMEOUT_MS is at least 100')
    .default(5000),
  PUBLIC_URL: z.url().optional(),
  API_BASE: z.string().startsWith('/').default('/api'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  DIGISIGNER_API_KEY: z.string().optional(),
  DIGISIGNER_API_BASE: z.url().default('https://api.digisigner.com/v1'),
  OFFICE_TIMEZONE: z.string().default(DEFAULT_OFFICE_TIMEZONE),
  ONBOARDING_CALL_HOURS: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/, 'ONBOARDING_CALL_HOURS is like 9-17 (office hours, whole hours)')
    .default('9-17'),
  ONBOARDING_CALL_MINUTES: z.coerce.number().int().min(10).max(120).default(30),
  ONBOARDING_CALL_LINK: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  MAIL_FROM: z.string().default('Agent Portal <office@agentportal.local>'),
  OFFICE_EMAIL: z.email().default('office@agentportal.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .superRefine((value, ctx) => {
      const message = trustProxyProblem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  COOKIE_SECURE: bool.optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  RUN_WORKERS: bool.default(true),
  SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  RATE_LIMIT_EMAIL_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_EMAIL_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_CODE_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_TEST_SEND_PER_AGENT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_TEST_SEND_PER_RECIPIENT: z.coerce.number().int().positive().default(5),
  /** E-mails agents write to their leads and recipients (POST /api/portal/agents/send-email), per hour. */
  RATE_LIMIT_AGENT_EMAIL_PER_AGENT: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_AGENT_EMAIL_PER_TARGET: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_AGENT_EMAIL_PER_IP: z.coerce.number().int().positive().default(100),
  /** An agent's first days after registration: a lower allowance per hour and per day (ADR 30). */
  RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_DAYS: z.coerce.number().int().min(0).default(7),
  RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_PER_HOUR: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_PER_DAY: z.coerce.number().int().positive().default(25),
  /** Onboarding-call bookings (each e-mails an invitation), per agent and per address, per hour. */
  RATE_LIMIT_CALL_BOOKING: z.coerce.number().int().positive().default(5),
  /** Console actions that send (sign-in links, retries, hand assignments), per superuser and per target, per hour. */
  RATE_LIMIT_CONSOLE_SEND_PER_ACCOUNT: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_CONSOLE_SEND_PER_TARGET: z.coerce.number().int().positive().default(20),
  /** Lead intake (POST /api/v1/leads and /api/v1/calls), per API key per minute. */
  RATE_LIMIT_INTAKE_PER_KEY: z.coerce.number().int().positive().default(600),
  /** Live event streams (GET /api/portal/me/events) open at once per user or recipient, per process. */
  RATE_LIMIT_EVENT_STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
  /** Seconds between the comments that keep an idle event stream open through proxies. */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(25),
  /** Seconds between the offer sweeper's looks for offers past their deadline (ADR 62). */
  OFFER_SWEEP_SECONDS: z.coerce.number().min(0.05).max(60).default(1),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  /** Embedded mode: PGlite and the dev mailbox, everything on this machine. */
  embedded: boolean;
  /** Mail and SMS stay in the outbox and the dev mailbox shows them (no SMTP, no Twilio, not production). */
  devMailbox: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL pool of each process (unused with PGlite). */
  databasePool: PoolOptions;
  publicUrl: string;
  apiBase: string;
  jwtSecret: string;
  tokenSecret: string;
  smtpUrl: string | undefined;
  /** SMS through Twilio when the account, token and sender are all set, else the outbox. */
  twilio: {
    accountSid: string;
    authToken: string;
    fromNumber: string;
    apiBase: string;
    requestTimeoutMs: number;
  } | null;
  /** Signatures collected by DigiSigner when its API key is set, else by the portal itself. */
  digisigner: { apiKey: string; apiBase: string; requestTimeoutMs: number } | null;
  /** The sender recorded on SMS rows: the Twilio number, or a label in the embedded outbox. */
  smsFrom: string;
  onboardingCalls: {
    officeTimezone: string;
    startHour: number;
    endHour: number;
    minutes: number;
    link: string | undefined;
  };
  /** Object storage: S3 when a bucket is set, else local disk under DATA_DIR/uploads. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
    requestTimeoutMs: number;
  } | null;
  uploadsDir: string;
  mailFrom: string;
  officeEmail: string;
  logLevel: Env['LOG_LEVEL'];
  /** false, a number of proxy hops, or the proxies' addresses and CIDR ranges, comma-separated (ADR 29). */
  trustProxy: false | number | string;
  cookieSecure: boolean;
  /** Origins whose browser requests may use the session cookie (the portal's own, and dev servers). */
  allowedOrigins: string[];
  runWorkers: boolean;
  seedDemo: boolean;
  webDist: string;
  rateLimits: {
    loginPerAccount: number;
    loginPerIp: number;
    windowSeconds: number;
    emailPerAddress: number;
    emailPerIp: number;
    codePerIp: number;
    /** Test SMS / e-mail sends of the signup wizard, per agent and per recipient, each per hour. */
    testSendPerAgent: number;
    testSendPerRecipient: number;
    /** E-mails an agent writes, per agent, per target address and per IP, each per hour. */
    agentEmailPerAgent: number;
    agentEmailPerTarget: number;
    agentEmailPerIp: number;
    /** An agent's first `newAgentDays` days after registration: per hour and per day. */
    agentEmailNewAgent: { days: number; perHour: number; perDay: number };
    callBooking: number;
    consoleSendPerAccount: number;
    consoleSendPerTarget: number;
    intakePerKeyPerMinute: number;
    eventStreamsPerUser: number;
  };
  /** The live event stream's heartbeat (ADR 59). */
  eventsHeartbeatMs: number;
  /** How often each process looks for lapsed offers (ADR 62). */
  offerSweepMs: number;
}

export class ConfigError extends Error {}

/** Folder the npm command was started from (npm sets INIT_CWD), so ./data means the repo's data. */
const baseDir = (source: Record<string, string | undefined>) => source.INIT_CWD || process.cwd();
const repoRoot = path.resolve(import.meta.dirname, '../../..');

function embeddedSecrets(dataDir: string): { jwt: string; token: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    jwt: randomBytes(48).toString('base64url'),
    token: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** Reads a .env file beside where npm was started, if there is one (variables already set win). */
export function loadDotEnv(): void {
  const file = path.join(baseDir(process.env), '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable (DATABASE_URL= in a .env file) means "not set".
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(baseDir(source), env.DATA_DIR);

  if (production) {
    const missing = (
      ['JWT_SECRET', 'TOKEN_SECRET', 'PUBLIC_URL', 'DATABASE_URL', 'SMTP_URL'] as const
    ).filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new ConfigError(`Production mode needs these settings: ${missing.join(', ')} (see .env.example)`);
    }
  }
  const twilio = twilioConfig(env);
  const secrets = env.JWT_SECRET && env.TOKEN_SECRET ? null : embeddedSecrets(dataDir);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  return {
    env: env.NODE_ENV,
    production,
    embedded: !env.DATABASE_URL,
    // Once mail or SMS can leave the machine, the outbox no longer stands in for a mailbox.
    devMailbox: !production && !env.SMTP_URL && !twilio,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePool: {
      max: env.DATABASE_POOL_MAX,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: env.DATABASE_IDLE_TIMEOUT_MS,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    },
    publicUrl,
    apiBase: env.API_BASE.replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET ?? secrets!.jwt,
    tokenSecret: env.TOKEN_SECRET ?? secrets!.token,
    smtpUrl: env.SMTP_URL,
    twilio,
    digisigner: env.DIGISIGNER_API_KEY
      ? {
          apiKey: env.DIGISIGNER_API_KEY,
          apiBase: env.DIGISIGNER_API_BASE.replace(/\/+$/, ''),
          requestTimeoutMs: 15_000,
        }
      : null,
    smsFrom: twilio?.fromNumber ?? 'Agent Portal',
    onboardingCalls: {
      officeTimezone: env.OFFICE_TIMEZONE,
      startHour: Number(env.ONBOARDING_CALL_HOURS.split('-')[0]),
      endHour: Number(env.ONBOARDING_CALL_HOURS.split('-')[1]),
      minutes: env.ONBOARDING_CALL_MINUTES,
      link: env.ONBOARDING_CALL_LINK,
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          requestTimeoutMs: 30_000,
        }
      : null,
    uploadsDir: path.join(dataDir, 'uploads'),
    mailFrom: env.MAIL_FROM,
    officeEmail: env.OFFICE_EMAIL,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cookieSecure: env.COOKIE_SECURE ?? (production || publicUrl.startsWith('https://')),
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(production ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173']),
      ...(env.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    runWorkers: env.RUN_WORKERS,
    // Demo users have published passwords: only on the embedded database unless asked for.
    seedDemo: !production && (env.SEED_DEMO ?? !env.DATABASE_URL),
    webDist: env.WEB_DIST
      ? path.resolve(baseDir(source), env.WEB_DIST)
      : path.join(repoRoot, 'apps/web/dist'),
    rateLimits: {
      loginPerAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      emailPerAddress: env.RATE_LIMIT_EMAIL_PER_ADDRESS,
      emailPerIp: env.RATE_LIMIT_EMAIL_PER_IP,
      codePerIp: env.RATE_LIMIT_CODE_PER_IP,
      testSendPerAgent: env.RATE_LIMIT_TEST_SEND_PER_AGENT,
      testSendPerRecipient: env.RATE_LIMIT_TEST_SEND_PER_RECIPIENT,
      agentEmailPerAgent: env.RATE_LIMIT_AGENT_EMAIL_PER_AGENT,
      agentEmailPerTarget: env.RATE_LIMIT_AGENT_EMAIL_PER_TARGET,
      agentEmailPerIp: env.RATE_LIMIT_AGENT_EMAIL_PER_IP,
      agentEmailNewAgent: {
        days: env.RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_DAYS,
        perHour: env.RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_PER_HOUR,
        perDay: env.RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_PER_DAY,
      },
      callBooking: env.RATE_LIMIT_CALL_BOOKING,
      consoleSendPerAccount: env.RATE_LIMIT_CONSOLE_SEND_PER_ACCOUNT,
      consoleSendPerTarget: env.RATE_LIMIT_CONSOLE_SEND_PER_TARGET,
      intakePerKeyPerMinute: env.RATE_LIMIT_INTAKE_PER_KEY,
      eventStreamsPerUser: env.RATE_LIMIT_EVENT_STREAMS_PER_USER,
    },
    eventsHeartbeatMs: Math.round(env.EVENTS_HEARTBEAT_SECONDS * 1000),
    offerSweepMs: Math.round(env.OFFER_SWEEP_SECONDS * 1000),
  };
}

const TWILIO_SETTINGS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;

/** All three Twilio settings or none: half a configuration would silently keep SMS on this machine. */
function twilioConfig(env: Env): Config['twilio'] {
  const missing = TWILIO_SETTINGS.filter((k) => !env[k]);
  if (missing.length === TWILIO_SETTINGS.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Twilio needs ${TWILIO_SETTINGS.join(', ')} together; missing: ${missing.join(', ')} (see .env.example)`,
    );
  }
  return {
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    fromNumber: env.TWILIO_FROM_NUMBER!,
    apiBase: env.TWILIO_API_BASE.replace(/\/+$/, ''),
    requestTimeoutMs: 10_000,
  };
}

/**
 * TRUST_PROXY (ADR 29): false; a number of proxy hops in front, each of which appends the address
 * it saw to X-Forwarded-For (the client's address is the entry the outermost one appended); or
 * the proxies' addresses and CIDR ranges, comma-separated (proxy-addr's names loopback, linklocal
 * and uniquelocal too). `true` is refused: it would take a forged first entry.
 */
function parseTrustProxy(value: string): false | number | string {
  const setting = value.trim();
  if (setting === 'false' || setting === '0' || setting === '') return false;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .join(', ');
}

/** What is wrong with a TRUST_PROXY setting, if anything. */
function trustProxyProblem(value: string): string | undefined {
  const setting = value.trim();
  if (setting === 'true') {
    return 'TRUST_PROXY=true would trust a forged X-Forwarded-For: give the number of proxies in front (1) or their addresses';
  }
  if (setting === 'false' || setting === '' || /^\d+$/.test(setting)) return undefined;
  const bad = setting
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => !isProxyAddress(entry));
  if (bad === undefined) return undefined;
  return `"${bad}" is neither a number of proxies (1) nor an address or CIDR range (10.0.0.0/8); give false, a hop count, or comma-separated addresses`;
}

/** An address, a CIDR range (or address/netmask), or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIPv4(bits);
}
