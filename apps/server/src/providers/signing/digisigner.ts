import {
  type CreatedSignatureRequest,
  type CreateSignatureRequestInput,
  type ProviderRequestStatus,
  type ProviderSignerStatus,
  type SigningProvider,
  SigningProviderError,
} from './interface';

export interface DigiSignerOptions {
  apiKey: string;
  /** https://api.digisigner.com/v1, or a fake in tests. */
  apiBase: string;
  requestTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Longest part of DigiSigner's own error text repeated in our messages. */
const MAX_DETAIL_CHARS = 200;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Production adapter: DigiSigner's REST API v1 over fetch, no SDK. DigiSigner sends no e-mail
 * (`send_emails: false`): the portal gives each signer their link itself.
 */
export class DigiSignerSigningProvider implements SigningProvider {
  readonly name = 'digisigner' as const;

  constructor(private readonly options: DigiSignerOptions) {}

  async createRequest(input: CreateSignatureRequestInput): Promise<CreatedSignatureRequest> {
    const form = new FormData();
    // A copy: Blob wants an ArrayBuffer-backed view, a Buffer may sit on a shared pool.
    form.append('file', new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }), input.filename);
    const uploaded = await this.json('upload the document', 'POST', '/documents', form);
    const documentId = requireString(uploaded, 'document_id');

    const created = await this.json('create the signature request', 'POST', '/signature_requests', {
      send_emails: false,
      documents: [
        {
          document_id: documentId,
          subject: input.title,
          signers: [...input.signers]
            .sort((a, b) => a.order - b.order)
            .map((signer) => ({ email: signer.email, role: signer.role, order: signer.order })),
        },
      ],
    });
    const requestId = requireString(created, 'signature_request_id');
    return { requestId, documentId };
  }

  async fetchStatus(requestId: string): Promise<ProviderRequestStatus> {
    const answer = await this.json(
      'read the signature request',
      'GET',
      `/signature_requests/${encodeURIComponent(requestId)}`,
    );
    const { body, malformed } = answer;
    const completed = body.is_completed;
    const documents = body.documents;
    if (typeof completed !== 'boolean' || !Array.isArray(documents) || !isObject(documents[0])) {
      throw malformed('no is_completed or documents');
    }
    // The portal registers one document per request.
    const signers = documents[0].signers;
    if (!Array.isArray(signers) || signers.length === 0) throw malformed('the document has no signers');
    return {
      completed,
      signers: signers.map((signer): ProviderSignerStatus => {
        if (
          !isObject(signer) ||
          typeof signer.email !== 'string' ||
          typeof signer.is_signature_completed !== 'boolean'
        ) {
          throw malformed('a signer without email or is_signature_completed');
        }
        return {
          role: typeof signer.role === 'string' ? signer.role : '',
          email: signer.email,
          signUrl: typeof signer.sign_document_url === 'string' ? signer.sign_document_url : null,
          signed: signer.is_signature_completed,
        };
      }),
    };
  }

  async downloadSigned(documentId: string): Promise<Buffer> {
    const response = await this.call(
      'download the document',
      'GET',
      `/documents/${encodeURIComponent(documentId)}`,
    );
    const bytes = await this.read('download the document', 'GET /documents/{id}', () =>
      response.arrayBuffer(),
    );
    const pdf = Buffer.from(bytes);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw unusable('GET /documents/{id}', response.status, 'the answer is not a PDF');
    }
    return pdf;
  }

  /** A call whose answer is a JSON object, with a way to reject it as unusable. */
  private async json(what: string, method: 'GET' | 'POST', path: string, body?: FormData | Json) {
    const response = await this.call(what, method, path, body);
    const call = `${method} ${templateOf(path)}`;
    const payload = await this.read(what, call, () => response.json().catch(() => null));
    const malformed = (problem: string) => unusable(call, response.status, problem);
    if (!isObject(payload)) throw malformed('the answer is not a JSON object');
    return { body: payload, malformed };
  }

  /** One HTTP exchange; anything but a 2xx answer is a SigningProviderError. */
  private async call(what: string, method: 'GET' | 'POST', path: string, body?: FormData | Json) {
    const { apiKey, apiBase } = this.options;
    const call = `${method} ${templateOf(path)}`;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
      accept: method === 'GET' && path.startsWith('/documents/') ? 'application/pdf' : 'application/json',
    };
    let requestBody: FormData | string | undefined;
    if (body instanceof FormData) requestBody = body;
    else if (body) {
      headers['content-type'] = 'application/json';
      requestBody = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetch(`${apiBase.replace(/\/+$/, '')}${path}`, {
        method,
        headers,
        body: requestBody,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw this.unreachable(what, call, error);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const detail = this.detailOf(text);
      throw new SigningProviderError(
        `DigiSigner refused to ${what} (${call}): HTTP ${response.status}${detail ? ` - ${detail}` : ''}`,
        { status: response.status },
      );
    }
    return response;
  }

  /** Reads an answer's body under the same time limit as the request. */
  private async read<T>(what: string, call: string, reader: () => Promise<T>): Promise<T> {
    try {
      return await reader();
    } catch (error) {
      throw this.unreachable(what, call, error);
    }
  }

  private get timeoutMs() {
    return this.options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private unreachable(what: string, call: string, error: unknown) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return new SigningProviderError(
        `DigiSigner did not answer in time to ${what} (${call}): no answer within ${this.timeoutMs / 1000} s`,
      );
    }
    const reason =
      error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : String(error);
    return new SigningProviderError(
      `DigiSigner could not be reached to ${what} (${call}): ${this.scrub(reason)}`,
    );
  }

  /** DigiSigner's own explanation of a refusal, short and without the key. */
  private detailOf(text: string): string {
    let detail = text;
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed)) {
        const message = parsed.message ?? parsed.error ?? parsed.error_description;
        detail = typeof message === 'string' ? message : '';
      }
    } catch {
      // Not JSON: an HTML error page says nothing useful.
      if (/^\s*</.test(text)) detail = '';
    }
    detail = this.scrub(detail.replace(/\s+/g, ' ').trim());
    return detail.length > MAX_DETAIL_CHARS ? `${detail.slice(0, MAX_DETAIL_CHARS)}...` : detail;
  }

  private scrub(text: string): string {
    const { apiKey } = this.options;
    return apiKey ? text.split(apiKey).join('[api key]') : text;
  }
}

/** The call named without the ids (they are in the request's record already). */
const templateOf = (path: string) =>
  path.replace(/^\/(documents|signature_requests)\/[^/]+/, (_, resource: string) => `/${resource}/{id}`);

/** A 2xx answer the portal cannot use (no status on the error: DigiSigner did not refuse). */
const unusable = (call: string, status: number, problem: string) =>
  new SigningProviderError(`DigiSigner answered ${call} with HTTP ${status} but nothing usable: ${problem}`);

function requireString(
  answer: { body: Json; malformed: (problem: string) => SigningProviderError },
  key: string,
): string {
  const value = answer.body[key];
  if (typeof value !== 'string' || value === '') throw answer.malformed(`no ${key}`);
  return value;
}
