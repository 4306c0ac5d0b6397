import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/modules/leads/api-keys';
import { bearer, createTestContext, type TestContext } from './helpers/app';
import { buildMatrixWorld, type MatrixWorld, type Role } from './helpers/matrix';

/**
 * SECURITY.md item 27 and ADR 23: hostile input never gives a 5xx. Every operation of the OpenAPI
 * document, signed in as the role it is for, gets a valid-looking request with one field at a
 * time replaced by a hostile value: every field of the body (nested ones and list items too),
 * every query and path parameter, the Idempotency-Key header and the body as a whole. The values
 * are the ones that have answered 500 before: a lone surrogate, NUL, a very long text, the wrong
 * type, huge numbers, nested objects and lists, SQL and HTML. Deterministic (no random values),
 * so a failure repeats; a few values per field keep it within a minute on PGlite.
 */
let ctx: TestContext;
let world: MatrixWorld;
let apiKey: string;
let apiKeyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildMatrixWorld(ctx);
  const created = await createApiKey(ctx.deps.database.db, { name: 'OpenAPI fuzz' });
  apiKey = created.key;
  apiKeyId = created.row.id;
}, 120_000);
afterAll(() => ctx?.close());

const ZERO = '00000000-0000-4000-8000-000000000000';

const HOSTILE_TEXT: unknown[] = [
  '\ud800',
  'a\udc00b',
  'a\u0000b',
  'x'.repeat(20_000),
  "' or '1'='1'; drop table users; --",
  '<img src=x onerror=alert(1)>',
  '0000-01-01',
  '9'.repeat(400),
  '\u202e\ufeff',
  '',
];
const HOSTILE_OTHER: unknown[] = [
  1e308,
  -1,
  2 ** 63,
  1.5,
  { a: { b: ['\ud800'] } },
  ['\ud800', 1],
  null,
  true,
];
const HOSTILE_PARAM = [
  '\ud800',
  'x'.repeat(3000),
  "1' or '1'='1",
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '1e309',
  ZERO,
];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

interface Operation {
  method: string;
  /** The path as documented, with {placeholders}. */
  template: string;
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  pathParams: string[];
  headers: string[];
}

async function operations(): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> })
        ?.content;
      const body = (content?.['application/json'] ?? Object.values(content ?? {})[0])?.schema;
      const parameters = (operation.parameters as { in: string; name: string; schema: JsonSchema }[]) ?? [];
      found.push({
        method: method.toUpperCase(),
        template: path,
        body,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        headers: parameters.filter((p) => p.in === 'header').map((p) => p.name),
      });
    }
  }
  return found;
}

/** The role an operation is for: the one that reaches its handler rather than a 401 or 403. */
function roleFor(path: string): Role | 'key' {
  if (path.startsWith('/admin/')) return 'superuser';
  if (path.startsWith('/v1/')) return 'key';
  if (path.startsWith('/recipient/')) return 'recipient';
  if (path.startsWith('/portal/managed-groups')) return 'group_manager';
  if (/^\/portal\/(linked-agents|corporate-|groups\/)/.test(path)) return 'corporate';
  if (/^\/(portal\/me|portal\/agents|upload|files|digisigner|me\b)/.test(path)) return 'agent';
  return 'anonymous';
}

/** A real value for a path parameter, so the other fields reach the handler. */
function pathValue(template: string, name: string): string {
  const ids = world.ids;
  if (name === 'groupId') return ids.group!;
  if (name === 'memberId' || name === 'agentId') return ids.agent!;
  if (name === 'field') return 'other_photos_urls';
  if (name === 'kind') return 'service';
  if (name === 'code') return template.startsWith('/geo') ? 'AZ' : world.accessCode;
  if (name === 'token') return template.startsWith('/sign') ? ids.signToken! : 'not-a-token';
  if (name === 'documentId' || name === 'requestId') return ZERO;
  const byPrefix: [string, string][] = [
    ['/admin/agents/', ids.agent!],
    ['/admin/groups/', ids.group!],
    ['/admin/corporate-users/', world.users.corporate.id],
    ['/admin/leads/', ids.lead!],
    ['/admin/api-keys/', apiKeyId],
    ['/portal/me/leads/', ids.lead!],
    ['/portal/me/recipients/', ids.spareRecipient!],
    ['/upload/', ids.spareUpload!],
    ['/files/', ids.file!],
    ['/portal/agents/test-messages/', ids.testMessage!],
  ];
  return byPrefix.find(([prefix]) => template.startsWith(prefix))?.[1] ?? ZERO;
}

const TEXT_CANDIDATES = [
  'Ann',
  'ann',
  'SAMPLE-CODE-1',
  '85004',
  '+16025550100',
  'https://example.com/a',
  'AZ',
];

/** A value the schema accepts where that is easy to see (the first enum value, a plain name ...). */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.default !== undefined) return schema.default;
  const option = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (option) return sample(option, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], depth + 1);
    return out;
  }
  if (type === 'array') {
    const item = sample(schema.items, depth + 1);
    return schema.minItems ? Array.from({ length: schema.minItems }, () => item) : [];
  }
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (type !== 'string') return undefined;
  if (schema.format === 'email') return 'fuzz.sample@example.com';
  if (schema.format === 'uuid') return ZERO;
  if (schema.format === 'date-time') return world.slots[world.slots.length - 1];
  if (schema.format === 'date') return '2030-01-01';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  return (
    TEXT_CANDIDATES.find(
      (text) => text.length >= min && text.length <= max && (!pattern || pattern.test(text)),
    ) ?? 'x'.repeat(Math.max(min, 1))
  );
}

/** Every field of a body schema (objects, lists and what they hold) as a path of keys. */
function fields(
  schema: JsonSchema | undefined,
  path: string[] = [],
  depth = 0,
): { path: string[]; text: boolean }[] {
  if (!schema || depth > 5) return [];
  const option = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (option) return fields(option, path, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const here = path.length ? [{ path, text: type === 'string' }] : [];
  if (schema.properties)
    return [
      ...here,
      ...Object.entries(schema.properties).flatMap(([key, child]) =>
        fields(child, [...path, key], depth + 1),
      ),
    ];
  if (type === 'array') return [...here, ...fields(schema.items, [...path, '0'], depth + 1)];
  return here;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const root = structuredClone(base && typeof base === 'object' ? base : {}) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      break;
    }
    const next = path[i + 1]!;
    if (!node[key] || typeof node[key] !== 'object') node[key] = /^\d+$/.test(next) ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  return root;
}

/** A query string as a client would send it (a lone surrogate leaves a URL as U+FFFD). */
function search(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

interface Request {
  label: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The requests for one operation: each field, parameter and header hostile in turn. */
function requestsFor(op: Operation): Request[] {
  const path = Object.fromEntries(op.pathParams.map((name) => [name, pathValue(op.template, name)]));
  const query = Object.fromEntries(op.query.map((q) => [q.name, sample(q.schema)]));
  const hasBody = op.body !== undefined;
  const body = hasBody ? sample(op.body) : undefined;
  const out: Request[] = [];
  for (const name of op.pathParams)
    for (const value of HOSTILE_PARAM)
      out.push({ label: `path ${name}`, path: { ...path, [name]: value }, query, body });
  for (const q of op.query)
    for (const value of [...HOSTILE_TEXT, 1e308, '-1', ZERO])
      out.push({ label: `query ${q.name}`, path, query: { ...query, [q.name]: value }, body });
  for (const name of op.headers)
    for (const value of ['\u00ff\u0081', 'x'.repeat(3000), "'; drop table leads; --", ''])
      out.push({ label: `header ${name}`, path, query, body, headers: { [name]: value } });
  if (hasBody) {
    for (const field of fields(op.body)) {
      const values = field.text
        ? [...HOSTILE_TEXT, 1e308, { a: 1 }, ['x']]
        : [...HOSTILE_OTHER, '\ud800', 'x'.repeat(20_000)];
      for (const value of values)
        out.push({
          label: `body ${field.path.join('.')}`,
          path,
          query,
          body: withValue(body, field.path, value),
        });
    }
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = [deep];
    for (const whole of ['\ud800', ['\ud800'], 1e308, deep, { 'key\ud800': 1 }, null])
      out.push({ label: 'body', path, query, body: whole });
  }
  if (out.length === 0) out.push({ label: 'query x', path, query: { x: '\ud800' } });
  return out;
}

describe('the OpenAPI document, hostile value by value', () => {
  it('answers no 5xx to any hostile value in any field of any operation', async () => {
    const ops = (await operations())
      // Ending the session would sign the rest out; the development routes are not in production.
      .filter((op) => !/^\/(logout|dev\/)/.test(op.template))
      // The deletes go last: what they remove stays there for the others.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(ops.length).toBeGreaterThan(90);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const op of ops) {
      const role = roleFor(op.template);
      const credentials = role === 'key' ? bearer(apiKey) : world.headers[role];
      for (const request of requestsFor(op)) {
        const url =
          `/api${op.template.replace(/\{([^}]+)\}/g, (_, name: string) => segment(request.path[name] ?? ZERO))}` +
          search(request.query);
        const headers: Record<string, string> = {
          ...credentials,
          // Bytes over 0x7f arrive as Latin-1 characters; signing stores the user agent.
          'user-agent': 'Fuzz/1.0 \u00ff\u0081',
          ...request.headers,
        };
        if (request.body !== undefined) headers['content-type'] = 'application/json';
        const response = await ctx.app.inject({
          method: op.method as 'GET',
          url,
          headers,
          ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
        });
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          failures.push(
            `${op.method} ${op.template} as ${role}, ${request.label}: ${response.statusCode} ${JSON.stringify(request.body)?.slice(0, 160)}`,
          );
      }
    }
    console.info(`${sent} requests:`, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    // The sweep reaches the routes' own checks, not only the sign-in wall, and some handlers.
    expect(sent).toBeGreaterThan(2000);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(1000);
    expect((statuses.get(401) ?? 0) + (statuses.get(403) ?? 0)).toBeLessThan(sent / 10);
    expect([...statuses].filter(([status]) => status < 300).reduce((n, [, c]) => n + c, 0)).toBeGreaterThan(
      100,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});
