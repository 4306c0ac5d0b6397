import { createHash } from 'node:crypto';
import { ERROR } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneTimeTokens, outboxMessages, users } from '../src/db/schema';
import { CORPORATE_LINK_INVALID, corporateLoginLink } from '../src/modules/corporate/service';
import { agentSession } from './helpers/agent-session';
import { createTestContext, drainJobs, eventually, type TestContext } from './helpers/app';
import { lastMessageTo, linkIn, seedAccessCode, seedCorporate, seedUser } from './helpers/factories';
import { confirmRegistration } from './helpers/register';

/**
 * The one-time links of every kind (SECURITY.md items 9, 10 and 12): verification, sign-in
 * (account and team member), corporate and registration links are signed JWTs whose id is the
 * row's id and whose row keeps only a SHA-256 hash; each lasts its stated lifetime, works once
 * even when opened twice at the same moment, and is voided by a newer one. The requests that
 * e-mail them are limited per address and per IP.
 */

const PER_ADDRESS = 3;
const PER_IP = 5;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_EMAIL_PER_ADDRESS: String(PER_ADDRESS), RATE_LIMIT_EMAIL_PER_IP: String(PER_IP) },
    workers: true,
  });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());
afterEach(() => {
  vi.useRealTimers();
});

const db = () => ctx.deps.database.db;

let ipCounter = 0;
/** A fresh client address, so only the throttle tests meet the per-IP limit. */
const nextIp = () => `10.61.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;
const nextEmail = (name: string) => `${name}-${++emailCounter}@example.com`;

const post = (url: string, payload: object, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Claims {
  jti: string;
  type: string;
  sub: string;
  iat: number;
  exp: number;
  [key: string]: unknown;
}
const claimsOf = (token: string): Claims =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

/** The same link with its payload changed and the original signature kept. */
function altered(token: string, change: (claims: Claims) => Claims): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify(change(claimsOf(token)))).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Runs `work` with the server's clock `seconds` ahead (the link's JWT expiry is read from it). */
async function secondsLater<T>(seconds: number, work: () => Promise<T>): Promise<T> {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/** The newest message to `email` with this subject, once it is newer than `beforeId`. */
async function newMail(email: string, subject: string, beforeId: string | undefined) {
  return eventually(async () => {
    const latest = await lastMessageTo(db(), email);
    return latest && latest.id !== beforeId && latest.subject === subject ? latest : null;
  });
}

interface Holder {
  /** Asks for a new link for the same holder, the way the client does, and returns its token. */
  issue(): Promise<string>;
  /** Opens the link the way the client does. */
  open(token: string): Promise<LightMyRequestResponse>;
  /** Whether the link did what it is for (the address verified, the account created). */
  effect?(): Promise<boolean>;
}

interface Kind {
  type: string;
  /** The stated lifetime in seconds (SECURITY.md item 10), written out: a longer one must fail. */
  ttl: number;
  /** The status of a link that opened. */
  opened: number;
  /** What a refused link answers. */
  refused: string;
  /** A new holder of this kind of link (an account, a team member, an office, a new agent). */
  holder(): Promise<Holder>;
}

/** Requests an e-mailed link and returns its token. */
async function mailedLink(
  url: string,
  payload: object,
  email: string,
  subject: string,
  path: string,
): Promise<string> {
  const before = (await lastMessageTo(db(), email))?.id;
  const response = await post(url, payload);
  expect(response.statusCode).toBe(202);
  return linkIn((await newMail(email, subject, before)).textBody, path).token;
}

const validateMagic = (token: string) => post('/api/auth/validate-magic-token', { token });

const KINDS: Kind[] = [
  {
    type: 'verify_email',
    ttl: 60 * 60,
    opened: 200,
    refused: ERROR.verificationFailed,
    async holder() {
      const { user } = await seedUser(db(), { isVerified: false });
      return {
        issue: () =>
          mailedLink(
            '/api/auth/request-verify-token',
            { email: user.email },
            user.email,
            'Confirm your e-mail address',
            '/verify-email/',
          ),
        open: (token) => ctx.app.inject({ url: `/api/verify/${token}`, remoteAddress: nextIp() }),
        effect: async () => {
          const [row] = await db().select().from(users).where(eq(users.id, user.id));
          return row!.isVerified;
        },
      };
    },
  },
  {
    type: 'default_login',
    ttl: 10 * 60,
    opened: 200,
    refused: ERROR.tokenInvalid,
    async holder() {
      const { user } = await seedUser(db());
      return {
        issue: () =>
          mailedLink(
            '/api/auth/request-magic-link',
            { email: user.email },
            user.email,
            'Your sign-in link',
            '/login/magic/',
          ),
        open: validateMagic,
      };
    },
  },
  {
    type: 'recipient_login',
    ttl: 10 * 60,
    opened: 200,
    refused: ERROR.tokenInvalid,
    async holder() {
      const agent = await agentSession(ctx, {
        agent: {
          signupStatus: 'complete',
          agentFirstName: 'Dana',
          agentLastName: 'Reyes',
          agentPhone: '+16025550142',
        },
      });
      const email = nextEmail('team');
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/portal/me/recipients',
        headers: agent.headers,
        payload: { first_name: 'Sam', email, send_email: true },
      });
      expect(added.statusCode).toBe(201);
      return {
        issue: () =>
          mailedLink(
            '/api/auth/request-magic-link',
            { email },
            email,
            // A team member's sign-in e-mail names the agent whose leads it opens.
            "Sign in to see Dana Reyes's leads",
            '/login/magic/',
          ),
        open: validateMagic,
      };
    },
  },
  {
    type: 'corporate_login',
    ttl: 24 * 60 * 60,
    opened: 200,
    refused: CORPORATE_LINK_INVALID,
    async holder() {
      const office = await seedCorporate(db());
      return {
        issue: async () =>
          (await corporateLoginLink(ctx.deps, office.user.email, { email: 'test' })).split(
            '/login/corporate/',
          )[1]!,
        open: (token) =>
          ctx.app.inject({ method: 'GET', url: `/api/login/corporate/${token}`, remoteAddress: nextIp() }),
      };
    },
  },
  {
    type: 'registration',
    ttl: 60 * 60,
    opened: 201,
    refused: ERROR.tokenInvalid,
    async holder() {
      const code = await seedAccessCode(db());
      const email = nextEmail('joiner');
      return {
        issue: () =>
          mailedLink(
            '/api/portal/register',
            { email, access_code: code.code, password: 'a-long-and-quiet-river' },
            email,
            'Finish creating your account',
            '/signup/confirm/',
          ),
        open: (token) => confirmRegistration(ctx, token, nextIp()),
        effect: async () => (await db().select().from(users).where(eq(users.email, email))).length === 1,
      };
    },
  },
];

const kind = (type: string) => KINDS.find((k) => k.type === type)!;

/** The link was refused the way the client shows it: 400 with the kind's message. */
function expectRefused(response: LightMyRequestResponse, k: Kind) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: k.refused });
}

for (const k of KINDS) {
  describe(`${k.type} links`, () => {
    it('keep only a SHA-256 hash in the table; the token is a signed JWT whose jti is the row id; two differ', async () => {
      const holder = await k.holder();
      const first = await holder.issue();
      const second = await holder.issue();
      expect(second).not.toBe(first);

      const { rows } = await ctx.deps.database.executeSql('select * from one_time_tokens', []);
      const table = JSON.stringify(rows);
      const jtis = new Set<string>();
      for (const token of [first, second]) {
        const { payload, protectedHeader } = await jwtVerify(
          token,
          new TextEncoder().encode(ctx.deps.config.tokenSecret),
          { algorithms: ['HS256'], issuer: 'agent-portal', audience: 'portal-link' },
        );
        expect(protectedHeader.alg).toBe('HS256');
        expect(payload.type).toBe(k.type);
        expect(payload.jti).toMatch(UUID_V4);
        jtis.add(payload.jti!);
        expect(payload.exp! - payload.iat!).toBe(k.ttl);

        const row = (rows as { id: string; type: string; token_hash: string }[]).find(
          (r) => r.id === payload.jti,
        );
        expect(row).toMatchObject({ type: k.type, token_hash: sha256(token) });
        // Neither the link nor its payload nor its signature is kept.
        expect(table).not.toContain(token);
        expect(table).not.toContain(token.split('.')[1]!);
        expect(table).not.toContain(token.split('.')[2]!);

        const [lifetime] = await db()
          .select({
            seconds: sql<number>`extract(epoch from (${oneTimeTokens.expiresAt} - ${oneTimeTokens.createdAt}))::int`,
          })
          .from(oneTimeTokens)
          .where(eq(oneTimeTokens.id, payload.jti!));
        expect(lifetime!.seconds).toBe(k.ttl);
      }
      expect(jtis.size).toBe(2);
      // A wrong key does not verify it: the id is signed.
      await expect(
        jwtVerify(first, new TextEncoder().encode('another-secret-that-is-long-enough-0123456789')),
      ).rejects.toThrow();
    });

    it('refuse a link altered after signing, which leaves the real link usable', async () => {
      const holder = await k.holder();
      const token = await holder.issue();
      const longer = altered(token, (claims) => ({ ...claims, exp: claims.exp + 365 * 86_400 }));
      expectRefused(await holder.open(longer), k);
      const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
      expectRefused(await holder.open(forged), k);
      expect((await holder.open(token)).statusCode).toBe(k.opened);
      expectRefused(await holder.open(token), k);
    });

    it('let exactly one of two concurrent uses succeed', async () => {
      const holder = await k.holder();
      const token = await holder.issue();
      const results = await Promise.all([holder.open(token), holder.open(token)]);
      expect(results.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([k.opened, 400]);
      expectRefused(results.find((r) => r.statusCode === 400)!, k);
      if (holder.effect) expect(await holder.effect()).toBe(true);
    });

    it('are voided by a newer link for the same holder', async () => {
      const holder = await k.holder();
      const older = await holder.issue();
      const newer = await holder.issue();
      expectRefused(await holder.open(older), k);
      if (holder.effect) expect(await holder.effect()).toBe(false);
      expect((await holder.open(newer)).statusCode).toBe(k.opened);
      if (holder.effect) expect(await holder.effect()).toBe(true);
    });
  });
}

for (const k of ['verify_email', 'default_login', 'registration'].map(kind)) {
  const lifetime = k.ttl;
  describe(`${k.type} links last ${lifetime / 60} minutes`, () => {
    it('open a minute before the end and are refused a minute after it', async () => {
      await drainJobs(ctx);
      const late = await k.holder();
      const lateToken = await late.issue();
      await drainJobs(ctx);
      const refused = await secondsLater(lifetime + 60, () => late.open(lateToken));
      expectRefused(refused, k);
      if (late.effect) expect(await late.effect()).toBe(false);
      // Only the time had to pass: the same link, opened now, works.
      expect((await late.open(lateToken)).statusCode).toBe(k.opened);

      const inTime = await k.holder();
      const inTimeToken = await inTime.issue();
      await drainJobs(ctx);
      const opened = await secondsLater(lifetime - 60, () => inTime.open(inTimeToken));
      expect(opened.statusCode).toBe(k.opened);
      if (inTime.effect) expect(await inTime.effect()).toBe(true);
    });

    it('are refused once the recorded expiry has passed, whatever the JWT says', async () => {
      const holder = await k.holder();
      const token = await holder.issue();
      await db()
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oneTimeTokens.id, claimsOf(token).jti));
      expectRefused(await holder.open(token), k);
      if (holder.effect) expect(await holder.effect()).toBe(false);
    });
  });
}

describe('e-mailed link requests are throttled', () => {
  const PASSWORD = 'a-long-and-quiet-river';
  const THROTTLE_CODE = 'THROTTLE-CODE';
  const mailers = [
    {
      name: 'magic-link requests',
      url: '/api/auth/request-magic-link',
      payload: (email: string) => ({ email }),
      holder: (email: string) => seedUser(db(), { email }),
    },
    {
      name: 'verification requests',
      url: '/api/auth/request-verify-token',
      payload: (email: string) => ({ email }),
      holder: (email: string) => seedUser(db(), { email, isVerified: false }),
    },
    {
      name: 'registrations',
      url: '/api/portal/register',
      payload: (email: string) => ({ email, access_code: THROTTLE_CODE, password: PASSWORD }),
      holder: async (_email: string) => {},
    },
  ];

  beforeEach(async () => {
    await seedAccessCode(db(), { code: THROTTLE_CODE });
  });

  const mailsTo = async (email: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, email))).length;

  const expectLimited = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ detail: ERROR.tooManyRequests });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  };

  for (const mailer of mailers) {
    describe(mailer.name, () => {
      it(`are limited per address (${PER_ADDRESS} an hour) whatever the IP; another address is not held back`, async () => {
        const email = nextEmail('flooded');
        const other = nextEmail('bystander');
        await mailer.holder(email);
        await mailer.holder(other);
        for (let i = 0; i < PER_ADDRESS; i++)
          expect((await post(mailer.url, mailer.payload(email))).statusCode).toBe(202);
        expectLimited(await post(mailer.url, mailer.payload(email)));
        expect((await post(mailer.url, mailer.payload(other))).statusCode).toBe(202);
        await drainJobs(ctx);
        expect(await mailsTo(email)).toBe(PER_ADDRESS);
        expect(await mailsTo(other)).toBe(1);
      });

      it(`are limited per IP (${PER_IP} an hour) whatever the address; another address from another IP is not held back`, async () => {
        const ip = nextIp();
        const addresses = Array.from({ length: PER_IP + 2 }, () => nextEmail('spray'));
        for (const email of addresses) await mailer.holder(email);
        for (const email of addresses.slice(0, PER_IP))
          expect((await post(mailer.url, mailer.payload(email), ip)).statusCode).toBe(202);
        const blocked = addresses[PER_IP]!;
        expectLimited(await post(mailer.url, mailer.payload(blocked), ip));
        const fresh = addresses[PER_IP + 1]!;
        expect((await post(mailer.url, mailer.payload(fresh))).statusCode).toBe(202);
        await drainJobs(ctx);
        expect(await mailsTo(blocked)).toBe(0);
        expect(await mailsTo(fresh)).toBe(1);
        for (const email of addresses.slice(0, PER_IP)) expect(await mailsTo(email)).toBe(1);
      });
    });
  }
});
