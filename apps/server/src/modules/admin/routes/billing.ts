import { Readable } from 'node:stream';
import {
  AccountEntryInputSchema,
  AdminInvoicesQuerySchema,
  AdminInvoicesSchema,
  AgentLedgerSchema,
  InvoiceSchema,
  LedgerEntrySchema,
  PaymentInputSchema,
  VoidInputSchema,
} from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf, sendStoredFile } from '../../../lib/send-pdf';
import { ledgerCsv } from '../../billing/export';
import {
  type MoneyActor,
  recordAccountEntry,
  recordPayment,
  toInvoice,
  toLedgerEntry,
  voidInvoice,
} from '../../billing/invoices';
import { invoicePdf } from '../../billing/notify';
import { readStatement } from '../../billing/statement';
import { adminInvoices, adminPdfPath, agentLedger, findInvoice } from '../../billing/views';
import { consoleActor } from '../common';
import { errors } from './schemas';

const IdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
const pdf = { 200: z.any().describe('application/pdf'), ...errors };

const actorOf = (request: FastifyRequest): MoneyActor => {
  const actor = consoleActor(request);
  return { id: actor.id, email: actor.email, name: actor.name, ip: actor.ip };
};

/** The console's receivables, payments, voids and ledger (registered under the console's guard). */
export async function adminBillingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['admin'];

  r.get(
    '/admin/invoices',
    {
      schema: {
        tags,
        summary:
          'Invoices (status, overdue=true, agent_id, q for number or agent), paged, with the ageing of every open one',
        querystring: AdminInvoicesQuerySchema,
        response: { 200: AdminInvoicesSchema, ...errors },
      },
    },
    async (request) => adminInvoices(db(), request.query),
  );

  r.get(
    '/admin/invoices/:id/pdf',
    { schema: { tags, summary: 'An invoice as a PDF', params: IdParams, response: pdf } },
    async (request, reply) =>
      sendPdf(reply, await invoicePdf(app.deps, await findInvoice(db(), request.params.id)), true),
  );

  r.post(
    '/admin/invoices/:id/payments',
    {
      schema: {
        tags,
        summary: 'Record a payment, a credit or a refund on an invoice',
        params: IdParams,
        body: PaymentInputSchema,
        response: { 201: InvoiceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await db().transaction((tx) =>
        recordPayment(tx, request.params.id, request.body, actorOf(request)),
      );
      return reply.status(201).send(toInvoice(row, adminPdfPath(row)));
    },
  );

  r.post(
    '/admin/invoices/:id/void',
    {
      schema: {
        tags,
        summary: 'Void an invoice, with the reason: what is left owing is cancelled',
        params: IdParams,
        body: VoidInputSchema,
        response: { 200: InvoiceSchema, ...errors },
      },
    },
    async (request) => {
      const row = await db().transaction((tx) =>
        voidInvoice(tx, request.params.id, request.body.reason, actorOf(request)),
      );
      return toInvoice(row, adminPdfPath(row));
    },
  );

  r.get(
    '/admin/agents/:id/ledger',
    {
      schema: {
        tags,
        summary: "An agent's rate, balance, invoices and every ledger entry",
        params: IdParams,
        response: { 200: AgentLedgerSchema, ...errors },
      },
    },
    async (request) => agentLedger(db(), request.params.id),
  );

  r.post(
    '/admin/agents/:id/ledger',
    {
      schema: {
        tags,
        summary: "Record a deposit the agent paid, or money refunded to them, on the agent's account",
        params: IdParams,
        body: AccountEntryInputSchema,
        response: { 201: LedgerEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await db().transaction((tx) =>
        recordAccountEntry(tx, request.params.id, request.body, actorOf(request)),
      );
      return reply.status(201).send(toLedgerEntry(entry, null));
    },
  );

  r.get(
    '/admin/ledger.csv',
    {
      schema: {
        tags,
        summary: 'Every ledger entry as CSV for the accountant (agent_id: one agent)',
        querystring: z.object({ agent_id: z.uuid({ message: 'agent_id must be an id' }).optional() }),
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="ledger.csv"')
        .header('Cache-Control', 'private, no-store')
        .send(Readable.from(ledgerCsv(db(), request.query.agent_id))),
  );

  r.get(
    '/admin/leads/:id/settlement-statement',
    {
      schema: {
        tags,
        summary: "A closing's settlement statement",
        params: IdParams,
        response: { 200: z.any().describe('the file'), ...errors },
      },
    },
    async (request, reply) => sendStoredFile(reply, await readStatement(app.deps, request.params.id)),
  );
}
