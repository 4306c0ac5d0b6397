import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agents,
  auditLog,
  invoices,
  ledgerEntries,
  outboxMessages,
  recipients,
  signatureRequests,
} from '../src/db/schema';
import { runBillingJob } from '../src/modules/billing/notify';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAccessCode, seedCorporate, seedLead, seedUser } from './helpers/factories';
import { pdfPages } from './helpers/pdf';

/**
 * Referral fees (DESIGN.md section 12, ADR 66): the rate, the closing's invoice to the cent,
 * numbers without gaps, payments, voids, the ledger and the totals it gives, who sees what.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const YEAR = new Date().getUTCFullYear();

async function agentWith(overrides: Parameters<typeof agentSession>[1] = {}) {
  const session = await agentSession(ctx, {
    user: { name: 'Dana Reyes', ...overrides.user },
    agent: {
      signupStatus: 'complete',
      agentStatus: 'active',
      agent: 'Dana Reyes',
      brokerage: 'Summit Realty',
      brokerOfRecord: {
        name: 'Pat Broker',
        phone: '+16025550100',
        email: 'pat@summit.example',
        is_billing_contact: false,
        billing_contact: { name: 'Bea Billing', phone: '', email: 'billing@summit.example' },
      },
      ...overrides.agent,
    },
  });
  const close = async (commission: number, leadOverrides = {}) => {
    const lead = await seedLead(db(), session.agent.id, {
      firstName: 'Pat',
      lastName: 'Seller',
      street: '12 Palm Way',
      city: 'Phoenix',
      state: 'AZ',
      ...leadOverrides,
    });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${lead.id}`,
      headers: session.headers,
      payload: {
        status: 'closed',
        closing_date: '2026-11-20',
        sale_price: 410000,
        gross_commission: commission,
      },
    });
    return { lead, response };
  };
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: session.headers });
  return { ...session, close, get };
}

async function superuser() {
  const admin = await seedUser(db(), { userRole: 'superuser', isSuperuser: true, name: 'Olivia Office' });
  const headers = bearer((await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken);
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/admin${url}`, headers, payload });
  return { ...admin, headers, call };
}

const agentRecord = async (id: string) => (await db().select().from(agents).where(eq(agents.id, id)))[0]!;

describe('a closing', () => {
  it('at 12,345.67 of commission and 25 % is invoiced 3,086.42 exactly, numbered, due in 30 days', async () => {
    const dana = await agentWith();
    const { lead, response } = await dana.close(12345.67);
    expect(response.statusCode, response.body).toBe(200);
    const closing = response.json().closing;
    expect(closing.invoice).toMatchObject({
      number: `INV-${YEAR}-000001`,
      amount_cents: 308642,
      balance_cents: 308642,
      status: 'open',
    });
    expect(closing.rate_percent).toBe(25);
    expect(closing.statement).toBeNull();

    const [invoice] = await db().select().from(invoices).where(eq(invoices.leadId, lead.id));
    expect(invoice).toMatchObject({
      commissionCents: 1234567,
      salePriceCents: 41000000,
      amountCents: 308642,
    });
    const due = new Date(invoice!.issuedAt);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(invoice!.dueOn).toBe(due.toISOString().slice(0, 10));
    expect(invoice!.parties.bill_to).toMatchObject({ name: 'Bea Billing', email: 'billing@summit.example' });

    const [fee] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.invoiceId, invoice!.id));
    expect(fee).toMatchObject({ kind: 'fee', amountCents: 308642, agentId: dana.agent.id });
    const record = await agentRecord(dana.agent.id);
    expect(record.totalClosings).toBe(1);
    expect(record.totalGrossCommissionEarned).toBe(12345.67);

    // The billing contact and the agent each get the invoice with its PDF.
    const mail = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'invoice_issued'));
    expect(mail.map((m) => m.toAddress).sort()).toEqual(
      [dana.agent.agentEmail, 'billing@summit.example'].sort(),
    );
    const attachment = mail[0]!.attachments[0]!;
    expect(attachment.filename).toBe(`INV-${YEAR}-000001.pdf`);
    const text = (await pdfPages(Buffer.from(attachment.content, 'base64'))).join(' ');
    expect(text).toContain('$3,086.42');
    expect(text).toContain('$12,345.67');
  });

  it('refuses figures finer than a cent', async () => {
    const dana = await agentWith();
    const { response } = await dana.close(1000.005);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/two decimals/);
  });

  it('numbers invoices without gaps when closings come at once', async () => {
    const dana = await agentWith();
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => dana.close(1000 + n)));
    for (const { response } of results) expect(response.statusCode, response.body).toBe(200);
    const numbers = (await db().select({ sequence: invoices.sequence }).from(invoices)).map(
      (r) => r.sequence,
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("takes the agent's own rate, else the office's, else the access code's, else the network's", async () => {
    const office = await seedCorporate(db());
    const code = await seedAccessCode(db(), { referralFeePercent: 30 });
    const dana = await agentWith({ agent: { accessCode: code.code.toLowerCase() } });
    const billing = async () => (await dana.get('/api/portal/me/billing')).json();
    expect(await billing()).toMatchObject({ rate_percent: 30, rate_source: 'access_code' });
    await db().update(agents).set({ corporateUserId: office.user.id }).where(eq(agents.id, dana.agent.id));
    const admin = await superuser();
    const officePatch = await admin.call('PATCH', `/corporate-users/${office.user.id}`, {
      referral_fee_percent: 27.5,
    });
    expect(officePatch.statusCode, officePatch.body).toBe(200);
    expect(await billing()).toMatchObject({ rate_percent: 27.5, rate_source: 'office' });
    const agentPatch = await admin.call('PATCH', `/agents/${dana.agent.id}`, { referral_fee_percent: 20 });
    expect(agentPatch.statusCode, agentPatch.body).toBe(200);
    expect(await billing()).toMatchObject({ rate_percent: 20, rate_source: 'agent' });
    const { response } = await dana.close(10000);
    expect(response.json().closing.invoice.amount_cents).toBe(200000);
    // The network's rate is a setting, used when nothing else names one.
    await admin.call('PATCH', `/agents/${dana.agent.id}`, { referral_fee_percent: null });
    await db()
      .update(agents)
      .set({ corporateUserId: null, accessCode: '' })
      .where(eq(agents.id, dana.agent.id));
    const settings = await admin.call('PATCH', '/settings', { billing: { referral_fee_percent: 35 } });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(await billing()).toMatchObject({ rate_percent: 35, rate_source: 'network' });
  });
});

describe('payments and voids', () => {
  it('records a partial payment, then the rest; refuses more than is owed; a refund opens it again', async () => {
    const dana = await agentWith();
    const invoice = (await dana.close(12345.67)).response.json().closing.invoice;
    const admin = await superuser();
    const pay = (payload: object) => admin.call('POST', `/invoices/${invoice.id}/payments`, payload);

    const first = await pay({
      amount_cents: 100000,
      paid_on: '2026-11-25',
      method: 'check',
      reference: 'CHK 1001',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open', paid_cents: 100000, balance_cents: 208642 });
    expect((await agentRecord(dana.agent.id)).totalFeesPaid).toBe(1000);

    const tooMuch = await pay({ amount_cents: 208643, paid_on: '2026-11-26', method: 'ach' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().detail).toContain('$2,086.42');

    const rest = await pay({
      amount_cents: 208642,
      paid_on: '2026-11-26',
      method: 'ach',
      reference: 'ACH 77',
    });
    expect(rest.json()).toMatchObject({ status: 'paid', paid_cents: 308642, balance_cents: 0 });
    expect((await agentRecord(dana.agent.id)).totalFeesPaid).toBe(3086.42);
    expect((await pay({ amount_cents: 1, paid_on: '2026-11-26', method: 'ach' })).statusCode).toBe(409);

    const refund = await pay({ kind: 'refund', amount_cents: 8642, paid_on: '2026-11-27', method: 'ach' });
    expect(refund.json()).toMatchObject({ status: 'open', paid_cents: 300000, balance_cents: 8642 });
    expect((await agentRecord(dana.agent.id)).totalFeesPaid).toBe(3000);

    // Every money change is audited with its before and after.
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice_payment'))
      .orderBy(auditLog.createdAt);
    expect(audits).toHaveLength(3);
    expect(audits[1]!.details).toMatchObject({
      before: { paid_cents: 100000, status: 'open' },
      after: { paid_cents: 308642, status: 'paid' },
    });

    // The agent's statement shows it, and the ledger has every entry.
    const billing = (await dana.get('/api/portal/me/billing')).json();
    expect(billing.balance_cents).toBe(8642);
    expect(billing.payments.map((p: { kind: string }) => p.kind)).toEqual(['refund', 'payment', 'payment']);
    const ledger = (await admin.call('GET', `/agents/${dana.agent.id}/ledger`)).json();
    expect(ledger.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ['fee', 'payment', 'payment', 'refund'].sort(),
    );
  });

  it('voids an invoice with its reason: what was owed is cancelled, and nothing more is recorded on it', async () => {
    const dana = await agentWith();
    const invoice = (await dana.close(2000)).response.json().closing.invoice;
    const admin = await superuser();
    expect((await admin.call('POST', `/invoices/${invoice.id}/void`, { reason: '' })).statusCode).toBe(400);
    const voided = await admin.call('POST', `/invoices/${invoice.id}/void`, {
      reason: 'Closing entered twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      status: 'void',
      void_reason: 'Closing entered twice',
      balance_cents: 0,
    });
    expect((await admin.call('POST', `/invoices/${invoice.id}/void`, { reason: 'Again' })).statusCode).toBe(
      409,
    );
    const payment = await admin.call('POST', `/invoices/${invoice.id}/payments`, {
      amount_cents: 100,
      paid_on: '2026-11-26',
    });
    expect(payment.statusCode).toBe(409);
    const [entry] = await db()
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.invoiceId} = ${invoice.id} and ${ledgerEntries.kind} = 'void'`);
    expect(entry).toMatchObject({ amountCents: 50000, notes: 'Closing entered twice' });
    expect((await dana.get('/api/portal/me/billing')).json().balance_cents).toBe(0);
  });

  it('voids the unpaid invoice of a lead reopened, and refuses to reopen one with payments', async () => {
    const dana = await agentWith();
    const first = await dana.close(2000);
    const reopen = (id: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/portal/me/leads/${id}`,
        headers: dana.headers,
        payload: { status: 'active' },
      });
    expect((await reopen(first.lead.id)).statusCode).toBe(200);
    const [voided] = await db().select().from(invoices).where(eq(invoices.leadId, first.lead.id));
    expect(voided).toMatchObject({ status: 'void', voidReason: 'The lead was reopened' });
    expect((await agentRecord(dana.agent.id)).totalClosings).toBe(0);

    const second = await dana.close(3000);
    const admin = await superuser();
    await admin.call('POST', `/invoices/${second.response.json().closing.invoice.id}/payments`, {
      amount_cents: 100,
      paid_on: '2026-11-26',
    });
    const refused = await reopen(second.lead.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/payments recorded/);
  });
});

describe('the ledger', () => {
  it('is never changed or removed', async () => {
    const dana = await agentWith();
    await dana.close(1000);
    await expect(db().execute(sql`update ledger_entries set amount_cents = 1`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it("gives the agent's deposit, refund and fees paid, which the console no longer types", async () => {
    const dana = await agentWith();
    const admin = await superuser();
    const typed = await admin.call('PATCH', `/agents/${dana.agent.id}`, { total_fees_paid: 10 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().detail).toMatch(/ledger/);
    const deposit = await admin.call('POST', `/agents/${dana.agent.id}/ledger`, {
      kind: 'deposit',
      amount_cents: 50000,
      paid_on: '2026-11-01',
      method: 'check',
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    await admin.call('POST', `/agents/${dana.agent.id}/ledger`, {
      kind: 'refund',
      amount_cents: 12550,
      paid_on: '2026-11-10',
      notes: 'Ad credit returned',
    });
    const record = await agentRecord(dana.agent.id);
    expect(record.depositAmountPaid).toBe(500);
    expect(record.refund).toEqual({ refunded: true, amount: 125.5, notes: 'Ad credit returned' });
    const detail = (await admin.call('GET', `/agents/${dana.agent.id}`)).json();
    expect(detail.agent).toMatchObject({ deposit_amount_paid: 500, total_fees_paid: 0 });
  });

  it('exports every entry as CSV for the accountant, amounts exact', async () => {
    const dana = await agentWith();
    const invoice = (await dana.close(12345.67)).response.json().closing.invoice;
    const admin = await superuser();
    await admin.call('POST', `/invoices/${invoice.id}/payments`, {
      amount_cents: 8642,
      paid_on: '2026-11-26',
      method: 'card',
      reference: '=HYPERLINK("x")',
    });
    const csv = await admin.call('GET', '/ledger.csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\ufeff', '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('3086.42');
    expect(lines[2]).toContain(',86.42,-86.42,');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('who sees the money', () => {
  it("an agent never sees another agent's invoice, a recipient sees no fee, an office only its agents'", async () => {
    const office = await seedCorporate(db());
    const dana = await agentWith({ agent: { corporateUserId: office.user.id } });
    const eli = await agentWith({ user: { name: 'Eli Other' }, agent: { agent: 'Eli Other' } });
    const danas = (await dana.close(1000)).response.json().closing.invoice;
    const elis = (await eli.close(2000)).response.json().closing.invoice;

    // A team member signed in by link works the lead but sees no money on it.
    const closedLead = (await db().select().from(invoices).where(eq(invoices.id, danas.id)))[0]!.leadId;
    const [sam] = await db()
      .insert(recipients)
      .values({ agentId: dana.agent.id, firstName: 'Sam', email: 'sam@example.com', sendEmail: true })
      .returning();
    await db().insert(outboxMessages).values({
      channel: 'email',
      toAddress: 'sam@example.com',
      fromAddress: 'office@agentportal.local',
      textBody: 'New lead',
      leadId: closedLead,
      recipientId: sam!.id,
      status: 'sent',
    });
    const samHeaders = { 'x-recipient-session': await startRecipientSession(db(), { recipientId: sam!.id }) };
    const asSam = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/me/leads/${closedLead}`,
      headers: samHeaders,
    });
    expect(asSam.statusCode).toBe(200);
    expect(asSam.json()).toMatchObject({ closing: null, gross_commission: null });

    expect((await dana.get(`/api/portal/me/invoices/${danas.id}/pdf`)).statusCode).toBe(200);
    expect((await dana.get(`/api/portal/me/invoices/${elis.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await dana.get('/api/portal/me/billing')).json().invoices.map((i: { id: string }) => i.id),
    ).toEqual([danas.id]);

    const officeHeaders = bearer(
      (await login(ctx.app, office.user.email, office.password, '10.9.0.2')).accessToken,
    );
    const seen = (
      await ctx.app.inject({ method: 'GET', url: '/api/portal/corporate-billing', headers: officeHeaders })
    ).json();
    expect(seen.agents.map((a: { agent_id: string }) => a.agent_id)).toEqual([dana.agent.id]);
    expect(seen.agents[0]).toMatchObject({ closings: 1, fees_cents: 25000, balance_cents: 25000 });
    expect(seen.invoices.map((i: { id: string }) => i.id)).toEqual([danas.id]);
    const othersPdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/portal/corporate-billing/invoices/${elis.id}/pdf`,
      headers: officeHeaders,
    });
    expect(othersPdf.statusCode).toBe(404);
  });
});

describe('the settlement statement', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('is missing until uploaded, then kept on the closing; a file that is not what it says is refused', async () => {
    const dana = await agentWith();
    const { lead } = await dana.close(1000);
    const missing = (await dana.get('/api/portal/me/billing')).json().missing_statements;
    expect(missing).toMatchObject([{ lead_id: lead.id, overdue: false }]);
    const upload = (body: Buffer, type: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/portal/me/leads/${lead.id}/settlement-statement`,
        headers: {
          ...dana.headers,
          'content-type': type,
          'x-file-name': encodeURIComponent('Settlement Ünit 4'),
        },
        payload: body,
      });
    const lying = await upload(Buffer.from('<html>not a pdf</html>'), 'application/pdf');
    expect(lying.statusCode).toBe(415);
    const png = await upload(PDF, 'image/png');
    expect(png.statusCode).toBe(415);
    expect(png.json().detail).toMatch(/PDF/);
    const ok = await upload(PDF, 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().closing.statement).toMatchObject({ file_name: 'Settlement Ünit 4.pdf' });
    expect((await dana.get('/api/portal/me/billing')).json().missing_statements).toEqual([]);
    const file = await dana.get(`/api/portal/me/leads/${lead.id}/settlement-statement`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('is asked for by e-mail once, four days before it is due', async () => {
    const dana = await agentWith();
    const { lead } = await dana.close(1000);
    await runBillingJob(ctx.deps);
    const reminders = () =>
      db().select().from(outboxMessages).where(eq(outboxMessages.template, 'statement_reminder'));
    expect(await reminders()).toHaveLength(0);
    await db().execute(sql`update leads set closed_at = now() - interval '11 days' where id = ${lead.id}`);
    await runBillingJob(ctx.deps);
    await runBillingJob(ctx.deps);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.toAddress).toBe(dana.agent.agentEmail);
  });
});

describe('invoice reminders', () => {
  it('go on the due date, and 7 and 14 days after, each once, to the billing contact and the agent', async () => {
    const dana = await agentWith();
    const invoice = (await dana.close(1000)).response.json().closing.invoice;
    const setDue = (days: number) =>
      db().execute(sql`update invoices set due_on = current_date - ${days}::int where id = ${invoice.id}`);
    const sent = async () =>
      (await db().select({ template: outboxMessages.template }).from(outboxMessages))
        .map((m) => m.template)
        .filter((t) => t?.startsWith('invoice_reminder'));
    await runBillingJob(ctx.deps);
    expect(await sent()).toEqual([]);
    await setDue(0);
    await runBillingJob(ctx.deps);
    await runBillingJob(ctx.deps);
    expect(await sent()).toEqual(['invoice_reminder_due', 'invoice_reminder_due']);
    await setDue(14);
    await runBillingJob(ctx.deps);
    expect((await sent()).filter((t) => t === 'invoice_reminder_overdue_14')).toHaveLength(2);
    expect((await sent()).filter((t) => t === 'invoice_reminder_overdue_7')).toHaveLength(0);
  });
});

describe('the agreements', () => {
  it('state the rate, and a rate changed after signing asks for the new version', async () => {
    const dana = await agentWith();
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/digisigner/generate',
      headers: dana.headers,
      payload: { document: 'master' },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const [request] = await db().select().from(signatureRequests);
    expect(request!.ratePercent).toBe(25);
    const text = JSON.stringify(request!.content);
    expect(text).toContain('at the rate of 25 % stated');
    expect(text).toContain(
      'On a gross commission of $10,000.00 the referral fee is $2,500.00'.replace('On', 'on'),
    );
    await db()
      .update(signatureRequests)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(signatureRequests.id, request!.id));
    expect((await dana.get('/api/portal/me/billing')).json()).toMatchObject({
      agreement_outdated: false,
      agreement: { rate_percent: 25 },
    });
    const admin = await superuser();
    await admin.call('PATCH', `/agents/${dana.agent.id}`, { referral_fee_percent: 30 });
    expect((await dana.get('/api/portal/me/billing')).json().agreement_outdated).toBe(true);
  });
});
