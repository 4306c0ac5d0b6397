import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rateLimits } from '../src/db/schema';
import { createTestContext, type TestContext, testConfig } from './helpers/app';
import { seedUser } from './helpers/factories';

/**
 * SECURITY.md item 26: behind a load balancer the client's address is the one the proxy saw.
 * A real server listens on 127.0.0.1; a real reverse proxy in front of it appends the address
 * of each connection to X-Forwarded-For, as nginx and cloud load balancers do, and connects to
 * the server from 127.0.0.5. The "clients" connect to the proxy from different loopback
 * addresses (Linux answers on all of 127.0.0.0/8).
 */

const CLIENT_A = '127.0.0.2';
const CLIENT_B = '127.0.0.3';
const PROXY_ADDRESS = '127.0.0.5';
const LIMITS = { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_LOGIN_PER_IP: '6' };

let ctx: TestContext;
const open: { close(): Promise<unknown> }[] = [];

/** The portal, listening on a free port, sharing the test database, with this TRUST_PROXY. */
async function startPortal(trustProxy: string): Promise<string> {
  const app: FastifyInstance = await buildApp({
    ...ctx.deps,
    config: testConfig({ ...LIMITS, TRUST_PROXY: trustProxy }),
  });
  open.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A reverse proxy: forwards to `target` from PROXY_ADDRESS, appending the peer to X-Forwarded-For. */
async function startProxy(target: string): Promise<string> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, localAddress: PROXY_ADDRESS });
  const server = http.createServer((request, response) => {
    const seen = request.socket.remoteAddress ?? '';
    const forwarded = request.headers['x-forwarded-for'];
    const headers = {
      ...request.headers,
      'x-forwarded-for': forwarded ? `${forwarded}, ${seen}` : seen,
    };
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One sign-in, sent from the loopback address `from` (a fresh connection each time). */
function signIn(
  base: string,
  from: string,
  email: string,
  password: string,
  extraHeaders: Record<string, string> = {},
): Promise<number> {
  const body = new URLSearchParams({ username: email, password }).toString();
  const url = new URL('/api/login', base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...extraHeaders,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The addresses the sign-in counters were kept under. */
async function countedAddresses(): Promise<string[]> {
  const rows = await ctx.deps.database.db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(like(rateLimits.key, 'login:ip:%'));
  return rows.map((row) => row.key.slice('login:ip:'.length)).sort();
}

describe('through a real reverse proxy', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ env: LIMITS });
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.reset());
  afterEach(async () => {
    for (const server of open.splice(0).reverse()) await server.close();
  });

  describe('with TRUST_PROXY=1 (one hop)', () => {
    let base = '';
    beforeEach(async () => {
      base = await startProxy(await startPortal('1'));
    });

    it("counts each client under its own address: client A's failures never throttle client B", async () => {
      const { password } = await seedUser(ctx.deps.database.db, { email: 'owner@example.com' });
      await seedUser(ctx.deps.database.db, { email: 'other@example.com' });
      const fromA: number[] = [];
      for (let i = 0; i < 4; i++) fromA.push(await signIn(base, CLIENT_A, 'owner@example.com', 'guess-a'));
      for (let i = 0; i < 3; i++)
        fromA.push(await signIn(base, CLIENT_A, `other${i}@example.com`, 'guess-a'));
      // Three free failures on the account, then a wait; six attempts in all, then A's own limit.
      expect(fromA).toEqual([400, 400, 400, 429, 400, 400, 429]);

      expect(await signIn(base, CLIENT_B, 'owner@example.com', 'typo-b')).toBe(400);
      expect(await signIn(base, CLIENT_B, 'other@example.com', 'typo-b')).toBe(400);
      expect(await signIn(base, CLIENT_B, 'owner@example.com', password)).toBe(200);
      expect(await countedAddresses()).toEqual([CLIENT_A, CLIENT_B]);
    });

    it('never locks the owner out: strangers failing from other addresses do not hold back the right password', async () => {
      const { password } = await seedUser(ctx.deps.database.db, { email: 'owner@example.com' });
      for (const stranger of [CLIENT_A, '127.0.0.4', '127.0.0.6']) {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++)
          statuses.push(await signIn(base, stranger, 'owner@example.com', 'stranger-guess'));
        expect(statuses).toEqual([400, 400, 400, 429, 429]);
      }
      expect(await signIn(base, CLIENT_B, 'owner@example.com', password)).toBe(200);
    });

    it('takes only the entry the proxy appended: a forged X-Forwarded-For picks no address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          await signIn(base, CLIENT_A, `forger${i}@example.com`, 'guess', {
            // A fresh address each time, then the other client's, to frame it.
            'x-forwarded-for': i % 2 ? `203.0.113.${i}` : `${CLIENT_B}, 198.51.100.${i}`,
          }),
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
      expect(await countedAddresses()).toEqual([CLIENT_A]);
      expect(await signIn(base, CLIENT_B, 'forger0@example.com', 'guess')).toBe(400);
    });
  });

  describe.each([
    ["the proxy's address", PROXY_ADDRESS],
    ['a CIDR range and a list', '127.0.0.4/31, ::1'],
  ])('with TRUST_PROXY set to %s', (_what, trustProxy) => {
    let portal = '';
    let base = '';
    beforeEach(async () => {
      portal = await startPortal(trustProxy);
      base = await startProxy(portal);
    });

    it("counts the address the proxy saw: client A's failures never throttle client B", async () => {
      const { password } = await seedUser(ctx.deps.database.db, { email: 'owner@example.com' });
      const fromA: number[] = [];
      for (let i = 0; i < 7; i++) {
        fromA.push(
          await signIn(base, CLIENT_A, i < 4 ? 'owner@example.com' : `other${i}@example.com`, 'guess-a', {
            'x-forwarded-for': `203.0.113.${i}`,
          }),
        );
      }
      expect(fromA).toEqual([400, 400, 400, 429, 400, 400, 429]);
      expect(await signIn(base, CLIENT_B, 'owner@example.com', password)).toBe(200);
      expect(await countedAddresses()).toEqual([CLIENT_A, CLIENT_B]);
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
      // Straight to the server, not through the proxy: the socket's address is the client's.
      for (let i = 0; i < 3; i++) {
        expect(
          await signIn(portal, CLIENT_A, `direct${i}@example.com`, 'guess', {
            'x-forwarded-for': `203.0.113.${i}`,
          }),
        ).toBe(400);
      }
      expect(await countedAddresses()).toEqual([CLIENT_A]);
    });
  });
});

describe('TRUST_PROXY settings', () => {
  it('takes false, a hop count, or addresses and CIDR ranges', () => {
    expect(testConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(testConfig({}).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7, fd00::/8, loopback' }).trustProxy).toBe(
      '10.0.0.0/8, 192.0.2.7, fd00::/8, loopback',
    );
  });

  it('refuses true, which would trust any forged header, and names what to give instead', () => {
    expect(() => testConfig({ TRUST_PROXY: 'true' })).toThrow(/forged X-Forwarded-For.*number of proxies/);
  });

  it('refuses a setting that is neither a hop count nor addresses, naming the bad entry', () => {
    expect(() => testConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY.*"yes"/);
    expect(() => testConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' })).toThrow(
      /TRUST_PROXY.*"10\.0\.0\.0\/33"/,
    );
  });
});
