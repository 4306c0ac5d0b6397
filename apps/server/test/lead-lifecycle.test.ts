import { holdBounds } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, leadEvents, leads, outboxMessages, recipients } from '../src/db/schema';
import { dayIn } from '../src/modules/leads/calendar';
import { endHolds } from '../src/modules/leads/holds';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { agentSession } from './helpers/agent-session';
import { createTestContext, type TestContext } from './helpers/app';
import { seedLead } from './helpers/factories';

/**
 * The lead's life after delivery (DESIGN.md section 10, ADR 60): stages and what moves them,
 * archiving with a reason or a hold, closing and reopening, next actions, activities and first
 * contact, opening, holds that come back, and what a recipient may not do or see.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
type Json = Record<string, unknown>;

async function agentWithLead(timezone = 'America/Phoenix') {
  const session = await agentSession(ctx, {
    user: { name: 'Dana Reyes' },
    agent: { signupStatus: 'complete', agentStatus: 'active', timezone },
  });
  const lead = await seedLead(db(), session.agent.id, { firstName: 'Pat', email: 'pat@example.com' });
  type Headers = Record<string, string>;
  const call = (
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: object,
    headers: Headers = session.headers,
  ) => ctx.app.inject({ method, url: `/api/portal/me${url}`, headers, payload });
  const patch = (payload: object, headers: Headers = session.headers) =>
    call('PATCH', `/leads/${lead.id}`, payload, headers);
  const log = (payload: object, headers: Headers = session.headers) =>
    call('POST', `/leads/${lead.id}/activities`, payload, headers);
  return { ...session, lead, call, patch, log };
}

/** A recipient of the agent's to whom the lead was delivered, signed in by link. */
async function recipientOf(agentId: string, leadId: string) {
  const [sam] = await db()
    .insert(recipients)
    .values({ agentId, firstName: 'Sam', lastName: 'Helper', email: 'sam@example.com', sendEmail: true })
    .returning();
  await db().insert(outboxMessages).values({
    channel: 'email',
    toAddress: 'sam@example.com',
    fromAddress: 'office@agentportal.local',
    textBody: 'New lead',
    leadId,
    recipientId: sam!.id,
    status: 'sent',
  });
  return { 'x-recipient-session': await startRecipientSession(db(), { recipientId: sam!.id }) };
}

const kinds = (detail: { events: { kind: string }[] }) =>
  detail.events.map((event) => event.kind).filter((kind) => kind !== 'delivery');
const lastEvent = (detail: { events: Json[] }, kind: string) =>
  detail.events.filter((event) => event.kind === kind).at(-1);

describe('stages', () => {
  it('moves an active lead freely among the first six, each move on the timeline; status and counts stay', async () => {
    const dana = await agentWithLead();
    for (const stage of ['scheduled', 'valuation', 'pursuing', 'contract', 'new']) {
      // A lead under contract that moves back did not close: that takes its reason.
      if (stage === 'new') {
        const refused = await dana.patch({ stage });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toMatch(/did not close/);
      }
      const moved = await dana.patch(
        stage === 'new' ? { stage, did_not_close_reason: 'Buyer financing failed' } : { stage },
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ stage, status: 'active' });
    }
    // The reason belongs to a lead leaving its contract, nowhere else.
    const stray = await dana.patch({ stage: 'pursuing', did_not_close_reason: 'Why not' });
    expect(stray.statusCode).toBe(400);
    const detail = (await dana.call('GET', `/leads/${dana.lead.id}`)).json();
    const moves = detail.events.filter((event: Json) => event.kind === 'stage_change');
    expect(moves.map((event: { details: Json }) => event.details)).toEqual([
      { from: 'new', to: 'scheduled' },
      { from: 'scheduled', to: 'valuation' },
      { from: 'valuation', to: 'pursuing' },
      { from: 'pursuing', to: 'contract' },
      { from: 'contract', to: 'new', did_not_close_reason: 'Buyer financing failed' },
    ]);
    expect(moves[0]).toMatchObject({ actor_type: 'user', actor_name: 'Dana Reyes' });
    // A client of SPEC.md sees an active lead and the same counts.
    const list = (await dana.call('GET', '/leads')).json();
    expect(list.counts).toEqual({ active: 1, archived: 0, closed: 0 });
    expect(list.items[0]).toMatchObject({ status: 'active', stage: 'new' });
    // The same stage again is no move and no event.
    await dana.patch({ stage: 'new' });
    expect((await dana.call('GET', `/leads/${dana.lead.id}`)).json().events).toHaveLength(
      detail.events.length,
    );
  });

  it('archives only with a lost reason or a hold date within 1 to 6 months, and says what is missing', async () => {
    const dana = await agentWithLead();
    const today = dayIn('America/Phoenix');
    const { min, max } = holdBounds(today);
    const refused: [object, number, RegExp][] = [
      [{ status: 'archived' }, 400, /Say why the lead is archived: send lost_reason/],
      [{ stage: 'lost' }, 400, /Say why the lead was lost: send lost_reason/],
      [{ stage: 'on_hold' }, 400, /Enter the date the lead comes back/],
      [{ stage: 'lost', lost_reason: 'other' }, 400, /Say why the lead was lost/],
      [{ stage: 'lost', lost_reason: 'moved' }, 400, /lost_reason must be one of/],
      [
        { status: 'archived', lost_reason: 'unreachable', hold_until: min },
        400,
        /lost \(lost_reason\) or on hold/,
      ],
      [{ stage: 'on_hold', hold_until: today }, 400, new RegExp(`from ${min} to ${max}`)],
      [{ stage: 'on_hold', hold_until: '2099-01-01' }, 400, /A hold lasts 1 to 6 months/],
      [{ lost_reason: 'unreachable' }, 400, /send stage "lost" with it/],
      [{ hold_until: min }, 400, /send stage "on_hold" with it/],
      [
        { status: 'archived', stage: 'pursuing' },
        400,
        /Stage "pursuing" is a stage of active leads, not archived ones/,
      ],
      [{ sale_price: 1 }, 400, /Closing figures are given when closing a lead/],
    ];
    for (const [payload, status, detail] of refused) {
      const response = await dana.patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
    expect((await dana.call('GET', '/leads')).json().counts).toEqual({ active: 1, archived: 0, closed: 0 });

    const held = await dana.patch({ status: 'archived', hold_until: max });
    expect(held.json()).toMatchObject({
      status: 'archived',
      stage: 'on_hold',
      hold_until: max,
      lost_reason: null,
    });
    expect(lastEvent(held.json(), 'stage_change')).toMatchObject({
      details: { from: 'new', to: 'on_hold', hold_until: max },
    });
    const moved = await dana.patch({ hold_until: min });
    expect(moved.json().hold_until).toBe(min);
    expect(lastEvent(moved.json(), 'hold_change')).toMatchObject({ details: { from: max, to: min } });
    expect((await dana.call('GET', '/leads')).json().counts).toEqual({ active: 0, archived: 1, closed: 0 });

    const lost = await dana.patch({
      stage: 'lost',
      lost_reason: 'other',
      lost_reason_text: 'Sold privately',
    });
    expect(lost.json()).toMatchObject({
      status: 'archived',
      stage: 'lost',
      lost_reason: 'other',
      lost_reason_text: 'Sold privately',
      hold_until: null,
    });
    expect(lastEvent(lost.json(), 'stage_change')).toMatchObject({
      details: { from: 'on_hold', to: 'lost', lost_reason: 'other', lost_reason_text: 'Sold privately' },
    });
    const reason = await dana.patch({ lost_reason: 'chose_another_agent' });
    expect(reason.json()).toMatchObject({ lost_reason: 'chose_another_agent', lost_reason_text: '' });
    expect(lastEvent(reason.json(), 'lost_reason_change')).toMatchObject({
      details: {
        from: { lost_reason: 'other', lost_reason_text: 'Sold privately' },
        to: { lost_reason: 'chose_another_agent', lost_reason_text: '' },
      },
    });

    // Reopening an archived lead: pursued again, the reason gone.
    const reopened = await dana.patch({ status: 'active' });
    expect(reopened.json()).toMatchObject({ status: 'active', stage: 'pursuing', lost_reason: null });
    expect(lastEvent(reopened.json(), 'reopened')).toMatchObject({
      details: { from: 'lost', to: 'pursuing' },
    });
    expect((await dana.call('GET', '/leads')).json().counts).toEqual({ active: 1, archived: 0, closed: 0 });
  });

  it('closes with its figures from any stage; nothing leaves closed but a reopen to pursuing', async () => {
    const dana = await agentWithLead();
    await dana.patch({ stage: 'contract' });
    const incomplete = await dana.patch({ stage: 'closed', closing_date: '2026-11-20', sale_price: 400000 });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().detail).toBe('Enter the gross commission');
    const closed = await dana.patch({
      stage: 'closed',
      closing_date: '2026-11-20',
      sale_price: 400000,
      gross_commission: 12000,
    });
    expect(closed.json()).toMatchObject({ status: 'closed', stage: 'closed', sale_price: 400000 });
    expect(lastEvent(closed.json(), 'closed')).toMatchObject({
      details: { from: 'contract', to: 'closed', sale_price: 400000, gross_commission: 12000 },
    });
    const totals = async () =>
      (await db().select().from(agents).where(eq(agents.id, dana.agent.id)))[0]!.totalClosings;
    expect(await totals()).toBe(1);

    for (const [payload, detail] of [
      [{ stage: 'listed' }, /This lead is closed: reopen it first/],
      [{ stage: 'lost', lost_reason: 'not_selling' }, /This lead is closed: reopen it first/],
      [{ status: 'archived', lost_reason: 'not_selling' }, /This lead is closed: reopen it first/],
      [
        { stage: 'closed', closing_date: '2026-11-21', sale_price: 1, gross_commission: 1 },
        /already closed; reopen it to change its figures/,
      ],
    ] as const) {
      const response = await dana.patch(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(detail);
    }
    const reopened = await dana.patch({ stage: 'pursuing' });
    expect(reopened.json()).toMatchObject({ status: 'active', stage: 'pursuing', sale_price: null });
    expect(lastEvent(reopened.json(), 'reopened')).toMatchObject({
      details: { from: 'closed', to: 'pursuing', previous_sale_price: 400000 },
    });
    expect(await totals()).toBe(0);
  });
});

describe('next actions', () => {
  it('are set, changed and cleared, each change on the timeline with what it was', async () => {
    const dana = await agentWithLead();
    const at = '2026-12-01T17:00:00.000Z';
    const set = await dana.patch({ next_action_at: '2026-12-01T10:00:00-07:00', next_action: 'Call back' });
    expect(set.json()).toMatchObject({ next_action_at: at, next_action: 'Call back' });
    expect(lastEvent(set.json(), 'next_action')).toMatchObject({
      actor_name: 'Dana Reyes',
      details: {
        from: { next_action: '', next_action_at: null },
        to: { next_action: 'Call back', next_action_at: at },
      },
    });
    // The same instant written another way is no change.
    await dana.patch({ next_action_at: at });
    const cleared = await dana.patch({ next_action_at: null });
    expect(cleared.json()).toMatchObject({ next_action_at: null, next_action: 'Call back' });
    expect(cleared.json().events.filter((event: Json) => event.kind === 'next_action')).toHaveLength(2);

    expect((await dana.patch({ next_action: 'x'.repeat(201) })).json().detail).toMatch(/at most 200/);
    expect((await dana.patch({ next_action_at: 'tomorrow' })).json().detail).toMatch(/ISO 8601/);
  });
});

describe('activities', () => {
  it('are logged with their author; the first call sets first contact and moves a new lead to pursuing', async () => {
    const dana = await agentWithLead();
    // Arrived two hours ago.
    await db()
      .update(leads)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(leads.id, dana.lead.id));
    const note = await dana.log({ kind: 'note', body: 'Has a tenant until March' });
    expect(note.statusCode).toBe(201);
    let lead = (await dana.call('GET', `/leads/${dana.lead.id}`)).json();
    expect(lead).toMatchObject({ stage: 'new', first_contact_at: null, speed_to_contact_seconds: null });
    expect(lead.last_activity_at).toBe(note.json().created_at);

    const call = await dana.log({ kind: 'call', outcome: 'no_answer' });
    expect(call.statusCode).toBe(201);
    expect(call.json()).toEqual({
      id: expect.any(String),
      kind: 'call',
      outcome: 'no_answer',
      body: '',
      author: { name: 'Dana Reyes', role: 'agent' },
      created_at: expect.any(String),
    });
    lead = (await dana.call('GET', `/leads/${dana.lead.id}`)).json();
    expect(lead).toMatchObject({
      stage: 'pursuing',
      status: 'active',
      first_contact_at: call.json().created_at,
    });
    expect(lead.speed_to_contact_seconds).toBeGreaterThanOrEqual(7200);
    expect(lead.speed_to_contact_seconds).toBeLessThan(7300);
    expect(lastEvent(lead, 'stage_change')).toMatchObject({
      actor_name: 'Dana Reyes',
      details: { from: 'new', to: 'pursuing' },
    });
    expect(lastEvent(lead, 'activity')).toMatchObject({
      actor_type: 'user',
      actor_name: 'Dana Reyes',
      details: {
        activity_id: call.json().id,
        kind: 'call',
        outcome: 'no_answer',
        body: '',
        author_role: 'agent',
      },
    });
    // The list's row says the same.
    const row = (await dana.call('GET', '/leads')).json().items[0];
    expect(row).toMatchObject({
      first_contact_at: lead.first_contact_at,
      speed_to_contact_seconds: lead.speed_to_contact_seconds,
    });

    // A later text is not the first contact.
    await dana.log({ kind: 'text', outcome: 'spoke', body: 'Free on Tuesday' });
    expect((await dana.call('GET', `/leads/${dana.lead.id}`)).json().first_contact_at).toBe(
      lead.first_contact_at,
    );
  });

  it('moves a new lead once when two first contacts are logged at once', async () => {
    const dana = await agentWithLead();
    const sam = await recipientOf(dana.agent.id, dana.lead.id);
    const logged = await Promise.all([
      dana.log({ kind: 'call', outcome: 'left_message' }),
      dana.log({ kind: 'text', body: 'Hi Pat' }, sam),
      dana.log({ kind: 'email', body: 'Sent the market report' }),
    ]);
    expect(logged.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const lead = (await dana.call('GET', `/leads/${dana.lead.id}`)).json();
    expect(lead.stage).toBe('pursuing');
    expect(lead.events.filter((event: Json) => event.kind === 'stage_change')).toHaveLength(1);
    const times = logged.map((response) => response.json().created_at as string).sort();
    expect(lead.first_contact_at).toBe(times[0]);
    expect(lead.events.filter((event: Json) => event.kind === 'activity')).toHaveLength(3);
  });

  it('refuses what is not an activity, and another agent’s lead is not found', async () => {
    const dana = await agentWithLead();
    const other = await agentWithLead();
    for (const [payload, detail] of [
      [{ kind: 'note' }, /Write the note/],
      [{ kind: 'email', outcome: 'spoke' }, /Only calls and texts have an outcome/],
      [{ kind: 'fax' }, /kind must be one of call, text, email, meeting, note/],
      [{ kind: 'call', by: 'me' }, /by/],
    ] as const) {
      const response = await dana.log(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(detail);
    }
    const elsewhere = await other.log({ kind: 'call' }, dana.headers);
    expect(elsewhere.statusCode).toBe(404);
    // A meeting logged is not a first contact.
    await dana.log({ kind: 'meeting', body: 'Walked the house' });
    expect((await dana.call('GET', `/leads/${dana.lead.id}`)).json()).toMatchObject({
      stage: 'new',
      first_contact_at: null,
    });
  });

  it('notes through PATCH stay SPEC’s field and are also a note on the thread', async () => {
    const dana = await agentWithLead();
    const patched = await dana.patch({ notes: 'Prefers texts' });
    expect(patched.json()).toMatchObject({ notes: 'Prefers texts', first_contact_at: null });
    expect(lastEvent(patched.json(), 'activity')).toMatchObject({
      details: { kind: 'note', body: 'Prefers texts' },
    });
    expect(patched.json().last_activity_at).not.toBeNull();
  });

  it('an e-mail from the composer to the lead is its first contact, shown once on the timeline', async () => {
    const dana = await agentWithLead();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/agents/send-email',
      headers: dana.headers,
      payload: {
        from_email: dana.user.email,
        to: 'pat@example.com',
        subject: 'About your house',
        message: '<p>Hello Pat</p>',
        lead_id: dana.lead.id,
      },
    });
    expect(sent.statusCode).toBe(202);
    const lead = (await dana.call('GET', `/leads/${dana.lead.id}`)).json();
    expect(lead).toMatchObject({ stage: 'pursuing' });
    expect(lead.first_contact_at).not.toBeNull();
    // The e-mail once (its `email_sent` event), and the move it caused; its activity is not repeated.
    expect(kinds(lead).sort()).toEqual(['email_sent', 'stage_change']);
  });
});

describe('opening a lead', () => {
  it('sets opened_at once, whoever opens it first', async () => {
    const dana = await agentWithLead();
    const sam = await recipientOf(dana.agent.id, dana.lead.id);
    expect((await dana.call('GET', '/leads')).json().items[0].opened_at).toBeNull();
    const first = (await dana.call('GET', `/leads/${dana.lead.id}`, undefined, sam)).json();
    expect(first.opened_at).not.toBeNull();
    const again = (await dana.call('GET', `/leads/${dana.lead.id}`)).json();
    expect(again.opened_at).toBe(first.opened_at);
    expect((await dana.call('GET', '/leads')).json().items[0].opened_at).toBe(first.opened_at);
  });
});

describe('a recipient', () => {
  it('logs activities and moves stages, but never sees money, closes or reopens a closed lead', async () => {
    const dana = await agentWithLead();
    const sam = await recipientOf(dana.agent.id, dana.lead.id);

    const logged = await dana.log({ kind: 'call', outcome: 'spoke' }, sam);
    expect(logged.statusCode).toBe(201);
    expect(logged.json().author).toEqual({ name: 'Sam Helper', role: 'recipient' });
    const moved = await dana.patch({ stage: 'scheduled', next_action_at: '2026-12-02T16:00:00Z' }, sam);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ stage: 'scheduled', next_action_at: '2026-12-02T16:00:00.000Z' });
    expect(lastEvent(moved.json(), 'stage_change')).toMatchObject({
      actor_type: 'recipient',
      actor_name: 'Sam Helper',
    });
    expect(lastEvent(moved.json(), 'activity')).toMatchObject({ details: { author_role: 'recipient' } });

    const figures = { closing_date: '2026-11-20', sale_price: 450000, gross_commission: 13500 };
    const closing = await dana.patch({ status: 'closed', ...figures }, sam);
    expect(closing.statusCode).toBe(403);
    expect(closing.json().detail).toMatch(/Only the agent can close a lead/);
    expect((await dana.patch({ stage: 'closed', ...figures })).statusCode).toBe(200);

    // The closed lead as Sam reads it: in the list, on its page and in its timeline, no money.
    const list = await dana.call('GET', '/leads', undefined, sam);
    const detail = await dana.call('GET', `/leads/${dana.lead.id}`, undefined, sam);
    const queue = await dana.call('GET', '/leads?view=queue', undefined, sam);
    expect(list.json().items[0]).toMatchObject({
      status: 'closed',
      sale_price: null,
      gross_commission: null,
    });
    expect(detail.json()).toMatchObject({
      closing_date: '2026-11-20',
      sale_price: null,
      gross_commission: null,
    });
    for (const body of [list.body, detail.body]) expect(body).not.toMatch(/450000|13500/);
    expect(lastEvent(detail.json(), 'closed')).toMatchObject({ details: { closing_date: '2026-11-20' } });
    expect(queue.json().items).toEqual([]);

    for (const payload of [{ status: 'active' }, { stage: 'pursuing' }]) {
      const reopening = await dana.patch(payload, sam);
      expect(reopening.statusCode).toBe(403);
      expect(reopening.json().detail).toMatch(/Only the agent can reopen a closed lead/);
    }
    const reopened = await dana.patch({ status: 'active' });
    expect(reopened.json()).toMatchObject({ stage: 'pursuing' });
    expect(reopened.body).toMatch(/450000/);
    const seen = await dana.call('GET', `/leads/${dana.lead.id}`, undefined, sam);
    expect(seen.body).not.toMatch(/450000|13500/);
    // The agent's own queue shows its money; Sam's does not.
    const agentQueue = (await dana.call('GET', '/leads?view=queue')).json();
    expect(agentQueue.items).toHaveLength(1);
    expect((await dana.call('GET', '/leads?view=queue', undefined, sam)).json().items[0]).toMatchObject({
      sale_price: null,
      stage: 'pursuing',
    });
  });
});

describe('holds', () => {
  it('come back to pursuing on their day in the agent’s own calendar, once, with a system event', async () => {
    // Kiritimati is 14 hours ahead of UTC, Pago Pago 11 hours behind: 25 hours apart.
    const ahead = await agentWithLead('Pacific/Kiritimati');
    const behind = await agentWithLead('Pacific/Pago_Pago');
    const day = holdBounds(dayIn('Pacific/Kiritimati')).min;
    for (const agent of [ahead, behind]) {
      expect((await agent.patch({ stage: 'on_hold', hold_until: day })).statusCode).toBe(200);
    }
    // Noon UTC the day before: already `day` at Kiritimati, still the day before at Pago Pago.
    const noon = new Date(`${day}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() - 1);
    const runs = await Promise.all([endHolds(db(), 'UTC', noon), endHolds(db(), 'UTC', noon)]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const back = (await ahead.call('GET', `/leads/${ahead.lead.id}`)).json();
    expect(back).toMatchObject({ stage: 'pursuing', status: 'active', hold_until: null });
    expect(back.next_action_at).not.toBeNull();
    expect(lastEvent(back, 'hold_ended')).toMatchObject({
      actor_type: 'system',
      details: { from: 'on_hold', to: 'pursuing' },
    });
    expect((await behind.call('GET', `/leads/${behind.lead.id}`)).json()).toMatchObject({ stage: 'on_hold' });

    // A day later Pago Pago's day has come too; nothing comes back twice.
    expect(await endHolds(db(), 'UTC', new Date(noon.getTime() + 86_400_000))).toBe(1);
    expect(await endHolds(db(), 'UTC', new Date(noon.getTime() + 86_400_000))).toBe(0);
    expect((await behind.call('GET', '/leads')).json().counts).toEqual({ active: 1, archived: 0, closed: 0 });
    const ended = await db().select().from(leadEvents).where(eq(leadEvents.kind, 'hold_ended'));
    expect(ended).toHaveLength(2);
  });
  it('brings a due hold back although more holds of the same day are not due yet in their zones', async () => {
    const ahead = await agentWithLead('Pacific/Kiritimati');
    const behind = await agentWithLead('Pacific/Pago_Pago');
    const day = holdBounds(dayIn('Pacific/Kiritimati')).min;
    // More than one statement's worth of holds on the same day, still the day before at Pago Pago,
    // put on hold before the one that is due.
    await db().execute(sql`
      insert into leads (agent_id, lead_type, zip, source, status, stage, hold_until)
      select ${behind.agent.id}, 'fsbo', '85004', 'held', 'archived', 'on_hold', ${day}::date
      from generate_series(1, 520)`);
    expect((await ahead.patch({ stage: 'on_hold', hold_until: day })).statusCode).toBe(200);
    const noon = new Date(`${day}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() - 1);
    expect(await endHolds(db(), 'UTC', noon)).toBe(1);
    expect((await ahead.call('GET', `/leads/${ahead.lead.id}`)).json()).toMatchObject({ stage: 'pursuing' });
  });
});
