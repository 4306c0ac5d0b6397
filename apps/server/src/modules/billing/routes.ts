import { BillingSchema, DetailSchema, ERROR, LeadDetailSchema, OfficeBillingSchema } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agents } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { sendPdf, sendStoredFile } from '../../lib/send-pdf';
import { currentUser, requireUser } from '../../plugins/auth';
import { requireCorporate } from '../corporate/require-corporate';
import { getLead } from '../leads/workspace';
import { invoicePdf } from './notify';
import { readStatement, STATEMENT_MAX_BYTES, STATEMENT_TYPES, uploadStatement } from './statement';
import { agentBilling, findInvoice, officeBilling } from './views';

const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
};
const IdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
const pdf = { 200: z.any().describe('application/pdf'), ...errors };

/** The signed-in agent's id: money is the agent's own (recipients and others: 403). */
async function requireAgent(request: FastifyRequest): Promise<string> {
  await requireUser(request);
  const agentId = request.auth?.agentId;
  if (!agentId) throw forbidden(ERROR.agentProfileNotAvailable);
  return agentId;
}

/** The agent's statement, invoices and settlement statements (DESIGN.md section 12, ADR 66). */
export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  r.get(
    '/portal/me/billing',
    {
      schema: {
        tags: ['billing'],
        summary: "The agent's statement: rate, balance, invoices, payments, missing closing documents",
        response: { 200: BillingSchema, ...errors },
      },
    },
    async (request) => agentBilling(db(), await requireAgent(request)),
  );

  r.get(
    '/portal/me/invoices/:id/pdf',
    {
      schema: {
        tags: ['billing'],
        summary: "One of the agent's invoices as a PDF",
        params: IdParams,
        response: pdf,
      },
    },
    async (request, reply) => {
      const agentId = await requireAgent(request);
      const invoice = await findInvoice(db(), request.params.id, (row) => row.agentId === agentId);
      return sendPdf(reply, await invoicePdf(app.deps, invoice), true);
    },
  );

  r.get(
    '/portal/me/leads/:id/settlement-statement',
    {
      schema: {
        tags: ['billing'],
        summary: "The closing's settlement statement (PDF or image)",
        params: IdParams,
        response: { 200: z.any().describe('the file'), ...errors },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await readStatement(app.deps, request.params.id, [await requireAgent(request)])),
  );

  app.register(async (upload) => {
    for (const type of STATEMENT_TYPES) {
      upload.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: STATEMENT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
    }
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/portal/me/leads/:id/settlement-statement',
      {
        // Who is sending is checked before up to 20 MB of body is read.
        onRequest: async (request) => {
          await requireAgent(request);
        },
        bodyLimit: STATEMENT_MAX_BYTES,
        schema: {
          tags: ['billing'],
          summary:
            'Upload the settlement statement of a closed lead: the file as the body (PDF, PNG, JPEG or WebP, at most 20 MB), its name in X-File-Name',
          params: IdParams,
          response: { 201: LeadDetailSchema, ...errors, 413: DetailSchema, 415: DetailSchema },
        },
      },
      async (request, reply) => {
        const agentId = request.auth!.agentId!;
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError(
            'unsupported_media_type',
            'Send the settlement statement as the body, with its type (application/pdf, image/png, image/jpeg or image/webp).',
          );
        }
        const user = currentUser(request);
        const header = request.headers['x-file-name'];
        await uploadStatement(
          app.deps,
          { agentId, actorId: user.id, actorName: user.name || user.email },
          request.params.id,
          request.body,
          (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
          typeof header === 'string' ? header : undefined,
        );
        const scope = {
          kind: 'agent',
          agentId,
          actorId: user.id,
          actorName: user.name || user.email,
        } as const;
        return reply.status(201).send(await getLead(db(), scope, request.params.id));
      },
    );
  });

  r.get(
    '/portal/corporate-billing',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['billing'],
        summary: "The office's agents' closings, fees and balances, read-only",
        response: { 200: OfficeBillingSchema, ...errors },
      },
    },
    async (request) => officeBilling(db(), currentUser(request).id),
  );

  r.get(
    '/portal/corporate-billing/invoices/:id/pdf',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['billing'],
        summary: "One of the office's agents' invoices as a PDF",
        params: IdParams,
        response: pdf,
      },
    },
    async (request, reply) => {
      const office = currentUser(request).id;
      const invoice = await findInvoice(db(), request.params.id, async (row) => {
        const [agent] = await db()
          .select({ id: agents.id })
          .from(agents)
          .where(and(eq(agents.id, row.agentId), eq(agents.corporateUserId, office)));
        return Boolean(agent);
      });
      return sendPdf(reply, await invoicePdf(app.deps, invoice), true);
    },
  );
}
