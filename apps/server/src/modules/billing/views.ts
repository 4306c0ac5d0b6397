import {
  type AdminInvoices,
  type AdminInvoicesQuery,
  AGEING_BUCKETS,
  type AgentLedger,
  ageingBucket,
  type Billing,
  type LeadClosing,
  type MissingStatement,
  type OfficeBilling,
} from '@portal/shared';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { agents, type InvoiceRow, invoices, type LeadRow, leads, ledgerEntries } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { readSettings } from '../../lib/settings';
import { agentDisplayName } from '../agents/display-name';
import { latestCompleted } from '../signing/records';
import { invoiceOfLead, todayUtc, toInvoice, toLedgerEntry } from './invoices';
import { agentRate, agentRates } from './rate';

/**
 * What each side reads of the money (ADR 66): the agent's statement, the office's read-only
 * view of its agents, the console's receivables and an agent's ledger.
 */

/** The settlement statement is due this many days after the closing is recorded. */
export const STATEMENT_DAYS = 14;

/** Where each reader fetches an invoice's PDF. */
export type PdfPath = (invoice: InvoiceRow) => string;
export const agentPdfPath: PdfPath = (invoice) => `/api/portal/me/invoices/${invoice.id}/pdf`;
export const adminPdfPath: PdfPath = (invoice) => `/api/admin/invoices/${invoice.id}/pdf`;
export const officePdfPath: PdfPath = (invoice) => `/api/portal/corporate-billing/invoices/${invoice.id}/pdf`;

const dayAfter = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Closings whose settlement statement has not come, oldest first. */
async function missingStatements(
  db: Executor,
  where: SQL | undefined,
  limit = 200,
): Promise<MissingStatement[]> {
  const rows = await db
    .select({
      leadId: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      closingDate: leads.closingDate,
      closedAt: leads.closedAt,
      agentId: agents.id,
      agent: agents.agent,
      agentFirstName: agents.agentFirstName,
      agentLastName: agents.agentLastName,
    })
    .from(leads)
    .innerJoin(agents, eq(agents.id, leads.agentId))
    .where(
      and(eq(leads.stage, 'closed'), isNotNull(leads.closedAt), isNull(leads.statementUploadedAt), where),
    )
    .orderBy(leads.closedAt)
    .limit(limit);
  const today = todayUtc();
  return rows.map((row) => {
    const due = dayAfter(row.closedAt!, STATEMENT_DAYS);
    return {
      lead_id: row.leadId,
      lead_name: `${row.firstName} ${row.lastName}`.trim(),
      agent_id: row.agentId,
      agent_name: agentDisplayName(row),
      closing_date: row.closingDate ?? '',
      due_on: due,
      overdue: due < today,
    };
  });
}

/** The closing's fee and statement, for the agent's view of one closed lead. */
export async function leadClosing(db: Executor, lead: LeadRow): Promise<LeadClosing | null> {
  if (lead.stage !== 'closed' || !lead.closedAt) return null;
  const invoice = await invoiceOfLead(db, lead.id);
  const shown = invoice ? toInvoice(invoice, agentPdfPath(invoice)) : null;
  return {
    invoice: shown && {
      id: shown.id,
      number: shown.number,
      amount_cents: shown.amount_cents,
      balance_cents: shown.balance_cents,
      status: shown.status,
      due_at: shown.due_at,
      pdf_url: shown.pdf_url,
    },
    rate_percent: invoice?.ratePercent ?? null,
    statement: lead.statementUploadedAt
      ? {
          file_name: lead.statementName ?? 'settlement-statement',
          uploaded_at: lead.statementUploadedAt.toISOString(),
          url: `/api/portal/me/leads/${lead.id}/settlement-statement`,
        }
      : null,
    statement_due_on: dayAfter(lead.closedAt, STATEMENT_DAYS),
  };
}

async function invoiceRows(db: Executor, where: SQL | undefined, limit = 500): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(limit);
}

async function entriesOf(db: Executor, agentId: string, kinds?: string[]) {
  const rows = await db
    .select({ entry: ledgerEntries, number: invoices.number })
    .from(ledgerEntries)
    .leftJoin(invoices, eq(invoices.id, ledgerEntries.invoiceId))
    .where(
      and(
        eq(ledgerEntries.agentId, agentId),
        kinds ? inArray(ledgerEntries.kind, kinds as never[]) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.occurredOn), desc(ledgerEntries.createdAt))
    .limit(1000);
  return rows.map((row) => toLedgerEntry(row.entry, row.number));
}

/** The balance owed on open invoices, and the part of it past due. */
async function balanceOf(db: Executor, where: SQL): Promise<{ balance: number; overdue: number }> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${invoices.amountCents} - ${invoices.paidCents}), 0)`,
      overdue: sql<string>`coalesce(sum(${invoices.amountCents} - ${invoices.paidCents}) filter (where ${invoices.dueOn} < current_date), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), where));
  return { balance: Number(row?.balance ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** GET /portal/me/billing. */
export async function agentBilling(db: Executor, agentId: string): Promise<Billing> {
  const [rate, settings, rows, payments, owed, missing, agreement, service] = await Promise.all([
    agentRate(db, agentId),
    readSettings(db),
    invoiceRows(db, eq(invoices.agentId, agentId)),
    entriesOf(db, agentId, ['payment', 'credit', 'refund', 'deposit']),
    balanceOf(db, eq(invoices.agentId, agentId)),
    missingStatements(db, eq(leads.agentId, agentId)),
    latestCompleted(db, agentId, 'master'),
    latestCompleted(db, agentId, 'service'),
  ]);
  const outdated = (['service', 'master'] as const).filter((kind) => {
    const signed = kind === 'master' ? agreement : service;
    return signed !== null && signed.ratePercent !== rate.rate_percent;
  });
  const today = todayUtc();
  return {
    rate_percent: rate.rate_percent,
    rate_source: rate.source,
    agreement: agreement && {
      title: agreement.title,
      rate_percent: agreement.ratePercent,
      signed_at: agreement.completedAt?.toISOString() ?? null,
      pdf_url: `/api/digisigner/document/${encodeURIComponent(agreement.documentId)}`,
    },
    agreement_outdated: outdated.length > 0,
    outdated_agreements: outdated,
    balance_cents: owed.balance,
    overdue_cents: owed.overdue,
    invoices: rows.map((row) => toInvoice(row, agentPdfPath(row), today)),
    payments,
    missing_statements: missing,
    how_to_pay: settings.billing.how_to_pay,
  };
}

/** One invoice, when `owner` (an agent id, or a test over the row) may see it; else 404. */
export async function findInvoice(
  db: Executor,
  id: string,
  owner?: (row: InvoiceRow) => boolean | Promise<boolean>,
): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  // Another agent's invoice is "not found" (SECURITY.md item 15).
  if (!row || (owner && !(await owner(row)))) throw notFound('Invoice not found');
  return row;
}

function invoiceFilter(query: AdminInvoicesQuery): SQL | undefined {
  const q = query.q?.trim().toLowerCase();
  return and(
    query.status ? eq(invoices.status, query.status) : undefined,
    query.overdue ? sql`${invoices.status} = 'open' and ${invoices.dueOn} < current_date` : undefined,
    query.agent_id ? eq(invoices.agentId, query.agent_id) : undefined,
    q
      ? sql`(lower(${invoices.number}) like ${`%${q}%`} or lower(${invoices.parties}->'agent'->>'name') like ${`%${q}%`} or lower(${invoices.parties}->'agent'->>'email') like ${`%${q}%`})`
      : undefined,
  );
}

/** GET /admin/invoices: one page of invoices, and the ageing of every open one. */
export async function adminInvoices(db: Executor, query: AdminInvoicesQuery): Promise<AdminInvoices> {
  const where = invoiceFilter(query);
  const [rows, [count], ageingRows, missing] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(where),
    db
      .select({
        overdue: sql<number>`greatest(current_date - ${invoices.dueOn}, 0)::int`,
        cents: sql<string>`sum(${invoices.amountCents} - ${invoices.paidCents})`,
      })
      .from(invoices)
      .where(eq(invoices.status, 'open'))
      .groupBy(sql`1`),
    missingStatements(db, undefined),
  ]);
  const ageing = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0])) as AdminInvoices['ageing'];
  for (const row of ageingRows) ageing[ageingBucket(Number(row.overdue))] += Number(row.cents);
  const today = todayUtc();
  return {
    items: rows.map((row) => toInvoice(row, adminPdfPath(row), today)),
    total: count?.total ?? 0,
    ageing,
    receivable_cents: Object.values(ageing).reduce((sum, cents) => sum + cents, 0),
    missing_statements: missing,
  };
}

/** Share of fully paid invoices paid by their due date; null with none paid. */
async function payOnTime(db: Executor, agentId: string): Promise<number | null> {
  const [row] = await db
    .select({
      paid: sql<number>`count(*)::int`,
      onTime: sql<number>`count(*) filter (where ${invoices.paidAt} <= ${invoices.dueOn})::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.agentId, agentId), eq(invoices.status, 'paid'), sql`${invoices.amountCents} > 0`));
  return row && row.paid > 0 ? row.onTime / row.paid : null;
}

/** GET /admin/agents/:id/ledger. */
export async function agentLedger(db: Executor, agentId: string): Promise<AgentLedger> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!agent) throw notFound('Agent not found');
  const [rate, rows, entries, owed, onTime] = await Promise.all([
    agentRate(db, agentId),
    invoiceRows(db, eq(invoices.agentId, agentId)),
    entriesOf(db, agentId),
    balanceOf(db, eq(invoices.agentId, agentId)),
    payOnTime(db, agentId),
  ]);
  const today = todayUtc();
  return {
    agent_id: agentId,
    agent_name: agentDisplayName(agent),
    rate_percent: rate.rate_percent,
    rate_source: rate.source,
    balance_cents: owed.balance,
    pay_on_time_rate: onTime,
    invoices: rows.map((row) => toInvoice(row, adminPdfPath(row), today)),
    entries,
  };
}

/** GET /portal/corporate-billing: the office's agents' closings, fees and balances. */
export async function officeBilling(db: Executor, corporateUserId: string): Promise<OfficeBilling> {
  const mine = await db
    .select()
    .from(agents)
    .where(eq(agents.corporateUserId, corporateUserId))
    .orderBy(agents.agentLastName, agents.id)
    .limit(2000);
  if (mine.length === 0) return { agents: [], invoices: [] };
  const ids = mine.map((agent) => agent.id);
  const [sums, missing, rates, rows] = await Promise.all([
    db
      .select({
        agentId: invoices.agentId,
        fees: sql<string>`coalesce(sum(${invoices.amountCents}) filter (where ${invoices.status} <> 'void'), 0)`,
        paid: sql<string>`coalesce(sum(${invoices.paidCents}), 0)`,
        balance: sql<string>`coalesce(sum(${invoices.amountCents} - ${invoices.paidCents}) filter (where ${invoices.status} = 'open'), 0)`,
        overdue: sql<string>`coalesce(sum(${invoices.amountCents} - ${invoices.paidCents}) filter (where ${invoices.status} = 'open' and ${invoices.dueOn} < current_date), 0)`,
      })
      .from(invoices)
      .where(inArray(invoices.agentId, ids))
      .groupBy(invoices.agentId),
    missingStatements(db, inArray(leads.agentId, ids), 2000),
    agentRates(db, ids),
    invoiceRows(db, inArray(invoices.agentId, ids)),
  ]);
  const today = todayUtc();
  return {
    agents: mine.map((agent) => {
      const sum = sums.find((row) => row.agentId === agent.id);
      return {
        agent_id: agent.id,
        agent_name: agentDisplayName(agent),
        rate_percent: rates.get(agent.id)!.rate_percent,
        closings: agent.totalClosings,
        commission_cents: Math.round(agent.totalGrossCommissionEarned * 100),
        fees_cents: Number(sum?.fees ?? 0),
        paid_cents: Number(sum?.paid ?? 0),
        balance_cents: Number(sum?.balance ?? 0),
        overdue_cents: Number(sum?.overdue ?? 0),
        missing_statements: missing.filter((row) => row.agent_id === agent.id).length,
      };
    }),
    invoices: rows.map((row) => toInvoice(row, officePdfPath(row), today)),
  };
}
