import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, recipients } from '../src/db/schema';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedUser } from './helpers/factories';

/** The console's agent search and the agent record's lead recipients. */
let ctx: TestContext;
const db = () => ctx.deps.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

async function superuserToken() {
  const admin = await seedUser(db(), {
    userRole: 'superuser',
    isSuperuser: true,
    name: 'Olivia Office',
    email: 'olivia@office.test',
  });
  return (await login(ctx.app, admin.user.email, admin.password, '10.9.0.2')).accessToken as string;
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('the console agent search', () => {
  it('finds agents by their brokerage, in any case and by part of the name', async () => {
    const token = await superuserToken();
    await seedAgent(db(), {
      user: { email: 'ava.stone@realty.test' },
      agent: { agent: 'Ava Stone', agentLastName: 'Stone', brokerage: 'Desert Bloom Realty' },
    });
    await seedAgent(db(), {
      user: { email: 'ben.moss@realty.test' },
      agent: { agent: 'Ben Moss', agentLastName: 'Moss', brokerage: 'Saguaro Homes' },
    });
    const names = async (q: string) => {
      const response = await get(`/api/admin/agents?q=${encodeURIComponent(q)}`, token);
      expect(response.statusCode).toBe(200);
      return response.json().items.map((a: { name: string }) => a.name);
    };
    expect(await names('Desert Bloom')).toEqual(['Ava Stone']);
    expect(await names('saguaro')).toEqual(['Ben Moss']);
    // Still through the trigram index, which drawing the column anew must not lose.
    const index = await db().execute(
      sql`select indexdef from pg_indexes where tablename = 'agents' and indexname = 'agents_search_trgm'`,
    );
    expect(JSON.stringify(index)).toContain('gin_trgm_ops');
  });

  it('follows a change of brokerage', async () => {
    const token = await superuserToken();
    const { agent } = await seedAgent(db(), {
      agent: { agent: 'Cleo Park', agentLastName: 'Park', brokerage: 'Old Town Brokers' },
    });
    // The agent changes their brokerage on their profile.
    await db().update(agents).set({ brokerage: 'Copper State Homes' }).where(eq(agents.id, agent.id));
    const found = (await get('/api/admin/agents?q=copper%20state', token)).json();
    expect(found.items.map((a: { name: string }) => a.name)).toEqual(['Cleo Park']);
    expect((await get('/api/admin/agents?q=old%20town', token)).json().items).toEqual([]);
  });
});

describe("the agent record's lead recipients", () => {
  it('lists the agent as receiving their own leads when delivery would send them to the agent', async () => {
    const token = await superuserToken();
    // An active agent who never opened the routing page: no recipient row yet, yet every lead
    // delivery makes the agent's own row and sends to it.
    const { agent, user } = await seedAgent(db(), {
      user: { email: 'dana.fox@realty.test' },
      agent: {
        agent: 'Dana Fox',
        agentFirstName: 'Dana',
        agentLastName: 'Fox',
        agentPhone: '+16025550177',
        agentStatus: 'active',
        signupStatus: 'complete',
      },
    });
    expect(await db().select().from(recipients).where(eq(recipients.agentId, agent.id))).toEqual([]);

    const response = await get(`/api/admin/agents/${agent.id}`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().recipients).toEqual([
      expect.objectContaining({
        first_name: 'Dana',
        last_name: 'Fox',
        email: user.email,
        phone_number: '+16025550177',
        is_agent: true,
        is_primary: true,
        is_active: true,
        send_email: true,
      }),
    ]);
  });

  it("makes the agent's own row once: a second look reads the same", async () => {
    const token = await superuserToken();
    const { agent } = await seedAgent(db(), {
      agent: { agent: 'Eli Grant', agentFirstName: 'Eli', agentLastName: 'Grant', agentStatus: 'active' },
    });
    const first = (await get(`/api/admin/agents/${agent.id}`, token)).json().recipients;
    const again = (await get(`/api/admin/agents/${agent.id}`, token)).json().recipients;
    expect(first).toHaveLength(1);
    // Reading the record twice does not add the agent twice.
    expect(again).toEqual(first);
  });
});
