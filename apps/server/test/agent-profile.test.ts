import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, users } from '../src/db/schema';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const address = { street: '12 Palm Ave', city: 'Phoenix', state: 'AZ', zip: '85004' };
const personal = {
  agent_first_name: 'Dana',
  agent_last_name: 'Reyes',
  agent_phone: '(602) 555-0142',
  mobile_device: 'iphone',
};

describe('PATCH /api/portal/me/agent_profile', () => {
  it('saves allowed fields, normalises the phone to E.164 and answers the record', async () => {
    const { patch, user } = await agentSession(ctx);
    const response = await patch({ ...personal, mailing_address: address });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      agent_first_name: 'Dana',
      agent: 'Dana Reyes',
      agent_phone: '+16025550142',
      mobile_device: 'iphone',
      mailing_address: address,
    });
    const [row] = await ctx.deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Dana Reyes');
  });

  it.each([
    ['agent_status', 'active'],
    ['total_closings', 99],
    ['corporate_user_id', '00000000-0000-4000-8000-000000000000'],
    ['is_superuser', true],
    ['user_role', 'superuser'],
    ['access_code', 'X'],
    ['agent_headshots_urls', ['/evil']],
    ['zipcodes_admin', []],
  ])('refuses %s, which an agent may not set', async (field, value) => {
    const { patch, agent } = await agentSession(ctx);
    const response = await patch({ [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
    const [row] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row!.agentStatus).toBe('onboarding');
  });

  it('explains bad values field by field', async () => {
    const { patch } = await agentSession(ctx);
    expect((await patch({ agent_phone: '123' })).json().detail).toMatch(/valid phone number/);
    expect((await patch({ mailing_address: { ...address, zip: '8500' } })).json().detail).toMatch(
      /5-digit ZIP/,
    );
    expect((await patch({ mailing_address: { ...address, state: 'ZZ' } })).json().detail).toMatch(
      /Choose a state/,
    );
    expect((await patch({ crm_email: 'not-an-email' })).json().detail).toMatch(
      /Please enter a valid email address/,
    );
    expect(
      (await patch({ licensed_states: [{ license_number: '', state: 'AZ', type: 'Salesperson' }] })).json()
        .detail,
    ).toMatch(/License number is required/);
  });

  it('moves the signup status one step at a time, and only when the step is done', async () => {
    const { patch } = await agentSession(ctx);
    const skip = await patch({ signup_status: 'sms' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().detail).toMatch(/cannot go to "sms"/);
    const early = await patch({ signup_status: 'timezone' });
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toBe('Enter your mailing address first.');

    const saved = await patch({ ...personal, mailing_address: address, signup_status: 'timezone' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().signup_status).toBe('timezone');
    // Still "timezone" until one is chosen; going back is not the agent's to do.
    expect((await patch({ signup_status: 'sms' })).json().detail).toBe('Choose your time zone first.');
    expect((await patch({ signup_status: 'mailingAddress' })).statusCode).toBe(400);
    expect((await patch({ timezone: 'Europe/Paris' })).statusCode).toBe(400);
    expect((await patch({ timezone: 'America/Denver', signup_status: 'sms' })).json().signup_status).toBe(
      'sms',
    );
  });

  it('keeps what was saved when a later field in the same request is refused', async () => {
    const { patch, agent } = await agentSession(ctx);
    const response = await patch({ ...personal, mailing_address: { ...address, zip: 'bad' } });
    expect(response.statusCode).toBe(400);
    const [row] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, agent.id));
    // Validation happens before anything is written: nothing half-saved.
    expect(row!.agentFirstName).toBe('');
  });

  it('recomputes derived onboarding steps and keeps signature steps out of reach', async () => {
    const { patch } = await agentSession(ctx, { agent: { signupStatus: 'complete' } });
    const broker = {
      name: 'Pat Broker',
      phone: '602-555-0100',
      email: 'pat@summit.example',
      is_billing_contact: true,
    };
    const response = await patch({
      brokerage: 'Summit Realty',
      broker_of_record: broker,
      has_eo_certificate: 'no',
      onboarding_steps: { my_team: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().onboarding_steps).toMatchObject({
      broker_of_record: true,
      eo_insurance: true,
      my_team: true,
      service_agreement: false,
      headshots: false,
    });
    expect(response.json().broker_of_record.phone).toBe('+16025550100');

    for (const step of ['service_agreement', 'headshots', 'broker_of_record']) {
      const refused = await patch({ onboarding_steps: { [step]: true } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toContain(`The ${step} step completes`);
    }
  });

  it('needs a billing contact unless the broker is one', async () => {
    const { patch } = await agentSession(ctx);
    const response = await patch({
      broker_of_record: {
        name: 'Pat',
        phone: '602-555-0100',
        email: 'pat@x.example',
        is_billing_contact: false,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/billing contact/);
  });

  it('is for agents only', async () => {
    const corporate = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    const { accessToken } = await login(ctx.app, corporate.user.email, corporate.password);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/agent_profile',
      headers: bearer(accessToken),
      payload: { timezone: 'America/Denver' },
    });
    expect(response.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/portal/me/agent_profile', payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the later signup steps through PATCH', () => {
  it('lsa, googleAds and eoInsurance each need their answers before Continue', async () => {
    const { patch } = await agentSession(ctx, { agent: { signupStatus: 'saveTheNumber' } });
    expect((await patch({ signup_status: 'lsa' })).json().signup_status).toBe('lsa');
    expect((await patch({ signup_status: 'googleAds' })).json().detail).toBe(
      'Answer the Local Services Ads question first.',
    );
    const lsa = await patch({
      google: { lsa: 'yes' },
      google_business_profile_name: 'Dana Reyes Realty',
      gbp_link: 'https://g.page/dana',
      signup_status: 'googleAds',
    });
    expect(lsa.json()).toMatchObject({ signup_status: 'googleAds', google: { lsa: 'yes', ads: 'pending' } });
    expect((await patch({ gbp_link: 'g.page/dana' })).json().detail).toMatch(/full web address/);
    // Only web addresses: no script, data or file links.
    for (const link of [
      'javascript:alert(1)',
      'JavaScript://g.page/%0aalert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'ftp://g.page/dana',
    ]) {
      const refused = await patch({ gbp_link: link });
      expect(refused.statusCode, link).toBe(400);
      expect(refused.json().detail, link).toMatch(/^gbp_link: .*full web address/);
    }

    expect((await patch({ signup_status: 'eoInsurance' })).json().detail).toBe(
      'Answer the Google Ads question first.',
    );
    const ads = await patch({
      google: { ads: 'yes' },
      google_ads_date: '2026-12-05',
      signup_status: 'eoInsurance',
    });
    expect(ads.json()).toMatchObject({
      signup_status: 'eoInsurance',
      google_ads_date: '2026-12-05',
      google: { lsa: 'yes', ads: 'yes' },
    });

    const withoutCertificate = await patch({
      has_eo_certificate: 'yes',
      policy_exp_date: '2027-06-30',
      signup_status: 'zoom',
    });
    expect(withoutCertificate.json().detail).toMatch(/Upload your E&O certificate/);
    const none = await patch({ has_eo_certificate: 'no', signup_status: 'zoom' });
    expect(none.json()).toMatchObject({ signup_status: 'zoom', onboarding_steps: { eo_insurance: true } });
  });

  it('the sms step continues after a confirmed or a reported test, not before', async () => {
    const { patch } = await agentSession(ctx, { agent: { signupStatus: 'sms' } });
    expect((await patch({ signup_status: 'email' })).json().detail).toMatch(/test text message/);
    expect((await patch({ sms_test: 'yes', signup_status: 'email' })).json().signup_status).toBe('email');
  });
});

describe('onboarding steps the agent confirms', () => {
  it('change one at a time: marking a step leaves the others as they were', async () => {
    const { patch } = await agentSession(ctx, { agent: { signupStatus: 'complete' } });
    expect(
      (await patch({ onboarding_steps: { additional_photos: true } })).json().onboarding_steps
        .additional_photos,
    ).toBe(true);
    const second = await patch({ onboarding_steps: { video_introduction: true } });
    expect(second.json().onboarding_steps).toMatchObject({
      additional_photos: true,
      video_introduction: true,
    });
    const third = await patch({ onboarding_steps: { script_instructions: true } });
    expect(third.json().onboarding_steps).toMatchObject({
      additional_photos: true,
      video_introduction: true,
      script_instructions: true,
    });
    expect((await patch({ onboarding_steps: { made_up_step: true } })).statusCode).toBe(400);
  });
});

describe('steps that need something on the record first', () => {
  it('refuses my_team, service_area and licenses_details until the record has what they ask', async () => {
    const { patch } = await agentSession(ctx, { agent: { signupStatus: 'complete' } });
    const team = await patch({ has_real_estate_team: 'yes', onboarding_steps: { my_team: true } });
    expect(team.statusCode).toBe(400);
    expect(team.json().detail).toBe("Give your team's name first, or say you do not work with a team.");
    // Nothing half-written: the team answer was not saved either.
    const [row] = await ctx.deps.database.db.select().from(agents);
    expect(row!.hasRealEstateTeam).toBe('no');
    const named = await patch({
      has_real_estate_team: 'yes',
      real_estate_team_name: 'Desert Homes Team',
      onboarding_steps: { my_team: true },
    });
    expect(named.json().onboarding_steps.my_team).toBe(true);

    expect((await patch({ onboarding_steps: { service_area: true } })).json().detail).toBe(
      'Choose at least one ZIP code for your service area first.',
    );
    expect((await patch({ onboarding_steps: { licenses_details: true } })).json().detail).toBe(
      'Add at least one real-estate licence first.',
    );
    const licensed = await patch({
      licensed_states: [{ license_number: 'SA123456', state: 'AZ', type: 'Salesperson', exp_date: null }],
      onboarding_steps: { licenses_details: true },
    });
    expect(licensed.json().onboarding_steps.licenses_details).toBe(true);
    // Removing the last licence undoes the step; unmarking needs nothing.
    const emptied = await patch({ licensed_states: [] });
    expect(emptied.json().onboarding_steps.licenses_details).toBe(false);
    expect((await patch({ onboarding_steps: { licenses_details: false } })).statusCode).toBe(200);
  });
});
