import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * DigiSigner's REST API v1 on loopback, for the adapter and the signing routes' tests. It answers
 * exactly the calls the portal makes: POST /documents (multipart upload), POST /signature_requests,
 * GET /signature_requests/{id} and GET /documents/{id}, with Basic auth (API key as user name,
 * empty password). Everything it receives is recorded; requests and documents live in memory.
 */

export const FAKE_DIGISIGNER_API_KEY = 'fake-digisigner-api-key-0123456789';

export interface FakeDigiSignerRequest {
  method: string;
  /** Path with query, e.g. /v1/documents. */
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  /** The parsed body of a JSON request. */
  json: unknown;
  /** The file part of a multipart upload. */
  file: { filename: string; contentType: string; bytes: Buffer } | null;
}

export interface FakeDigiSignerSigner {
  email: string;
  role: string;
  order: number;
  signedAt: Date | null;
}

export interface FakeDigiSignerSignatureRequest {
  id: string;
  documentId: string;
  subject: string | undefined;
  sendEmails: unknown;
  signers: FakeDigiSignerSigner[];
  completed: boolean;
}

export interface FakeDigiSignerDocument {
  id: string;
  filename: string;
  original: Buffer;
  /** Set when the request it belongs to is completed. */
  signed: Buffer | null;
}

type Answer = { status: number; body: object | Buffer; contentType?: string };

const json = (status: number, body: object): Answer => ({ status, body });

export class FakeDigiSigner {
  readonly apiKey: string;
  received: FakeDigiSignerRequest[] = [];
  readonly requests = new Map<string, FakeDigiSignerSignatureRequest>();
  readonly documents = new Map<string, FakeDigiSignerDocument>();
  port = 0;
  private server: Server | null = null;
  private failures: { count: number; status: number; body: object }[] = [];
  private stalls = 0;

  constructor(apiKey = FAKE_DIGISIGNER_API_KEY) {
    this.apiKey = apiKey;
  }

  /** Where the API lives, like https://api.digisigner.com/v1 (DIGISIGNER_API_BASE). */
  get baseUrl() {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  get running() {
    return this.server !== null;
  }

  /** The env of a test context that uses this fake. */
  env(): Record<string, string> {
    return { DIGISIGNER_API_KEY: this.apiKey, DIGISIGNER_API_BASE: this.baseUrl };
  }

  async start(port = 0) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `fake DigiSigner failed: ${String(error)}` }));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Forgets every request, document, recorded call and planned failure (between tests). */
  reset() {
    this.received = [];
    this.requests.clear();
    this.documents.clear();
    this.failures = [];
    this.stalls = 0;
  }

  /** The next `count` calls are answered `status` (default 500) with `body` instead of being served. */
  failNext(count = 1, status = 500, body: object = { message: 'Simulated DigiSigner failure' }) {
    this.failures.push({ count, status, body });
  }

  /** The next `count` calls get no answer at all (the connection stays open until stop). */
  stallNext(count = 1) {
    this.stalls += count;
  }

  /** The recorded calls to one path pattern, e.g. callsTo('POST', '/signature_requests'). */
  callsTo(method: string, pathPrefix: string) {
    return this.received.filter((r) => r.method === method && r.path.startsWith(`/v1${pathPrefix}`));
  }

  /** The signature request the portal created last. */
  get lastRequest(): FakeDigiSignerSignatureRequest | undefined {
    return [...this.requests.values()].at(-1);
  }

  /** The signer of `role` signs at DigiSigner; the request completes when all have signed. */
  async sign(requestId: string, role: string, at = new Date()) {
    const request = this.requests.get(requestId);
    if (!request) throw new Error(`fake DigiSigner: no signature request ${requestId}`);
    const signer = request.signers.find((s) => s.role === role);
    if (!signer) throw new Error(`fake DigiSigner: request ${requestId} has no signer with role ${role}`);
    if (signer.signedAt) throw new Error(`fake DigiSigner: ${role} has already signed ${requestId}`);
    const waitingFor = request.signers.find((s) => s.order < signer.order && !s.signedAt);
    if (waitingFor) {
      throw new Error(`fake DigiSigner: ${role} cannot sign before ${waitingFor.role} (signing order)`);
    }
    signer.signedAt = at;
    if (request.signers.every((s) => s.signedAt)) {
      const document = this.documents.get(request.documentId)!;
      document.signed = await signedPdf(document.original, request);
      request.completed = true;
    }
  }

  signUrl(requestId: string, role: string) {
    return `${this.baseUrl}/sign/${encodeURIComponent(requestId)}/${encodeURIComponent(role)}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const contentType = req.headers['content-type'];
    const record: FakeDigiSignerRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType,
      body,
      json: null,
      file: null,
    };
    if (contentType?.startsWith('application/json')) {
      try {
        record.json = JSON.parse(body.toString('utf8'));
      } catch {
        record.json = undefined;
      }
    }
    if (contentType?.startsWith('multipart/form-data')) record.file = await filePart(body, contentType);
    this.received.push(record);

    if (this.stalls > 0) {
      this.stalls -= 1;
      return; // No answer: the client's timeout has to end it.
    }
    const answer = this.failure() ?? this.route(record);
    if (Buffer.isBuffer(answer.body)) {
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/octet-stream' });
      res.end(answer.body);
    } else {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer.status === 401) headers['www-authenticate'] = 'Basic realm="DigiSigner API"';
      res.writeHead(answer.status, headers);
      res.end(JSON.stringify(answer.body));
    }
  }

  private failure(): Answer | null {
    const next = this.failures[0];
    if (!next) return null;
    next.count -= 1;
    if (next.count <= 0) this.failures.shift();
    return json(next.status, next.body);
  }

  private authorized(header: string | undefined) {
    const match = /^Basic (.+)$/i.exec(header ?? '');
    if (!match) return false;
    return Buffer.from(match[1]!, 'base64').toString('utf8') === `${this.apiKey}:`;
  }

  private route(request: FakeDigiSignerRequest): Answer {
    if (!this.authorized(request.authorization)) {
      return json(401, { message: 'Unauthorized: invalid API key' });
    }
    const path = request.path.split('?')[0]!;
    const documentMatch = /^\/v1\/documents\/([^/]+)$/.exec(path);
    const requestMatch = /^\/v1\/signature_requests\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && path === '/v1/documents') return this.upload(request);
    if (request.method === 'POST' && path === '/v1/signature_requests') return this.createRequest(request);
    if (request.method === 'GET' && requestMatch)
      return this.requestStatus(decodeURIComponent(requestMatch[1]!));
    if (request.method === 'GET' && documentMatch)
      return this.download(decodeURIComponent(documentMatch[1]!));
    return json(404, { message: `No such API call: ${request.method} ${path}` });
  }

  private upload(request: FakeDigiSignerRequest): Answer {
    if (!request.file || request.file.bytes.length === 0) {
      return json(400, { message: 'A multipart part named file is required' });
    }
    const id = randomUUID();
    this.documents.set(id, {
      id,
      filename: request.file.filename,
      original: request.file.bytes,
      signed: null,
    });
    return json(200, { document_id: id });
  }

  private createRequest(request: FakeDigiSignerRequest): Answer {
    const body = request.json as {
      send_emails?: unknown;
      documents?: { document_id?: unknown; subject?: unknown; signers?: unknown }[];
    } | null;
    const documents = body?.documents;
    if (!Array.isArray(documents) || documents.length !== 1) {
      return json(400, { message: 'The fake takes exactly one document per signature request' });
    }
    const [document] = documents;
    const documentId = typeof document?.document_id === 'string' ? document.document_id : '';
    if (!this.documents.has(documentId)) return json(400, { message: `Unknown document_id ${documentId}` });
    if ([...this.requests.values()].some((r) => r.documentId === documentId)) {
      return json(400, { message: `Document ${documentId} is already in a signature request` });
    }
    const signers = document?.signers;
    if (!Array.isArray(signers) || signers.length === 0) {
      return json(400, { message: 'A document needs at least one signer' });
    }
    const parsed: FakeDigiSignerSigner[] = [];
    for (const [index, signer] of signers.entries()) {
      const { email, role, order } = (signer ?? {}) as { email?: unknown; role?: unknown; order?: unknown };
      if (typeof email !== 'string' || !email.includes('@')) {
        return json(400, { message: `Signer ${index + 1} has no valid email` });
      }
      parsed.push({
        email,
        role: typeof role === 'string' ? role : `Signer ${index + 1}`,
        order: typeof order === 'number' ? order : index + 1,
        signedAt: null,
      });
    }
    const id = randomUUID();
    const created: FakeDigiSignerSignatureRequest = {
      id,
      documentId,
      subject: typeof document?.subject === 'string' ? document.subject : undefined,
      sendEmails: body?.send_emails,
      signers: parsed,
      completed: false,
    };
    this.requests.set(id, created);
    return json(200, this.describe(created));
  }

  private requestStatus(id: string): Answer {
    const request = this.requests.get(id);
    if (!request) return json(404, { message: `Signature request ${id} not found` });
    return json(200, this.describe(request));
  }

  private download(id: string): Answer {
    const document = this.documents.get(id);
    if (!document) return json(404, { message: `Document ${id} not found` });
    return { status: 200, body: document.signed ?? document.original, contentType: 'application/pdf' };
  }

  /** DigiSigner's JSON for a signature request. */
  private describe(request: FakeDigiSignerSignatureRequest) {
    return {
      signature_request_id: request.id,
      is_completed: request.completed,
      documents: [
        {
          document_id: request.documentId,
          subject: request.subject,
          signers: request.signers.map((signer) => ({
            email: signer.email,
            role: signer.role,
            order: signer.order,
            is_signature_completed: signer.signedAt !== null,
            sign_document_url: this.signUrl(request.id, signer.role),
          })),
        },
      ],
    };
  }
}

/** The file part of a multipart/form-data body, parsed the way fetch's own FormData does. */
async function filePart(body: Buffer, contentType: string) {
  try {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    const file = form.get('file');
    if (!file || typeof file === 'string') return null;
    return {
      filename: file.name,
      contentType: file.type,
      bytes: Buffer.from(await file.arrayBuffer()),
    };
  } catch {
    return null;
  }
}

/** The original with a last page saying who signed it and when. */
async function signedPdf(original: Buffer, request: FakeDigiSignerSignatureRequest): Promise<Buffer> {
  const pdf = await PDFDocument.load(original);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  let y = 720;
  page.drawText('Signed with DigiSigner (test double)', { x: 72, y, size: 16, font: bold });
  y -= 28;
  page.drawText(`Signature request ${request.id}`, { x: 72, y, size: 10, font, color: rgb(0.3, 0.3, 0.3) });
  for (const signer of request.signers) {
    y -= 22;
    page.drawText(`Signed by ${signer.role}: ${signer.email} on ${signer.signedAt!.toISOString()}`, {
      x: 72,
      y,
      size: 11,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}
