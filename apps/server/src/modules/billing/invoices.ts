import {
  type AccountEntryInput,
  AccountEntryInputSchema,
  feeCents,
  formatCents,
  type Invoice,
  type LedgerEntry,
  type PaymentInput,
  PaymentInputSchema,
} from '@portal/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  agents,
  type InvoiceParties,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  type LeadRow,
  type LedgerEntryRow,
  ledgerEntries,
  signatureRequests,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { readSettings } from '../../lib/settings';
import { agentDisplayName } from '../agents/display-name';
import { agentRate } from './rate';
import { refreshAgentMoney } from './totals';

/**
 * Invoices and the ledger (DESIGN.md section 12, ADR 66): a closing issues an invoice numbered
 * without gaps; payments, credits, refunds and voids are ledger entries, never changed. Each
 * function runs in the caller's transaction and keeps the agent's totals (totals.ts).
 */

export interface MoneyActor {
  id: string | null;
  email: string | null;
  name: string;
  ip?: string | null;
}

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Today as the ledger dates things (the database's calendar day, UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** Dollars held in a NUMERIC(14,2) column (read as a JavaScript number) as cents. */
export const dollarsToCents = (dollars: number | null) => Math.round((dollars ?? 0) * 100);

/** The next number of `year`: the counter's row lock holds other closings until this one ends. */
async function nextNumber(tx: Executor, year: number): Promise<{ sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  const sequence = row!.last;
  return { sequence, number: `INV-${year}-${String(sequence).padStart(6, '0')}` };
}

/** Who the invoice is addressed to and what it follows from, as they are when it is issued. */
async function partiesOf(tx: Executor, lead: LeadRow, agentId: string): Promise<InvoiceParties> {
  const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId));
  const [agreement] = await tx
    .select({
      title: signatureRequests.title,
      completedAt: signatureRequests.completedAt,
      ratePercent: signatureRequests.ratePercent,
    })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.agentId, agentId),
        eq(signatureRequests.kind, 'master'),
        eq(signatureRequests.status, 'completed'),
      ),
    )
    .orderBy(desc(signatureRequests.completedAt))
    .limit(1);
  const name = agentDisplayName(agent!);
  const broker = agent!.brokerOfRecord;
  const contact = broker?.billing_contact?.email ? broker.billing_contact : broker;
  return {
    bill_to: {
      name: contact?.name || name,
      email: contact?.email || agent!.agentEmail,
      brokerage: agent!.brokerage,
    },
    agent: { name, email: agent!.agentEmail, phone: agent!.agentPhone, brokerage: agent!.brokerage },
    lead: {
      name: `${lead.firstName} ${lead.lastName}`.trim(),
      property: [lead.street, lead.city, [lead.state, lead.zip].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
    },
    agreement: {
      title: agreement?.title ?? 'Master Referral Agreement',
      signed_on: agreement?.completedAt?.toISOString().slice(0, 10) ?? null,
      rate_percent: agreement?.ratePercent ?? null,
    },
  };
}

/**
 * The closing's invoice (`lead` as it is once closed, with its figures): commission x the agent's
 * rate, exact to the cent, due in the settings' days, and its `fee` entry in the ledger.
 */
export async function issueInvoice(tx: Executor, lead: LeadRow, actor: MoneyActor): Promise<InvoiceRow> {
  const agentId = lead.agentId!;
  const [rate, settings, parties] = [
    await agentRate(tx, agentId),
    await readSettings(tx),
    await partiesOf(tx, lead, agentId),
  ];
  const commissionCents = dollarsToCents(lead.grossCommission);
  const amountCents = feeCents(commissionCents, rate.rate_percent);
  const today = todayUtc();
  const year = Number(today.slice(0, 4));
  const { sequence, number } = await nextNumber(tx, year);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      year,
      sequence,
      agentId,
      leadId: lead.id,
      closingDate: lead.closingDate!,
      salePriceCents: dollarsToCents(lead.salePrice),
      commissionCents,
      ratePercent: rate.rate_percent,
      amountCents,
      // A fee of nothing (a 0 % rate) is settled when issued.
      status: amountCents === 0 ? 'paid' : 'open',
      paidAt: amountCents === 0 ? today : null,
      dueOn: addDays(today, settings.billing.invoice_due_days),
      parties,
    })
    .returning();
  await tx.insert(ledgerEntries).values({
    agentId,
    invoiceId: invoice!.id,
    kind: 'fee',
    amountCents,
    occurredOn: lead.closingDate!,
    notes: `Referral fee: ${rate.rate_percent} % of ${formatCents(commissionCents)}`,
    recordedById: actor.id,
    recordedBy: actor.name,
  });
  await audit(tx, {
    action: 'invoice_issued',
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    targetType: 'invoice',
    targetId: invoice!.id,
    targetName: number,
    details: {
      number,
      agent_id: agentId,
      agent_name: parties.agent.name,
      lead_id: lead.id,
      after: {
        amount_cents: amountCents,
        commission_cents: commissionCents,
        rate_percent: rate.rate_percent,
      },
    },
    ip: actor.ip,
  });
  return invoice!;
}

/** The invoice of a closing, for the lead's own view; null when none is in force. */
export async function invoiceOfLead(db: Executor, leadId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), sql`${invoices.status} <> 'void'`));
  return row ?? null;
}

async function lockInvoice(tx: Executor, id: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

const conflict = (detail: string) => new AppError('conflict', detail);

async function voidRow(
  tx: Executor,
  invoice: InvoiceRow,
  reason: string,
  actor: MoneyActor,
  action: 'invoice_void' | 'invoice_reopened',
): Promise<InvoiceRow> {
  const remaining = invoice.amountCents - invoice.paidCents;
  const [after] = await tx
    .update(invoices)
    .set({ status: 'void', voidReason: reason, voidedAt: sql`now()` })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await tx.insert(ledgerEntries).values({
    agentId: invoice.agentId,
    invoiceId: invoice.id,
    kind: 'void',
    amountCents: remaining,
    occurredOn: todayUtc(),
    notes: reason,
    recordedById: actor.id,
    recordedBy: actor.name,
  });
  await audit(tx, {
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    targetType: 'invoice',
    targetId: invoice.id,
    targetName: invoice.number,
    details: {
      number: invoice.number,
      reason,
      agent_id: invoice.agentId,
      before: { status: invoice.status, balance_cents: remaining },
      after: { status: 'void', balance_cents: 0 },
    },
    ip: actor.ip,
  });
  return after!;
}

/**
 * A closed lead reopened: its invoice, still unpaid, is void ("Lead reopened"). One with payments
 * is refused (409): the network credits, refunds or voids it first.
 */
export async function voidOnReopen(tx: Executor, leadId: string, actor: MoneyActor): Promise<void> {
  const current = await invoiceOfLead(tx, leadId);
  if (!current) return;
  const invoice = await lockInvoice(tx, current.id);
  if (invoice.paidCents > 0) {
    throw conflict(
      `Invoice ${invoice.number} for this closing has payments recorded, so the closing stands. Ask the network to refund or void the invoice before reopening the lead.`,
    );
  }
  await voidRow(tx, invoice, 'The lead was reopened', actor, 'invoice_reopened');
}

/** POST /admin/invoices/:id/void: what is left owing is cancelled; the payments stay. */
export async function voidInvoice(
  tx: Executor,
  id: string,
  reason: string,
  actor: MoneyActor,
): Promise<InvoiceRow> {
  const invoice = await lockInvoice(tx, id);
  if (invoice.status === 'void') throw conflict(`Invoice ${invoice.number} is already void.`);
  const after = await voidRow(tx, invoice, reason, actor, 'invoice_void');
  await refreshAgentMoney(tx, invoice.agentId);
  return after;
}

/**
 * POST /admin/invoices/:id/payments: a payment or a credit (up to the balance), or a refund (up
 * to what was paid). The invoice is paid when nothing is owed, open again after a refund.
 */
export async function recordPayment(
  tx: Executor,
  id: string,
  raw: PaymentInput,
  actor: MoneyActor,
): Promise<InvoiceRow> {
  const input = PaymentInputSchema.parse(raw);
  const invoice = await lockInvoice(tx, id);
  const balance = invoice.amountCents - invoice.paidCents;
  if (invoice.status === 'void') {
    throw conflict(`Invoice ${invoice.number} is void: nothing more is recorded on it.`);
  }
  if (input.kind === 'refund') {
    if (input.amount_cents > invoice.paidCents) {
      throw conflict(
        `A refund is at most what was paid on invoice ${invoice.number}: ${formatCents(invoice.paidCents)}.`,
      );
    }
  } else if (balance === 0) {
    throw conflict(`Invoice ${invoice.number} is paid in full: nothing is owed on it.`);
  } else if (input.amount_cents > balance) {
    throw conflict(
      `That is more than the ${formatCents(balance)} still owed on invoice ${invoice.number}: record ${formatCents(balance)}, or a refund for money paid back.`,
    );
  }
  const paid = invoice.paidCents + (input.kind === 'refund' ? -input.amount_cents : input.amount_cents);
  const fullyPaid = paid === invoice.amountCents;
  const [after] = await tx
    .update(invoices)
    .set({
      paidCents: paid,
      status: fullyPaid ? 'paid' : 'open',
      // On time or not is judged by the day the last of it came.
      paidAt: fullyPaid ? input.paid_on : null,
    })
    .where(eq(invoices.id, id))
    .returning();
  await tx.insert(ledgerEntries).values({
    agentId: invoice.agentId,
    invoiceId: invoice.id,
    kind: input.kind,
    amountCents: input.amount_cents,
    method: input.method ?? null,
    reference: input.reference,
    occurredOn: input.paid_on,
    notes: input.notes,
    recordedById: actor.id,
    recordedBy: actor.name,
  });
  await audit(tx, {
    action: 'invoice_payment',
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    targetType: 'invoice',
    targetId: invoice.id,
    targetName: invoice.number,
    details: {
      number: invoice.number,
      kind: input.kind,
      amount: formatCents(input.amount_cents),
      agent_id: invoice.agentId,
      before: { paid_cents: invoice.paidCents, status: invoice.status },
      after: { paid_cents: paid, status: after!.status },
    },
    ip: actor.ip,
  });
  await refreshAgentMoney(tx, invoice.agentId);
  return after!;
}

/** POST /admin/agents/:id/ledger: a deposit the agent paid, or money refunded to them. */
export async function recordAccountEntry(
  tx: Executor,
  agentId: string,
  raw: AccountEntryInput,
  actor: MoneyActor,
): Promise<LedgerEntryRow> {
  const input = AccountEntryInputSchema.parse(raw);
  const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId)).for('update');
  if (!agent) throw notFound('Agent not found');
  const before = { deposit_amount_paid: agent.depositAmountPaid, refund: agent.refund };
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      agentId,
      kind: input.kind,
      amountCents: input.amount_cents,
      method: input.method ?? null,
      reference: input.reference,
      occurredOn: input.paid_on,
      notes: input.notes,
      details: input.kind === 'refund' ? { refunded: true } : {},
      recordedById: actor.id,
      recordedBy: actor.name,
    })
    .returning();
  await refreshAgentMoney(tx, agentId);
  const [after] = await tx
    .select({ deposit: agents.depositAmountPaid, refund: agents.refund })
    .from(agents)
    .where(eq(agents.id, agentId));
  await audit(tx, {
    action: 'ledger_account_entry',
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name,
    targetType: 'agent',
    targetId: agentId,
    targetName: agentDisplayName(agent),
    details: {
      kind: input.kind,
      amount: formatCents(input.amount_cents),
      before,
      after: { deposit_amount_paid: after!.deposit, refund: after!.refund },
    },
    ip: actor.ip,
  });
  return entry!;
}

/** The invoice as the API gives it; `today` decides how overdue it is. */
export function toInvoice(row: InvoiceRow, pdfUrl: string, today = todayUtc()): Invoice {
  const balance = row.status === 'open' ? row.amountCents - row.paidCents : 0;
  return {
    id: row.id,
    number: row.number,
    lead_id: row.leadId,
    agent_id: row.agentId,
    agent_name: row.parties.agent.name,
    lead_name: row.parties.lead.name,
    property: row.parties.lead.property,
    closing_date: row.closingDate,
    sale_price_cents: row.salePriceCents,
    commission_cents: row.commissionCents,
    rate_percent: row.ratePercent,
    amount_cents: row.amountCents,
    paid_cents: row.paidCents,
    balance_cents: balance,
    status: row.status,
    issued_at: row.issuedAt.toISOString(),
    due_at: row.dueOn,
    days_overdue: row.status === 'open' ? Math.max(0, daysBetween(row.dueOn, today)) : 0,
    void_reason: row.voidReason,
    pdf_url: pdfUrl,
  };
}

/** What an entry does to the balance owed. */
function balanceEffect(row: LedgerEntryRow): number {
  if (row.invoiceId === null) return 0;
  switch (row.kind) {
    case 'fee':
    case 'refund':
      return row.amountCents;
    case 'payment':
    case 'credit':
    case 'void':
      return -row.amountCents;
    default:
      return 0;
  }
}

export function toLedgerEntry(row: LedgerEntryRow, invoiceNumber: string | null): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount_cents: row.amountCents,
    balance_effect_cents: balanceEffect(row),
    invoice_id: row.invoiceId,
    invoice_number: invoiceNumber,
    method: row.method,
    reference: row.reference,
    occurred_on: row.occurredOn,
    notes: row.notes,
    recorded_by: row.recordedBy,
    created_at: row.createdAt.toISOString(),
  };
}
