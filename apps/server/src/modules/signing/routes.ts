import {
  AgentDocumentSchema,
  DetailSchema,
  GenerateDocumentRequestSchema,
  SaveDocumentRequestSchema,
  SIGNING_MESSAGES,
  SignatureResponseSchema,
  SigningSessionSchema,
  SignRequestSchema,
  SignResultSchema,
  VERIFY_PDF_MAX_BYTES,
  VerifyDocumentResultSchema,
} from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logoSvg } from '../../emails/brand';
import { AppError } from '../../lib/errors';
import { sendPdf } from '../../lib/send-pdf';
import { loadSharp } from '../../lib/sharp';
import { currentUser, requireMaySendEmail, requireUser } from '../../plugins/auth';
import { COMPANY } from './flow';
import { openSigningSession, signingDocumentPdf, signWithToken, verifyPdf } from './public';
import {
  downloadDocument,
  generateDocument,
  handleProviderCallback,
  saveFinalDocument,
  sendToBroker,
  signatureStatus,
} from './service';

const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
  422: DetailSchema,
  429: DetailSchema,
  503: DetailSchema,
};
const linkErrors = {
  400: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
  410: DetailSchema,
  429: DetailSchema,
};

const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

const TokenParams = z.object({ token: z.string().min(1).max(300) });

/**
 * E-signature (SPEC.md section 7 names; DESIGN.md section 6): the agent's documents under
 * /digisigner whichever provider signs, the public signing page's calls under /sign, the
 * DigiSigner callback and the verification of a PDF.
 */
export async function signingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/digisigner/generate',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signing'],
        summary: 'Prepare the service or master agreement from the agent record and open it for signature',
        body: GenerateDocumentRequestSchema,
        response: { 200: SignatureResponseSchema, 201: SignatureResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, response } = await generateDocument(app.deps, currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(response);
    },
  );

  r.post(
    '/digisigner/callback',
    {
      schema: {
        tags: ['signing'],
        summary:
          'DigiSigner event callback: the request is read back from DigiSigner, the body is only a hint',
        body: z.looseObject({}).optional(),
      },
    },
    async (request, reply) => {
      const body = request.body as { signature_request?: { signature_request_id?: unknown } } | undefined;
      const id = body?.signature_request?.signature_request_id;
      await handleProviderCallback(app.deps, typeof id === 'string' ? id : undefined);
      return reply.type('text/plain').send('DIGISIGNER_EVENT_ACCEPTED');
    },
  );

  r.get(
    '/digisigner/document/:documentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signing'],
        summary: 'The agreement PDF: the signed copy when completed, else the original (?version=original)',
        params: z.object({ documentId: z.string().min(1).max(200) }),
        querystring: z.object({ version: z.enum(['original', 'final']).optional() }),
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await downloadDocument(
          app.deps,
          currentUser(request),
          request.params.documentId,
          request.query.version,
        ),
        false,
      ),
  );

  r.post(
    '/digisigner/document/:documentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signing'],
        summary: 'Keep the completed PDF on the agent record',
        params: z.object({ documentId: z.string().min(1).max(200) }),
        body: SaveDocumentRequestSchema,
        response: { 200: AgentDocumentSchema, ...errors },
      },
    },
    async (request) =>
      saveFinalDocument(app.deps, currentUser(request), request.params.documentId, request.body),
  );

  r.post(
    '/digisigner/:requestId/send-to-broker',
    {
      preHandler: requireMaySendEmail,
      schema: {
        tags: ['signing'],
        summary: "E-mail the broker of record a fresh signing link (after the agent's signature)",
        params: z.object({ requestId: z.string().min(1).max(100) }),
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (request) => {
      await sendToBroker(app.deps, currentUser(request), request.params.requestId);
      return { detail: SIGNING_MESSAGES.brokerEmailSent };
    },
  );

  r.get(
    '/digisigner/:requestId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signing'],
        summary: 'Where a signature request stands (brought up to date with the provider)',
        params: z.object({ requestId: z.string().min(1).max(100) }),
        response: { 200: SignatureResponseSchema, ...errors },
      },
    },
    async (request) => signatureStatus(app.deps, currentUser(request), request.params.requestId),
  );

  r.get(
    '/sign/:token',
    {
      schema: {
        tags: ['signing'],
        summary: 'Public: the agreement a signing link opens (the view is recorded)',
        params: TokenParams,
        response: { 200: SigningSessionSchema, ...linkErrors },
      },
    },
    async (request) => openSigningSession(app.deps, request.params.token, client(request)),
  );

  r.get(
    '/sign/:token/document.pdf',
    {
      schema: {
        tags: ['signing'],
        summary: 'Public: the original PDF of a signing link',
        params: TokenParams,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await signingDocumentPdf(app.deps, request.params.token, client(request)), true),
  );

  r.post(
    '/sign/:token',
    {
      // A drawn signature is a PNG data URL.
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['signing'],
        summary: 'Public: sign with a typed or drawn signature and consent (once per link)',
        params: TokenParams,
        body: SignRequestSchema,
        response: { 200: SignResultSchema, ...linkErrors },
      },
    },
    async (request) => signWithToken(app.deps, request.params.token, request.body, client(request)),
  );

  app.register(async (verify) => {
    verify.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: VERIFY_PDF_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    verify.withTypeProvider<ZodTypeProvider>().post(
      '/verify-document',
      {
        bodyLimit: VERIFY_PDF_MAX_BYTES,
        schema: {
          tags: ['signing'],
          summary: 'Public: is this PDF a completed agreement issued here (SHA-256 match)?',
          response: {
            200: VerifyDocumentResultSchema,
            413: DetailSchema,
            415: DetailSchema,
            429: DetailSchema,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new AppError(
            'unsupported_media_type',
            'Send the PDF file as the body (Content-Type: application/pdf)',
          );
        }
        return verifyPdf(app.deps, request.body, client(request));
      },
    );
  });

  let logo: Promise<Buffer> | null = null;
  app.get('/brand/logo.png', { schema: { hide: true } }, async (_request, reply) => {
    logo ??= loadSharp().then((sharp) =>
      sharp(Buffer.from(logoSvg(COMPANY)))
        .png()
        .toBuffer(),
    );
    reply.header('Cache-Control', 'public, max-age=86400');
    return reply.type('image/png').send(await logo);
  });
}
