import { Readable } from 'node:stream';
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { agents, type InvoiceRow, invoices, leads } from '../../db/schema';
import {
  type InvoiceReminderStage,
  invoiceIssuedEmail,
  invoiceReminderEmail,
  statementReminderEmail,
} from '../../emails/billing';
import { addEmail } from '../../lib/outbox';
import { readSettings } from '../../lib/settings';
import { agentDisplayName } from '../agents/display-name';
import { todayUtc } from './invoices';
import { renderInvoicePdf } from './pdf';
import { STATEMENT_DAYS } from './views';

/**
 * The invoices' e-mails (ADR 66): the invoice to the billing contact and the agent when a closing
 * issues it, reminders on the due date and 7 and 14 days after, and the settlement statement's
 * reminder before its due day. Each is marked on its row by the update that claims it, so every
 * process may run the job and each e-mail goes once.
 */

/** The reminder is sent this many days before the statement's due day. */
export const STATEMENT_REMINDER_DAYS_BEFORE = 4;

async function pdfBytes(deps: AppDeps, invoice: InvoiceRow): Promise<Buffer> {
  const settings = await readSettings(deps.database.db);
  const { parties } = invoice;
  return renderInvoicePdf({
    number: invoice.number,
    issuedOn: invoice.issuedAt.toISOString().slice(0, 10),
    dueOn: invoice.dueOn,
    status: invoice.status,
    voidReason: invoice.voidReason,
    billTo: parties.bill_to,
    agent: parties.agent,
    lead: parties.lead,
    closingDate: invoice.closingDate,
    salePriceCents: invoice.salePriceCents,
    commissionCents: invoice.commissionCents,
    ratePercent: invoice.ratePercent,
    amountCents: invoice.amountCents,
    paidCents: invoice.paidCents,
    balanceCents: invoice.status === 'open' ? invoice.amountCents - invoice.paidCents : 0,
    howToPay: settings.billing.how_to_pay,
    agreement: {
      title: parties.agreement.title,
      signedOn: parties.agreement.signed_on,
      rateStated: parties.agreement.rate_percent,
    },
    company: { email: deps.config.officeEmail, website: deps.config.publicUrl },
  });
}

/** The invoice as it stands, as a PDF to send. */
export async function invoicePdf(deps: AppDeps, invoice: InvoiceRow) {
  const bytes = await pdfBytes(deps, invoice);
  return { stream: Readable.from([bytes]), filename: `${invoice.number}.pdf` };
}

/** The billing contact and the agent, once each (the same address is one e-mail). */
function recipientsOf(invoice: InvoiceRow): { name: string; email: string }[] {
  const all = [invoice.parties.bill_to, invoice.parties.agent].filter((person) => person.email);
  return all.filter(
    (person, index) =>
      all.findIndex((other) => other.email.toLowerCase() === person.email.toLowerCase()) === index,
  );
}

/** Marks `mark` on the invoice unless it is there: true for the one process that marked it. */
async function claim(deps: AppDeps, id: string, mark: string): Promise<boolean> {
  const rows = await deps.database.db
    .update(invoices)
    .set({ remindersSent: sql`array_append(${invoices.remindersSent}, ${mark})` })
    .where(and(eq(invoices.id, id), sql`not (${mark} = any(${invoices.remindersSent}))`))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

const emailInput = (deps: AppDeps, invoice: InvoiceRow, howToPay: string) => ({
  agentName: invoice.parties.agent.name,
  number: invoice.number,
  amountCents: invoice.amountCents,
  balanceCents: invoice.amountCents - invoice.paidCents,
  dueOn: invoice.dueOn,
  leadName: invoice.parties.lead.name,
  property: invoice.parties.lead.property,
  link: `${deps.config.publicUrl}/billing`,
  howToPay,
});

/** The issued invoice to its people, with its PDF; once (the `issued` mark). */
export async function sendInvoiceIssued(deps: AppDeps, invoice: InvoiceRow): Promise<number> {
  if (!(await claim(deps, invoice.id, 'issued'))) return 0;
  const settings = await readSettings(deps.database.db);
  const pdf = (await pdfBytes(deps, invoice)).toString('base64');
  const people = recipientsOf(invoice);
  for (const person of people) {
    const email = await invoiceIssuedEmail({
      ...emailInput(deps, invoice, settings.billing.how_to_pay),
      recipientName: person.name,
    });
    await addEmail(deps.database.db, deps.config, {
      to: person.email,
      from: deps.config.officeEmail,
      ...email,
      priority: 'personal',
      attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: pdf }],
      meta: { agentId: invoice.agentId },
    });
  }
  return people.length;
}

/**
 * After a closing commits: its invoice to its people at once. A failure here leaves the invoice
 * unmarked, and the billing job sends it on its next run.
 */
export async function sendIssuedForLead(deps: AppDeps, leadId: string): Promise<void> {
  const [invoice] = await deps.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), sql`not ('issued' = any(${invoices.remindersSent}))`));
  if (invoice) await sendInvoiceIssued(deps, invoice);
}

/** The reminder an open invoice is due for today, the latest stage it has reached. */
export function reminderStage(dueOn: string, today: string): InvoiceReminderStage | null {
  const days = Math.round((Date.parse(`${today}T12:00:00Z`) - Date.parse(`${dueOn}T12:00:00Z`)) / 86_400_000);
  if (days >= 14) return 'overdue_14';
  if (days >= 7) return 'overdue_7';
  if (days >= 0) return 'due';
  return null;
}

async function sendReminder(
  deps: AppDeps,
  invoice: InvoiceRow,
  stage: InvoiceReminderStage,
): Promise<boolean> {
  if (!(await claim(deps, invoice.id, stage))) return false;
  const settings = await readSettings(deps.database.db);
  for (const person of recipientsOf(invoice)) {
    const email = await invoiceReminderEmail({
      ...emailInput(deps, invoice, settings.billing.how_to_pay),
      recipientName: person.name,
      stage,
    });
    await addEmail(deps.database.db, deps.config, {
      to: person.email,
      from: deps.config.officeEmail,
      ...email,
      priority: 'personal',
      meta: { agentId: invoice.agentId },
    });
  }
  return true;
}

/** A closing whose statement is due soon (or late) and not uploaded: the agent is told once. */
async function sendStatementReminders(deps: AppDeps, limit: number): Promise<number> {
  const db = deps.database.db;
  const cutoff = new Date(Date.now() - (STATEMENT_DAYS - STATEMENT_REMINDER_DAYS_BEFORE) * 86_400_000);
  const due = await db
    .select({ lead: leads, agent: agents })
    .from(leads)
    .innerJoin(agents, eq(agents.id, leads.agentId))
    .where(
      and(
        eq(leads.stage, 'closed'),
        isNotNull(leads.closedAt),
        isNull(leads.statementUploadedAt),
        isNull(leads.statementRemindedAt),
        lte(leads.closedAt, cutoff),
      ),
    )
    .limit(limit);
  let sent = 0;
  for (const { lead, agent } of due) {
    const [claimed] = await db
      .update(leads)
      .set({ statementRemindedAt: sql`now()` })
      .where(and(eq(leads.id, lead.id), isNull(leads.statementRemindedAt)))
      .returning({ id: leads.id });
    if (!claimed || !agent.agentEmail) continue;
    const dueOn = new Date(lead.closedAt!.getTime() + STATEMENT_DAYS * 86_400_000).toISOString().slice(0, 10);
    const email = await statementReminderEmail({
      recipientName: agentDisplayName(agent),
      leadName: `${lead.firstName} ${lead.lastName}`.trim(),
      property: [lead.street, lead.city, lead.state, lead.zip].filter(Boolean).join(', '),
      closingDate: lead.closingDate ?? '',
      dueOn,
      overdue: dueOn < todayUtc(),
      link: `${deps.config.publicUrl}/leads?lead=${lead.id}`,
    });
    await addEmail(db, deps.config, {
      to: agent.agentEmail,
      from: deps.config.officeEmail,
      ...email,
      priority: 'personal',
      meta: { agentId: agent.id },
    });
    sent += 1;
  }
  return sent;
}

/** At most this many e-mails of each sort per run: the next run takes the rest. */
const PER_RUN = 200;

/**
 * The billing job (every few minutes, any process): invoices issued but not yet e-mailed (a
 * process that stopped after the closing), reminders due today, statement reminders.
 */
export async function runBillingJob(
  deps: AppDeps,
): Promise<{ issued: number; reminders: number; statements: number }> {
  const db = deps.database.db;
  const today = todayUtc();
  const unsent = await db
    .select()
    .from(invoices)
    .where(
      and(
        sql`not ('issued' = any(${invoices.remindersSent}))`,
        sql`${invoices.issuedAt} < now() - interval '1 minute'`,
      ),
    )
    .limit(PER_RUN);
  let issued = 0;
  for (const invoice of unsent) issued += (await sendInvoiceIssued(deps, invoice)) > 0 ? 1 : 0;
  const open = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), lte(invoices.dueOn, today)))
    .orderBy(invoices.dueOn)
    .limit(PER_RUN * 5);
  let reminders = 0;
  for (const invoice of open) {
    const stage = reminderStage(invoice.dueOn, today);
    // Only the latest stage reached: a job that did not run for a week does not send three.
    if (stage && !invoice.remindersSent.includes(stage) && (await sendReminder(deps, invoice, stage))) {
      reminders += 1;
      if (reminders >= PER_RUN) break;
    }
  }
  const statements = await sendStatementReminders(deps, PER_RUN);
  return { issued, reminders, statements };
}
