import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, onboardingCalls } from '../src/db/schema';
import { callSlots, localDate, usFederalHolidays, zonedTime } from '../src/modules/signup/slots';
import { agentSession } from './helpers/agent-session';
import { createTestContext, type TestContext } from './helpers/app';
import { lastMessageTo, type seedAgent } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { OFFICE_TIMEZONE: 'America/Denver', ONBOARDING_CALL_HOURS: '9-12', ONBOARDING_CALL_MINUTES: '30' },
  });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** A signed-in agent on the call-booking step, in New York. */
const zoomAgent = (agent: NonNullable<NonNullable<Parameters<typeof seedAgent>[1]>['agent']> = {}) =>
  agentSession(ctx, { agent: { timezone: 'America/New_York', signupStatus: 'zoom', ...agent } });

describe('call slots', () => {
  it('are weekdays but federal holidays, within office hours in the office time zone, from tomorrow', () => {
    const now = new Date('2026-11-20T18:00:00Z'); // a Friday
    const slots = callSlots(now, {
      officeTimezone: 'America/Denver',
      startHour: 9,
      endHour: 12,
      minutes: 30,
      days: 7,
    });
    // Mon to Fri of the next week but Thanksgiving (Thursday the 26th): 4 weekdays x 6 slots.
    expect(slots).toHaveLength(24);
    expect(slots.some((slot) => slot.starts_at.startsWith('2026-11-26'))).toBe(false);
    expect(slots[0]!.starts_at).toBe('2026-11-23T16:00:00.000Z'); // Monday 9:00 in Denver (UTC-7)
    for (const slot of slots) {
      const day = localDate(new Date(slot.starts_at), 'America/Denver');
      expect([1, 2, 3, 4, 5]).toContain(day.weekday);
    }
  });

  it('skip the US federal holidays as observed', () => {
    expect([...usFederalHolidays(2026)]).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // July 4th is a Saturday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    // 2027: Christmas on a Saturday (observed Friday the 24th); New Year's Day 2028 on a Saturday
    // (observed Friday, December 31, 2027).
    const y2027 = usFederalHolidays(2027);
    expect(y2027.has('2027-12-24')).toBe(true);
    expect(y2027.has('2027-12-31')).toBe(true);
    expect(usFederalHolidays(2028).has('2028-01-01')).toBe(false);
    const christmasWeek = callSlots(new Date('2027-12-20T18:00:00Z'), {
      officeTimezone: 'America/Denver',
      startHour: 9,
      endHour: 10,
      minutes: 60,
      days: 14,
    }).map((slot) => slot.starts_at.slice(0, 10));
    expect(christmasWeek).not.toContain('2027-12-24');
    expect(christmasWeek).not.toContain('2027-12-31');
    expect(christmasWeek).toContain('2027-12-23');
  });

  it('convert wall-clock time across daylight saving', () => {
    expect(zonedTime(2026, 7, 1, 9, 0, 'America/Denver').toISOString()).toBe('2026-07-01T15:00:00.000Z');
    expect(zonedTime(2026, 12, 1, 9, 0, 'America/Denver').toISOString()).toBe('2026-12-01T16:00:00.000Z');
  });
});

describe('booking the onboarding call', () => {
  it('lists slots in the agent’s time zone, books one, e-mails an .ics invitation, and lets the wizard continue', async () => {
    const { headers, user, agent } = await zoomAgent();
    const list = await ctx.app.inject({ url: '/api/portal/me/onboarding-call/slots', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().timezone).toBe('America/New_York');
    const [slot] = list.json().slots;

    const early = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/agent_profile',
      headers,
      payload: { signup_status: 'countdown' },
    });
    expect(early.json().detail).toBe('Book your onboarding call first.');

    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/onboarding-call',
      headers,
      payload: { starts_at: slot.starts_at },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ starts_at: slot.starts_at, timezone: 'America/New_York' });

    const mail = await lastMessageTo(ctx.deps.database.db, user.email);
    expect(mail!.subject).toMatch(/^Your onboarding call: /);
    expect(mail!.subject).toMatch(/EST|EDT/);
    const [attachment] = mail!.attachments;
    expect(attachment!.filename).toBe('onboarding-call.ics');
    const ics = Buffer.from(attachment!.content, 'base64').toString();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${slot.starts_at.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics.replace(/\r\n /g, '')).toMatch(/\r\nATTENDEE;RSVP=TRUE;CN="[^"\r\n]+":mailto:\S+@\S+\r\n/);

    const again = await ctx.app.inject({ url: '/api/portal/me/onboarding-call/slots', headers });
    expect(again.json().slots.map((s: { starts_at: string }) => s.starts_at)).not.toContain(slot.starts_at);
    const next = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/agent_profile',
      headers,
      payload: { signup_status: 'countdown' },
    });
    expect(next.json().signup_status).toBe('countdown');
    void agent;
  });

  it('refuses a time not offered, and a time another agent just took', async () => {
    const first = await zoomAgent();
    const second = await zoomAgent();
    const odd = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/onboarding-call',
      headers: first.headers,
      payload: { starts_at: '2031-01-01T03:17:00Z' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().detail).toMatch(/not offered/);

    const [slot] = (
      await ctx.app.inject({ url: '/api/portal/me/onboarding-call/slots', headers: first.headers })
    ).json().slots;
    const results = await Promise.all(
      [first, second].map((a) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/portal/me/onboarding-call',
          headers: a.headers,
          payload: { starts_at: slot.starts_at },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().detail).toMatch(/just taken/);
  });

  it('moving the call cancels the earlier booking', async () => {
    const { headers, agent } = await zoomAgent();
    const slots = (await ctx.app.inject({ url: '/api/portal/me/onboarding-call/slots', headers })).json()
      .slots;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/onboarding-call',
      headers,
      payload: { starts_at: slots[0].starts_at },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/onboarding-call',
      headers,
      payload: { starts_at: slots[1].starts_at },
    });
    const rows = await ctx.deps.database.db
      .select()
      .from(onboardingCalls)
      .where(eq(onboardingCalls.agentId, agent.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['booked', 'cancelled']);
    const current = await ctx.app.inject({ url: '/api/portal/me/onboarding-call', headers });
    expect(current.json().call.starts_at).toBe(slots[1].starts_at);
  });
});

describe('the tracking number card', () => {
  it('downloads as a vCard once assigned, and says so when not yet', async () => {
    const { headers, agent } = await zoomAgent();
    const missing = await ctx.app.inject({ url: '/api/portal/me/tracking-number.vcf', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toMatch(/not been assigned yet/);
    await ctx.deps.database.db
      .update(agents)
      .set({ agentTrackingPhoneNumber: '+16025550199' })
      .where(eq(agents.id, agent.id));
    const card = await ctx.app.inject({ url: '/api/portal/me/tracking-number.vcf', headers });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toMatch(/^text\/vcard/);
    expect(card.headers['content-disposition']).toMatch(/attachment; filename="agent-portal-leads.vcf"/);
    expect(card.body).toContain('BEGIN:VCARD');
    expect(card.body).toContain('TEL;TYPE=WORK,VOICE:+16025550199');
  });
});
