import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/modules/leads/api-keys';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedLead } from './helpers/factories';

/**
 * Hostile input (ADR 23): every text input refuses control characters with a 400 naming the
 * field, and every date is between 1900 and 2200. Then generated strings, numbers and dates go
 * to every route the OpenAPI document lists, as nobody, an agent and a superuser: none may answer 5xx.
 */
let ctx: TestContext;
let agentToken: string;
let adminToken: string;
let apiKey: string;
let leadId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.database.db;
  const agent = await seedAgent(db, { agent: { agentStatus: 'active', signupStatus: 'complete' } });
  agentToken = (await login(ctx.app, agent.user.email, agent.password)).accessToken!;
  const admin = await seedAgent(db, { user: { isSuperuser: true, userRole: 'superuser' } });
  adminToken = (await login(ctx.app, admin.user.email, admin.password, '10.0.0.2')).accessToken!;
  apiKey = (await createApiKey(db, { name: 'Fuzz' })).key;
  leadId = (await seedLead(db, agent.agent.id)).id;
}, 60_000);
afterAll(() => ctx?.close());

const NUL = 'a\u0000b';

/** A generated id as a path segment (a lone surrogate cannot be percent-encoded: 'x' instead). */
function safeSegment(id: string): string {
  try {
    return encodeURIComponent(id) || 'x';
  } catch {
    return 'x';
  }
}

describe('control characters and impossible dates', () => {
  it('refuses a NUL in the sign-in name with a 400 naming the field, before any lookup', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: 'a\u0000b@x.test', password: 'whatever-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^username: control characters/);
  });

  it('refuses them in a search, a lead note, a profile field and a list, naming each', async () => {
    const cases = [
      { method: 'GET', url: `/api/portal/me/leads?q=${encodeURIComponent(NUL)}`, field: 'q' },
      {
        method: 'POST',
        url: '/api/v1/leads',
        key: true,
        payload: { lead_type: 'fsbo', first_name: 'Ann', phone: '(602) 555-0100', zip: '85004', notes: NUL },
        field: 'notes',
      },
      {
        method: 'PATCH',
        url: '/api/portal/me/agent_profile',
        payload: { agent_first_name: NUL },
        field: 'agent_first_name',
      },
      {
        method: 'PATCH',
        url: '/api/portal/me/agent_profile',
        payload: {
          licensed_states: [
            { license_number: 'A1', state: 'AZ', type: 'Salesperson', exp_date: null },
            { license_number: 'B\u00072', state: 'AZ', type: 'Salesperson', exp_date: null },
          ],
        },
        field: 'licensed_states.1.license_number',
      },
      {
        method: 'PATCH',
        url: `/api/portal/me/leads/${leadId}`,
        payload: { notes: `x\u001b[31m` },
        field: 'notes',
      },
    ] as const;
    for (const c of cases) {
      const response = await ctx.app.inject({
        method: c.method,
        url: c.url,
        headers: 'key' in c ? bearer(apiKey) : bearer(agentToken),
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(response.statusCode, c.url).toBe(400);
      expect(response.json().detail, c.url).toMatch(
        new RegExp(`^${c.field.replaceAll('.', '\\.')}: control characters`),
      );
    }
  });

  it('keeps line breaks and tabs in notes', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${leadId}`,
      headers: bearer(agentToken),
      payload: { notes: 'Line one\r\nLine two\tand a tab' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses year 0000 and other dates out of range with the field named', async () => {
    const policy = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/agent_profile',
      headers: bearer(agentToken),
      payload: { policy_exp_date: '0000-01-01' },
    });
    expect(policy.statusCode).toBe(400);
    expect(policy.json().detail).toBe(
      'policy_exp_date: The policy expiry date must be between 1900 and 2200',
    );
    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${leadId}`,
      headers: bearer(agentToken),
      payload: { status: 'closed', closing_date: '0000-01-01', sale_price: 1, gross_commission: 1 },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().detail).toMatch(/closing_date: The closing date must be between 1900 and 2200/);
  });
});

interface Operation {
  method: string;
  path: string;
  body?: { properties?: Record<string, { type?: string | string[] }> };
  query: string[];
}

/** Every operation of the OpenAPI document with its body's fields and its query's names. */
async function operations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> })?.content;
      const schema = (content?.['application/json'] ?? Object.values(content ?? {})[0])
        ?.schema as Operation['body'];
      const query = ((operation.parameters as { in: string; name: string }[]) ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      found.push({ method: method.toUpperCase(), path: `/api${path}`, body: schema, query });
    }
  }
  return found;
}

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '0000-01-01',
    '9999-12-31',
    '2026-02-30',
    '0000-01-01T00:00:00Z',
    '275760-09-13T00:00:00Z',
    '-1',
    '1e309',
    "'; drop table users; --",
    '\uD800',
    'x'.repeat(5000),
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.double(),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.constantFrom(2 ** 60, -0, 1e308, null, true, [], {}),
  fc.array(hostileString, { maxLength: 3 }),
);

describe('every route, generated input', () => {
  it('answers no 5xx to generated strings, numbers and dates, whoever asks', async () => {
    const ops = (await operations()).filter((op) => !/logout|revoke-all|\/dev\//.test(op.path));
    expect(ops.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of ops) {
      const fields = Object.keys(op.body?.properties ?? {});
      await fc
        .assert(
          fc.asyncProperty(
            fc.constantFrom<'none' | 'agent' | 'admin' | 'key'>('none', 'agent', 'admin', 'key'),
            fc.oneof(fc.uuid(), hostileString),
            fc.dictionary(fc.constantFrom(...(fields.length ? fields : ['x'])), hostileValue, { maxKeys: 6 }),
            fc.dictionary(fc.constantFrom(...(op.query.length ? op.query : ['q'])), hostileString, {
              maxKeys: 3,
            }),
            async (who, id, body, query) => {
              const url = op.path.replace(/\{[^}]+\}/g, () => safeSegment(id));
              const search = new URLSearchParams(query as Record<string, string>).toString();
              const headers =
                who === 'agent'
                  ? bearer(agentToken)
                  : who === 'admin'
                    ? bearer(adminToken)
                    : who === 'key'
                      ? bearer(apiKey)
                      : {};
              const response = await ctx.app.inject({
                method: op.method as 'GET',
                url: search ? `${url}?${search}` : url,
                headers,
                ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: body }),
              });
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              if (response.statusCode >= 500) {
                failures.push(
                  `${op.method} ${url} as ${who}: ${response.statusCode} ${JSON.stringify(body).slice(0, 200)}`,
                );
              }
              return response.statusCode < 500;
            },
          ),
          { numRuns: 8, seed: 17, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A property that threw (rather than saw a 5xx) is a failure too, never swallowed.
          if (!failures.some((line) => line.startsWith(`${op.method} `)))
            failures.push(`${op.method} ${op.path}: ${String(error).slice(0, 300)}`);
        });
    }
    // The sweep reaches the routes' own checks, not only the sign-in wall.
    expect(statuses.get(400)).toBeGreaterThan(100);
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 300_000);
});
