import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indexZipData } from '../src/modules/geo/dataset';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

async function signedIn(overrides: Parameters<typeof seedAgent>[1] = {}) {
  const seeded = await seedAgent(ctx.deps.database.db, overrides);
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(accessToken) });
  return { ...seeded, token: accessToken, get };
}

describe('GET /api/geo/states', () => {
  it('lists the 50 states and DC with their ZIP and county counts, cacheable', async () => {
    const { get } = await signedIn();
    const response = await get('/api/geo/states');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    const states = response.json() as { code: string; name: string; zip_count: number; fips: string }[];
    expect(states).toHaveLength(51);
    const california = states.find((s) => s.code === 'CA')!;
    expect(california).toMatchObject({ name: 'California', fips: '06', county_count: 58 });
    expect(california.zip_count).toBeGreaterThan(2500);
    // Military APO/FPO codes and territories are not states.
    expect(states.map((s) => s.code)).not.toContain('');
    expect(states.map((s) => s.code)).not.toContain('MH');
  });

  it('is for signed-in users only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/geo/states' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/geo/states/:code', () => {
  it("answers a state's counties with their FIPS codes and ZIP codes", async () => {
    const { get } = await signedIn();
    const response = await get('/api/geo/states/az');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    const arizona = response.json();
    expect(arizona).toMatchObject({ code: 'AZ', name: 'Arizona', fips: '04', county_count: 15 });
    const maricopa = arizona.counties.find((c: { name: string }) => c.name === 'Maricopa');
    expect(maricopa.fips).toBe('04013');
    expect(maricopa.zips).toContainEqual({ zip: '85004', city: 'Phoenix', lat: 33.4557, lon: -112.0686 });
    // Sorted by name, ZIP codes in order.
    const names = arizona.counties.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    const zips = maricopa.zips.map((z: { zip: string }) => z.zip);
    expect(zips).toEqual([...zips].sort());
  });

  it('answers 404 with a detail for an unknown state and 400 for a malformed code', async () => {
    const { get } = await signedIn();
    const unknown = await get('/api/geo/states/ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('There is no US state with the code "ZZ".');
    const malformed = await get('/api/geo/states/Arizona');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('code: "Arizona" is not a two-letter state code');
  });
});

describe('POST /api/geo/zips/lookup', () => {
  it('places known ZIP codes and lists the unknown ones apart', async () => {
    const { token } = await signedIn();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/geo/zips/lookup',
      headers: bearer(token),
      payload: { zips: ['90210', '00000', '90210', '09001'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      zips: [
        {
          zip: '90210',
          city: 'Beverly Hills',
          county: 'Los Angeles',
          county_fips: '06037',
          state: 'CA',
          lat: expect.any(Number),
          lon: expect.any(Number),
        },
      ],
      // 09001 is a military (APO) code: no state, no county.
      unknown: ['00000', '09001'],
    });
  });
});

describe('GET /api/portal/me/zipcodes', () => {
  const area = { zipcodes: ['85004', '85006', '85201', '85701', '00001'] };

  it('lists the covered ZIP codes with city, county and state', async () => {
    const { get } = await signedIn({
      agent: {
        ...area,
        serviceAreaName: 'Valley',
        excludedZips: ['85008'],
        excludedCities: [{ city_name: 'Tempe' }],
      },
    });
    const response = await get('/api/portal/me/zipcodes');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(5);
    expect(body.service_area_name).toBe('Valley');
    expect(body.excluded_zips).toEqual(['85008']);
    expect(body.excluded_cities).toEqual(['Tempe']);
    expect(body.items[0]).toEqual({ zip: '85004', city: 'Phoenix', county: 'Maricopa', state: 'AZ' });
    // A stored ZIP code the dataset does not know is still listed, without a place.
    expect(body.items[4]).toEqual({ zip: '00001', city: '', county: '', state: '' });
  });

  it('searches by ZIP prefix, or by part of the city or county name', async () => {
    const { get } = await signedIn({ agent: area });
    const zips = async (q: string) => {
      const response = await get(`/api/portal/me/zipcodes?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      return response.json().items.map((item: { zip: string }) => item.zip);
    };
    expect(await zips('852')).toEqual(['85201']);
    expect(await zips('phoe')).toEqual(['85004', '85006']);
    expect(await zips('PIMA')).toEqual(['85701']);
    expect(await zips('  ')).toHaveLength(5);
    expect(await zips('Boston')).toEqual([]);
  });

  it('is refused when the agent may not see their ZIP codes (own flag or corporate preference)', async () => {
    const hidden = await signedIn({ agent: { ...area, canSeePortalZips: false } });
    const refused = await hidden.get('/api/portal/me/zipcodes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/managed by your office/);

    const { user: corporate } = await seedUser(ctx.deps.database.db, {
      userRole: 'corporate',
      preferences: { can_see_portal_zips: false },
    });
    const affiliated = await signedIn({
      agent: { ...area, canSeePortalZips: true, corporateUserId: corporate.id },
    });
    expect((await affiliated.get('/api/portal/me/zipcodes')).statusCode).toBe(403);
  });

  it('is refused to a user without an agent profile', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { userRole: 'team_member' });
    const { accessToken } = await login(ctx.app, user.email, password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/portal/me/zipcodes',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('detail');
  });
});

describe('indexZipData', () => {
  it('keeps only the 50 states and DC, the first entry of a repeated ZIP code and rows of the right shape', () => {
    const row = (zipCode: string, stateCode: string, placeName = 'Honolulu') => ({
      zipCode,
      placeName,
      stateName: '',
      stateCode,
      countyName: stateCode ? 'Honolulu' : '',
      countyCode: '003',
      latitude: 21.3,
      longitude: -157.8,
    });
    const dataset = indexZipData([
      row('96860', 'HI', 'Jbphh'),
      row('96860', '', 'FPO AA'),
      row('96960', 'MH'),
      { zipCode: 96801 },
      row('96801', 'HI'),
    ]);
    expect(dataset.states.map((s) => s.code)).toEqual(['HI']);
    expect(dataset.zip('96860')).toMatchObject({ city: 'Jbphh', county_fips: '15003' });
    expect(dataset.state('HI')?.zip_count).toBe(2);
    expect(dataset.lookup.city('HI', 'JBPHH')).toBe('Jbphh');
    expect(dataset.lookup.county('HI', ' honolulu ')).toBe('Honolulu');
  });
});
