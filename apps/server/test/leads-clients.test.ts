/**
 * Leads across API clients and callers: each test states the expected behaviour a client would
 * notice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { agents } from '../src/db/schema';
import { createApiKey } from '../src/modules/leads/api-keys';
import { createTestContext, type TestContext } from './helpers/app';
import { seedAgent } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;

async function client(name: string) {
  const { key } = await createApiKey(db(), { name });
  return (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
}

describe('(source, external_id) belongs to the client that posted it', () => {
  it("does not hand one client another client's lead by naming its source and external_id", async () => {
    await seedAgent(db(), {
      agent: { signupStatus: 'complete', agentStatus: 'active', zipcodes: ['85004'] } as Partial<
        typeof agents.$inferInsert
      >,
    });
    const vendorA = await client('vendor-a');
    const vendorB = await client('vendor-b');
    const first = await vendorA({
      lead_type: 'fsbo',
      first_name: 'Private',
      last_name: 'Person',
      phone: '(602) 555-0199',
      zip: '85004',
      external_id: 'A-1',
    });
    expect(first.statusCode).toBe(201);

    // Vendor B claims vendor A's source (the default source is the key name) and guesses an id.
    const probe = await vendorB({
      lead_type: 'expired',
      email: 'someone@example.com',
      zip: '85004',
      source: 'vendor-a',
      external_id: 'A-1',
    });
    // A refusal that tells nothing about A's lead.
    expect(probe.statusCode).toBe(409);
    expect(probe.json()).toEqual({
      detail:
        'Another client already posted a lead with this source and external_id. Use your own source name.',
    });
    // A itself still gets its own lead back.
    const replay = await vendorA({
      lead_type: 'fsbo',
      phone: '(602) 555-0199',
      zip: '85004',
      external_id: 'A-1',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
  });
});

describe('the CSV import checks who is asking before reading the body', () => {
  it('answers an anonymous upload 401 without buffering it (not 413)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/leads/import',
      headers: { 'content-type': 'text/csv' },
      payload: `lead_type,zip\n${'fsbo,85004\n'.repeat(600_000)}`, // ~6.6 MB
    });
    expect(response.statusCode).toBe(401);
  });
});
