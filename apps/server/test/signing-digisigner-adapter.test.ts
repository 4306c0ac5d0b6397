import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviders } from '../src/providers';
import { DigiSignerSigningProvider } from '../src/providers/signing/digisigner';
import { type CreateSignatureRequestInput, SigningProviderError } from '../src/providers/signing/interface';
import { testConfig } from './helpers/app';
import { FAKE_DIGISIGNER_API_KEY, FakeDigiSigner } from './helpers/fake-digisigner';
import { pdfPages as pagesText } from './helpers/pdf';

const KEY = FAKE_DIGISIGNER_API_KEY;

async function agreementPdf(title = 'Master Referral Agreement') {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(`${title} between Dana Reyes and Sunrise Realty`, {
    x: 72,
    y: 700,
    size: 12,
    font,
  });
  return Buffer.from(await pdf.save());
}

const masterInput = async (): Promise<CreateSignatureRequestInput> => ({
  title: 'Master Referral Agreement',
  filename: 'master-referral-agreement.pdf',
  pdf: await agreementPdf(),
  // Given out of order on purpose: DigiSigner receives them by signing order.
  signers: [
    { role: 'Broker', name: 'Pat Broker', email: 'broker@sunrise.example', order: 2 },
    { role: 'Agent', name: 'Dana Reyes', email: 'dana@example.com', order: 1 },
  ],
});

const expectNoKey = (error: unknown) => {
  expect(error).toBeInstanceOf(SigningProviderError);
  const text = `${String(error)} ${(error as Error).stack ?? ''}`;
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(Buffer.from(`${KEY}:`).toString('base64'));
};

describe('DigiSigner configuration', () => {
  it('uses DigiSigner only when its API key is set, with the default API address', () => {
    const builtin = testConfig();
    expect(builtin.digisigner).toBeNull();
    expect(createProviders(builtin).signing.name).toBe('builtin');

    const config = testConfig({ DIGISIGNER_API_KEY: KEY });
    expect(config.digisigner).toEqual({
      apiKey: KEY,
      apiBase: 'https://api.digisigner.com/v1',
      requestTimeoutMs: 15_000,
    });
    expect(createProviders(config).signing.name).toBe('digisigner');
    expect(
      testConfig({ DIGISIGNER_API_KEY: KEY, DIGISIGNER_API_BASE: 'http://127.0.0.1:9/v1/' }).digisigner
        ?.apiBase,
    ).toBe('http://127.0.0.1:9/v1');
    expect(() => testConfig({ DIGISIGNER_API_KEY: KEY, DIGISIGNER_API_BASE: 'not a url' })).toThrow(
      /DIGISIGNER_API_BASE/,
    );
  });
});

describe('the DigiSigner adapter against a fake DigiSigner', () => {
  const fake = new FakeDigiSigner();
  let provider: DigiSignerSigningProvider;
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    // A trailing slash on the configured address must not double the path's slash.
    provider = new DigiSignerSigningProvider({ apiKey: KEY, apiBase: `${fake.baseUrl}/` });
  });

  it('uploads the PDF as multipart, then creates the request with roles, orders and e-mails', async () => {
    const input = await masterInput();
    const created = await provider.createRequest(input);

    expect(fake.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/documents',
      'POST /v1/signature_requests',
    ]);
    const basic = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
    expect(fake.received.every((r) => r.authorization === basic)).toBe(true);

    const [upload, request] = fake.received;
    expect(upload!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.file).toMatchObject({
      filename: 'master-referral-agreement.pdf',
      contentType: 'application/pdf',
    });
    expect(upload!.file!.bytes.equals(input.pdf)).toBe(true);

    expect(request!.contentType).toBe('application/json');
    expect(request!.json).toEqual({
      send_emails: false,
      documents: [
        {
          document_id: created.documentId,
          subject: 'Master Referral Agreement',
          signers: [
            { email: 'dana@example.com', role: 'Agent', order: 1 },
            { email: 'broker@sunrise.example', role: 'Broker', order: 2 },
          ],
        },
      ],
    });
    expect(fake.requests.get(created.requestId)).toMatchObject({ documentId: created.documentId });
    expect(fake.documents.get(created.documentId)!.original.equals(input.pdf)).toBe(true);
  });

  it("reads each signer's state and signing link, in order, until everyone has signed", async () => {
    const { requestId } = await provider.createRequest(await masterInput());

    expect(await provider.fetchStatus(requestId)).toEqual({
      completed: false,
      signers: [
        {
          role: 'Agent',
          email: 'dana@example.com',
          signUrl: `${fake.baseUrl}/sign/${requestId}/Agent`,
          signed: false,
        },
        {
          role: 'Broker',
          email: 'broker@sunrise.example',
          signUrl: `${fake.baseUrl}/sign/${requestId}/Broker`,
          signed: false,
        },
      ],
    });
    expect(fake.received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/signature_requests/${requestId}`,
    });

    // The fake keeps DigiSigner's signing order.
    await expect(fake.sign(requestId, 'Broker')).rejects.toThrow(/cannot sign before Agent/);
    await fake.sign(requestId, 'Agent');
    const agentSigned = await provider.fetchStatus(requestId);
    expect(agentSigned.completed).toBe(false);
    expect(agentSigned.signers.map((s) => [s.role, s.signed])).toEqual([
      ['Agent', true],
      ['Broker', false],
    ]);

    await fake.sign(requestId, 'Broker');
    const done = await provider.fetchStatus(requestId);
    expect(done.completed).toBe(true);
    expect(done.signers.every((s) => s.signed)).toBe(true);
  });

  it('downloads the original until completion, then the signed PDF naming its signers', async () => {
    const input = await masterInput();
    const { requestId, documentId } = await provider.createRequest(input);

    const before = await provider.downloadSigned(documentId);
    expect(before.equals(input.pdf)).toBe(true);
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', path: `/v1/documents/${documentId}` });

    await fake.sign(requestId, 'Agent', new Date('2025-03-01T15:00:00Z'));
    await fake.sign(requestId, 'Broker', new Date('2025-03-02T16:30:00Z'));
    const signed = await provider.downloadSigned(documentId);
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(signed.equals(input.pdf)).toBe(false);
    const pages = await pagesText(signed);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Master Referral Agreement between Dana Reyes and Sunrise Realty');
    expect(pages[1]).toContain('Signed by Agent: dana@example.com on 2025-03-01T15:00:00.000Z');
    expect(pages[1]).toContain('Signed by Broker: broker@sunrise.example on 2025-03-02T16:30:00.000Z');
  });

  it('turns a refused API key (401) into a SigningProviderError that names the call, not the key', async () => {
    const wrongKey = 'wrong-key-that-must-not-leak-42';
    const stranger = new DigiSignerSigningProvider({ apiKey: wrongKey, apiBase: fake.baseUrl });
    const error = await stranger.createRequest(await masterInput()).catch((e: unknown) => e);
    expectNoKey(error);
    expect(String(error)).not.toContain(wrongKey);
    expect(error).toMatchObject({
      status: 401,
      message:
        'DigiSigner refused to upload the document (POST /documents): HTTP 401 - Unauthorized: invalid API key',
    });
    // Nothing was created at the fake, and the refused call was the only one made.
    expect(fake.documents.size).toBe(0);
    expect(fake.received).toHaveLength(1);
  });

  it('turns a 500 into a SigningProviderError for each call, and works again afterwards', async () => {
    const { requestId, documentId } = await provider.createRequest(await masterInput());

    fake.failNext(1, 500);
    const status = await provider.fetchStatus(requestId).catch((e: unknown) => e);
    expectNoKey(status);
    expect(status).toMatchObject({
      status: 500,
      message:
        'DigiSigner refused to read the signature request (GET /signature_requests/{id}): HTTP 500 - Simulated DigiSigner failure',
    });

    fake.failNext(1, 503, { error: 'Service temporarily unavailable' });
    await expect(provider.downloadSigned(documentId)).rejects.toMatchObject({
      status: 503,
      message:
        'DigiSigner refused to download the document (GET /documents/{id}): HTTP 503 - Service temporarily unavailable',
    });

    // The upload succeeds but creating the request fails: the error names the second call.
    fake.failNext(1, 200, { document_id: 'doc-from-a-failing-upload' });
    fake.failNext(1, 502);
    await expect(provider.createRequest(await masterInput())).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(
        /^DigiSigner refused to create the signature request \(POST \/signature_requests\): HTTP 502/,
      ),
    });

    expect((await provider.fetchStatus(requestId)).completed).toBe(false);
  });

  it('gives up after the request timeout with a SigningProviderError', async () => {
    const impatient = new DigiSignerSigningProvider({
      apiKey: KEY,
      apiBase: fake.baseUrl,
      requestTimeoutMs: 300,
    });
    const { requestId } = await impatient.createRequest(await masterInput());
    fake.stallNext(1);
    const started = Date.now();
    const error = await impatient.fetchStatus(requestId).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expectNoKey(error);
    expect(error).toMatchObject({
      status: undefined,
      message:
        'DigiSigner did not answer in time to read the signature request (GET /signature_requests/{id}): no answer within 0.3 s',
    });
  });

  it('reports an unreachable DigiSigner without the key', async () => {
    const closed = new FakeDigiSigner();
    await closed.start();
    const base = closed.baseUrl;
    await closed.stop();
    const nowhere = new DigiSignerSigningProvider({ apiKey: KEY, apiBase: base });
    const error = await nowhere.fetchStatus('any').catch((e: unknown) => e);
    expectNoKey(error);
    expect((error as Error).message).toMatch(
      /^DigiSigner could not be reached to read the signature request \(GET \/signature_requests\/\{id\}\): /,
    );
  });

  it('rejects answers it cannot use: no ids, no signers, or a document that is not a PDF', async () => {
    fake.failNext(1, 200, { id: 'not-what-digisigner-answers' });
    await expect(provider.createRequest(await masterInput())).rejects.toMatchObject({
      message: 'DigiSigner answered POST /documents with HTTP 200 but nothing usable: no document_id',
    });

    const { requestId } = await provider.createRequest(await masterInput());
    fake.failNext(1, 200, { signature_request_id: requestId, is_completed: false, documents: [] });
    await expect(provider.fetchStatus(requestId)).rejects.toMatchObject({
      message: expect.stringContaining('nothing usable: no is_completed or documents'),
    });
    fake.failNext(1, 200, {
      is_completed: false,
      documents: [{ document_id: 'd', signers: [{ email: 'dana@example.com' }] }],
    });
    await expect(provider.fetchStatus(requestId)).rejects.toBeInstanceOf(SigningProviderError);

    // DigiSigner stores whatever it was given; a download that is not a PDF is refused.
    const text = { ...(await masterInput()), pdf: Buffer.from('just some text, not a PDF') };
    const { documentId } = await provider.createRequest(text);
    await expect(provider.downloadSigned(documentId)).rejects.toMatchObject({
      message:
        'DigiSigner answered GET /documents/{id} with HTTP 200 but nothing usable: the answer is not a PDF',
    });

    // An unknown request is DigiSigner's 404, passed on with its status.
    await expect(provider.fetchStatus('no-such-request')).rejects.toMatchObject({ status: 404 });
  });
});
