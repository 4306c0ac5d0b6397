import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema';
import { agentSession } from './helpers/agent-session';
import { createTestContext, type TestContext } from './helpers/app';
import { type seedAgent, seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** A signed-in agent, and `row` to read its record as stored. */
async function serviceAreaAgent(overrides: Parameters<typeof seedAgent>[1] = {}) {
  const session = await agentSession(ctx, overrides);
  const row = async () => {
    const [agent] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, session.agent.id));
    return agent!;
  };
  return { ...session, row };
}

describe('PATCH /api/portal/me/agent_profile with a service area', () => {
  it('saves a normalised area: sorted unique ZIP codes, states and counties filled from the data', async () => {
    const { patch, row } = await serviceAreaAgent();
    const response = await patch({
      service_area_name: ' Phoenix and Vegas ',
      states: [{ short: 'az' }],
      counties: [{ county_name: 'maricopa', state: 'AZ' }],
      zipcodes: ['85201', '85004', '89101', '85004'],
      excluded_cities: [],
      excluded_zips: [],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      service_area_name: 'Phoenix and Vegas',
      states: [
        { short: 'AZ', long: 'Arizona' },
        { short: 'NV', long: 'Nevada' },
      ],
      states_serviced: ['AZ', 'NV'],
      counties: [
        { county_name: 'Maricopa', state: 'AZ' },
        { county_name: 'Clark', state: 'NV' },
      ],
      zipcodes: ['85004', '85201', '89101'],
      excluded_cities: [],
      excluded_zips: [],
    });
    expect((await row()).zipcodes).toEqual(['85004', '85201', '89101']);
  });

  it('never covers an excluded ZIP code or a ZIP code of an excluded city', async () => {
    const { patch } = await serviceAreaAgent();
    const response = await patch({
      zipcodes: ['85004', '85006', '85201', '85203'],
      excluded_zips: ['85006'],
      excluded_cities: [{ city_name: 'mesa' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      zipcodes: ['85004'],
      excluded_zips: ['85006'],
      excluded_cities: [{ city_name: 'Mesa' }],
    });
  });

  it('uncovers a ZIP code when only the exclusions are sent', async () => {
    const { patch } = await serviceAreaAgent({ agent: { zipcodes: ['85004', '85006'] } });
    const response = await patch({ excluded_zips: ['85004'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      zipcodes: ['85006'],
      excluded_zips: ['85004'],
      // States and counties are filled in for a record saved before they were kept.
      states: [{ short: 'AZ', long: 'Arizona' }],
      counties: [{ county_name: 'Maricopa', state: 'AZ' }],
    });
  });

  it('keeps stored ZIP codes the data does not know when the request does not touch them', async () => {
    const { patch } = await serviceAreaAgent({ agent: { zipcodes: ['00001', '85004'] } });
    const response = await patch({ service_area_name: 'Downtown' });
    expect(response.statusCode).toBe(200);
    expect(response.json().zipcodes).toEqual(['00001', '85004']);
  });

  it.each([
    [{ zipcodes: ['85004', '00000'] }, 'This ZIP code is not in our list of US ZIP codes: 00000.'],
    [{ zipcodes: ['8500'] }, 'zipcodes.0: ZIP code "8500" is not a 5-digit ZIP code'],
    [{ excluded_zips: ['99999'] }, 'This excluded ZIP code is not in our list of US ZIP codes: 99999.'],
    [{ counties: [{ county_name: 'Clark', state: 'AZ' }] }, '"Clark" is not a county of Arizona (AZ).'],
    [{ states: [{ short: 'ZZ' }] }, '"ZZ" is not a US state code we know.'],
    [{ states: [{ short: 'Arizona' }] }, 'states.0.short: "Arizona" is not a two-letter state code'],
    [
      { zipcodes: ['85004'], excluded_cities: [{ city_name: 'Las Vegas' }] },
      '"Las Vegas" is not a city in your chosen state (AZ).',
    ],
  ])('refuses %j with a detail naming the value', async (payload, detail) => {
    const { patch, row } = await serviceAreaAgent({ agent: { zipcodes: ['85201'] } });
    const response = await patch(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(detail);
    expect((await row()).zipcodes).toEqual(['85201']);
  });

  it('refuses oversized lists', async () => {
    const { patch } = await serviceAreaAgent();
    const response = await patch({ zipcodes: Array.from({ length: 10_001 }, () => '85004') });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/at most 10,000 ZIP codes/);
  });

  it('saves the area and marks the step in one request, and refuses the step with no ZIP code', async () => {
    const { patch } = await serviceAreaAgent();
    const refused = await patch({ zipcodes: [], onboarding_steps: { service_area: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/at least one ZIP code/);

    const saved = await patch({ zipcodes: ['85004'], onboarding_steps: { service_area: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().onboarding_steps.service_area).toBe(true);
  });

  it('is refused when the office manages the agent’s ZIP codes', async () => {
    const { user: corporate } = await seedUser(ctx.deps.database.db, {
      userRole: 'corporate',
      preferences: { can_see_portal_zips: false },
    });
    const { patch, row } = await serviceAreaAgent({
      agent: { zipcodes: ['85004'], corporateUserId: corporate.id },
    });
    const response = await patch({ zipcodes: ['85006'] });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/managed by your office/);
    expect((await row()).zipcodes).toEqual(['85004']);
    // Other fields still save.
    expect((await patch({ crm_email: 'crm@example.com' })).statusCode).toBe(200);
  });

  it('keeps the ZIP codes queryable for lead routing (zipcodes @> ARRAY[zip])', async () => {
    const { patch, agent } = await serviceAreaAgent();
    await patch({ zipcodes: ['85004', '85006'], excluded_zips: ['85006'] });
    const candidates = (zip: string) =>
      ctx.deps.database.db
        .select({ id: agents.id })
        .from(agents)
        .where(sql`${agents.zipcodes} @> ARRAY[${zip}]::text[]`);
    expect(await candidates('85004')).toEqual([{ id: agent.id }]);
    expect(await candidates('85006')).toEqual([]);
  });
});
