import { SIGNING_MESSAGES, type SignatureResponse } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages, signatureRequests } from '../src/db/schema';
import { agentSession } from './helpers/agent-session';
import { createTestContext, type TestContext } from './helpers/app';
import { FakeDigiSigner } from './helpers/fake-digisigner';
import { pdfPages } from './helpers/pdf';
import { agentWithBroker, BROKER, brokerEmails as brokerSigningEmails } from './helpers/signing';

/** The same routes with DigiSigner collecting the signatures (against a fake DigiSigner on loopback). */

const fake = new FakeDigiSigner();
let ctx: TestContext;
beforeAll(async () => {
  await fake.start();
  ctx = await createTestContext({ env: fake.env() });
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});
beforeEach(async () => {
  await ctx.reset();
  fake.reset();
});

const agent = () => agentWithBroker(ctx);
const brokerEmails = () => brokerSigningEmails(ctx);

describe('DigiSigner as the provider', () => {
  it('registers the document with its signers, learns of each signature, e-mails the broker once and keeps the signed copy', async () => {
    const session = await agent();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/digisigner/generate',
      headers: session.headers,
      payload: { document: 'master' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json() as SignatureResponse;
    expect(body.provider).toBe('digisigner');
    const remote = fake.lastRequest!;
    expect(remote.signers.map((s) => [s.role, s.email, s.order])).toEqual([
      ['Agent', session.user.email, 1],
      ['Broker', BROKER.email, 2],
    ]);
    expect(body.document.document_id).toBe(remote.documentId);
    // The agent signs at DigiSigner; the broker's address is never shown to the agent.
    expect(body.documents[0]!.signers.map((s) => s.sign_document_url)).toEqual([
      fake.signUrl(remote.id, 'Agent'),
      null,
    ]);

    const status = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/digisigner/${body.signature_request_id}`,
        headers: session.headers,
      });
    expect((await status()).json()).toMatchObject({ state: 'waiting_for_you', broker_email_sent_now: false });

    await fake.sign(remote.id, 'Agent');
    const afterAgent = (await status()).json();
    expect(afterAgent).toMatchObject({
      state: 'waiting_for_broker',
      broker_email_sent_now: true,
      document: { email_sent: true },
    });
    const emails = await brokerEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Request for Pat Broker - Realty');
    expect(emails[0]!.textBody).toContain(fake.signUrl(remote.id, 'Broker'));
    expect((await status()).json().broker_email_sent_now).toBe(false);
    expect(await brokerEmails()).toHaveLength(1);

    // DigiSigner calls back when the broker signs; the portal reads the request back from DigiSigner.
    await fake.sign(remote.id, 'Broker');
    const callback = await ctx.app.inject({
      method: 'POST',
      url: '/api/digisigner/callback',
      payload: {
        event_type: 'SIGNATURE_REQUEST_COMPLETED',
        signature_request: { signature_request_id: remote.id },
      },
    });
    expect(callback.body).toBe('DIGISIGNER_EVENT_ACCEPTED');
    const [request] = await ctx.deps.database.db.select().from(signatureRequests);
    expect(request).toMatchObject({ status: 'completed' });
    expect(request!.finalSha256).toMatch(/^[0-9a-f]{64}$/);

    const me = (
      await ctx.app.inject({ method: 'GET', url: '/api/portal/me', headers: session.headers })
    ).json().agent_profile;
    expect(me.onboarding_steps.master_referral_agreement).toBe(true);

    // The final copy is DigiSigner's signed PDF followed by the portal's audit certificate.
    const final = await ctx.app.inject({
      method: 'GET',
      url: `/api/digisigner/document/${remote.documentId}`,
      headers: session.headers,
    });
    const pages = await pdfPages(final.rawPayload);
    expect(pages.at(-1)).toContain('Audit certificate');
    expect(pages.at(-1)).toContain('DigiSigner');
    expect(pages.at(-1)).toContain('recorded when DigiSigner reported it');
    expect(pages.at(-1)).toContain(request!.originalSha256);
    expect(pages.join(' ')).toMatch(/signed/i);
  });

  it('says DigiSigner cannot be reached, and loses nothing', async () => {
    const session = await agent();
    fake.failNext(1, 503);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/digisigner/generate',
      headers: session.headers,
      payload: { document: 'service' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: SIGNING_MESSAGES.retrieveError });
    expect(await ctx.deps.database.db.select().from(signatureRequests)).toEqual([]);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/digisigner/generate',
      headers: session.headers,
      payload: { document: 'service' },
    });
    expect(created.statusCode).toBe(201);
    fake.failNext(1, 500);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/digisigner/${created.json().signature_request_id}`,
      headers: session.headers,
    });
    expect(status.statusCode).toBe(503);
    expect(status.json().detail).toBe(SIGNING_MESSAGES.retrieveError);
  });
});
