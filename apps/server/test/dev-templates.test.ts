import { MessagePreviewsResponseSchema } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

/** GET /api/dev/templates: gated like the dev mailbox, every template with sample data. */
describe('the template previews of the dev mailbox (embedded mode)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('are for superusers only', async () => {
    expect((await ctx.app.inject({ url: '/api/dev/templates' })).statusCode).toBe(401);
    const agent = await seedUser(ctx.deps.database.db);
    const { accessToken } = await login(ctx.app, agent.user.email, agent.password);
    const refused = await ctx.app.inject({ url: '/api/dev/templates', headers: bearer(accessToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('detail');
  });

  it('show every template, with all fields and with only the required ones, both bodies', async () => {
    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    const response = await ctx.app.inject({ url: '/api/dev/templates', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    const { items } = MessagePreviewsResponseSchema.parse(response.json());
    const names = new Set(items.map((item) => item.name));
    for (const name of [
      'verify_email',
      'password_reset',
      'magic_link',
      'corporate_login',
      'registration_attempt',
      'registration_link',
      'recipient_invitation',
      'lead_email',
      'lead_crm',
      'lead_sms',
      'lead_call',
      'broker_signing_request',
      'broker_signing_reminder',
      'agreement_completed',
      'signup_test_sms',
      'signup_test_email',
      'signup_sms_test_reported',
      'signup_email_test_undeliverable',
      'onboarding_call',
    ]) {
      expect(names).toContain(name);
    }
    const leadEmails = items.filter((item) => item.name === 'lead_email');
    expect(leadEmails.map((item) => item.variant)).toEqual(['all fields', 'required fields only']);
    for (const item of items) {
      expect(item.text).not.toBe('');
      if (item.name === 'lead_crm') {
        // The copy for a CRM's lead parser is plain text alone, one labelled field a line.
        expect(item.html).toBeNull();
        expect(item.text).toMatch(/^Zip: 85004$/m);
      } else if (item.channel === 'email') {
        expect(item.html).toContain('</html>');
        expect(item.subject).toBeTruthy();
      } else {
        expect(item.html).toBeNull();
      }
      if (item.channel === 'sms') expect(item.sms_segments).toBe(1);
    }
    // The samples' links point at this portal.
    expect(leadEmails[0]!.text).toContain('http://portal.test/leads?lead=');
  });
});

describe('the template previews outside embedded mail', () => {
  it('do not exist when mail goes out through SMTP', async () => {
    const ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const admin = await seedUser(ctx.deps.database.db, { isSuperuser: true, userRole: 'superuser' });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    expect(
      (await ctx.app.inject({ url: '/api/dev/templates', headers: bearer(accessToken) })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/dev/templates' })).statusCode).toBe(404);
    await ctx.close();
  });
});
