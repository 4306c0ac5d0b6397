import { createHash } from 'node:crypto';
import { SIGNING_MESSAGES, type SignatureResponse, signingMessages } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agents,
  outboxMessages,
  signatureEvents,
  signatureRequests,
  signatureSigners,
} from '../src/db/schema';
import { geoDataset } from '../src/modules/geo/dataset';
import { sendBrokerReminders } from '../src/modules/signing/service';
import type { agentSession } from './helpers/agent-session';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from './helpers/app';
import { linkIn } from './helpers/factories';
import { pdfPages } from './helpers/pdf';
import {
  BROKER,
  brokerEmails as brokerSigningEmails,
  agentWithBroker as signingAgent,
} from './helpers/signing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
beforeEach(async () => ctx.reset());

const agentWithBroker = (overrides: Parameters<typeof agentSession>[1] = {}) => signingAgent(ctx, overrides);
const brokerEmails = () => brokerSigningEmails(ctx);

type Session = Awaited<ReturnType<typeof agentWithBroker>>;

async function generate(session: Session, document: 'service' | 'master', extra: object = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/digisigner/generate',
    headers: session.headers,
    payload: { document, ...extra },
  });
}

const tokenOf = (url: string | null) => url!.split('/sign/')[1]!;
const agentLink = (response: SignatureResponse) => response.documents[0]!.signers[0]!.sign_document_url;

const openLink = (token: string, ip = '198.51.100.7') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/sign/${token}`,
    remoteAddress: ip,
    headers: { 'user-agent': 'SignerBrowser/1.0' },
  });

const sign = (
  token: string,
  signature: object = { kind: 'typed', text: 'Dana Reyes' },
  ip = '198.51.100.7',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sign/${token}`,
    remoteAddress: ip,
    headers: { 'user-agent': 'SignerBrowser/1.0' },
    payload: { signature, consent: true },
  });

async function drawnSignature() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80"><path d="M10 60 C 60 10, 90 10, 140 50 S 220 70, 290 20" stroke="#123" stroke-width="4" fill="none"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Agent and broker sign the master agreement; returns the request id and document id. */
async function signMasterFully(session: Session) {
  const created = (await generate(session, 'master')).json() as SignatureResponse;
  expect((await sign(tokenOf(agentLink(created)))).statusCode).toBe(200);
  const [email] = await brokerEmails();
  const broker = linkIn(email!.textBody, '/sign/');
  const signed = await sign(broker.token, { kind: 'drawn', image: await drawnSignature() }, '203.0.113.9');
  expect(signed.statusCode).toBe(200);
  return {
    requestId: created.signature_request_id,
    documentId: created.documents[0]!.document_id,
    brokerToken: broker.token,
  };
}

async function download(session: Session, documentId: string, query = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/digisigner/document/${documentId}${query}`,
    headers: session.headers,
  });
}

describe('preparing an agreement', () => {
  it('prints the saved service area when the agent typed none, never "not given"', async () => {
    const session = await agentWithBroker({
      agent: {
        counties: [
          { county_name: 'maricopa', state: 'AZ' },
          { county_name: 'Pinal', state: 'AZ' },
        ],
        zipcodes: ['85004', '85006', '85008', '85012', '85118', '85119'],
      },
    });
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const text = (await pdfPages((await download(session, created.document.document_id)).rawPayload)).join(
      ' ',
    );
    // Neither county is served whole: their ZIP codes are listed, never "all of" a county or state.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Service areas: in Maricopa County, AZ: ZIP codes 85004, 85006, 85008 and 85012; in Pinal County, AZ: ZIP codes 85118 and 85119',
    );
    expect(text).not.toContain('not given');
  });

  it('says exactly what is served: a whole county, the ZIP codes of a county in part, the exclusions', async () => {
    const arizona = (await geoDataset()).state('AZ')!;
    const pinal = arizona.counties.find((county) => county.name === 'Pinal')!.zips.map((entry) => entry.zip);
    const session = await agentWithBroker({
      agent: {
        states: [{ short: 'AZ', long: 'Arizona' }],
        counties: [
          { county_name: 'Maricopa', state: 'AZ' },
          { county_name: 'Pinal', state: 'AZ' },
        ],
        zipcodes: [...pinal, '85003', '85004', '85006'],
        excludedZips: ['85007'],
      },
    });
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const text = (await pdfPages((await download(session, created.document.document_id)).rawPayload))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      'Service areas: All of Pinal County, AZ; in Maricopa County, AZ: ZIP codes 85003, 85004 and 85006; excluding 85007',
    );
    expect(text).not.toContain('all of Arizona');
    expect(text).not.toContain('All of Arizona');
  });

  it('makes the service agreement from the agent record, with one Advertiser signer and a link for the agent', async () => {
    const session = await agentWithBroker();
    const response = await generate(session, 'service', {
      service_document_areas: 'Phoenix 85004, Tempe 85281',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as SignatureResponse;
    expect(body.state).toBe('waiting_for_you');
    expect(body.documents[0]!.signers).toMatchObject([
      {
        role: 'Advertiser',
        name: 'Dana Reyes',
        email: session.user.email,
        order: 1,
        is_signature_completed: false,
      },
    ]);
    expect(agentLink(body)).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/sign/`));

    // The record on the agent has the fields of SPEC.md section 3.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/portal/me', headers: session.headers });
    expect(me.json().agent_profile.service_document).toMatchObject({
      id: body.signature_request_id,
      document_id: body.documents[0]!.document_id,
      status: 'pending',
      document_url: null,
      email_sent: false,
    });
    expect(me.json().agent_profile.service_document_areas).toBe('Phoenix 85004, Tempe 85281');

    // The original PDF carries the agent's data and the service areas.
    const original = await download(session, body.document.document_id);
    expect(original.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(original.rawPayload)).join(' ');
    expect(text).toContain('Service Agreement');
    expect(text).toContain('Dana Reyes');
    expect(text).toContain('Summit Realty');
    expect(text).toContain('Phoenix 85004, Tempe 85281');
    // Written for people: the phone and the date as they are read, not as they are stored.
    expect(text).toContain('(602) 555-0142');
    expect(text).toMatch(/made on [A-Z][a-z]+ \d{1,2}, \d{4}/);

    // Asking again gives the same open request, not a second one.
    const again = await generate(session, 'service');
    expect(again.statusCode).toBe(200);
    expect(again.json().signature_request_id).toBe(body.signature_request_id);
  });

  it('refuses the master agreement without the broker name or e-mail, with the message of SPEC.md, and writes nothing', async () => {
    const session = await agentWithBroker({ agent: { brokerOfRecord: { ...BROKER, email: '' } } });
    const response = await generate(session, 'master');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: SIGNING_MESSAGES.brokerIncomplete });
    expect(await ctx.deps.database.db.select().from(signatureRequests)).toEqual([]);

    const none = await agentWithBroker({
      user: { email: 'other@agents.example' },
      agent: { brokerOfRecord: null },
    });
    expect((await generate(none, 'master')).json().detail).toBe(SIGNING_MESSAGES.brokerIncomplete);
  });

  it('answers 409 for an agreement already signed', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    expect((await sign(tokenOf(agentLink(created)))).json().completed).toBe(true);
    const again = await generate(session, 'service');
    expect(again.statusCode).toBe(409);
  });
});

describe('signing the master agreement', () => {
  it('goes agent then broker; the broker is e-mailed once; completion sets the step and keeps the final PDF', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'master')).json() as SignatureResponse;
    const [agentSigner, brokerSigner] = created.documents[0]!.signers;
    expect(agentSigner).toMatchObject({ role: 'Agent', order: 1 });
    expect(brokerSigner).toMatchObject({
      role: 'Broker',
      order: 2,
      email: BROKER.email,
      sign_document_url: null,
    });
    expect(await brokerEmails()).toEqual([]);

    // The agent reviews and signs.
    const agentToken = tokenOf(agentLink(created));
    const view = await openLink(agentToken);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      document: { kind: 'master', title: 'Master Referral Agreement' },
      signer: { role: 'Agent', name: 'Dana Reyes' },
    });
    expect(JSON.stringify(view.json().document.sections)).toContain('Pat Broker');
    const signed = await sign(agentToken);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({
      completed: false,
      next_signer: { role: 'Broker', name: 'Pat Broker' },
    });

    // The link is spent.
    const reused = await sign(agentToken);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().detail).toMatch(/already been used/);
    expect((await openLink(agentToken)).statusCode).toBe(410);

    // The broker gets exactly one e-mail, from the office, with the SPEC's subject and a link.
    const emails = await brokerEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      subject: 'Request for Pat Broker - Realty',
      fromAddress: ctx.deps.config.officeEmail,
    });
    expect(emails[0]!.htmlBody).toContain('Open Document');
    // The logo is the portal's wordmark in text: no image for a mail client to block.
    expect(emails[0]!.htmlBody).toContain('>Agent Portal</p>');
    expect(emails[0]!.htmlBody).toContain(`href="${TEST_PUBLIC_URL}/sign/`);
    expect(emails[0]!.htmlBody).toMatch(/review and sign the master referral agreement/);

    // The agent's view: waiting for the broker, e-mail sent, no link to anyone.
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/digisigner/${created.signature_request_id}`,
      headers: session.headers,
    });
    expect(status.json()).toMatchObject({
      state: 'waiting_for_broker',
      document: { email_sent: true, agent_status: 'signed', broker_status: 'pending' },
    });
    expect(
      status.json().documents[0].signers.map((s: { sign_document_url: unknown }) => s.sign_document_url),
    ).toEqual([null, null]);

    // Checking again does not e-mail the broker again.
    await ctx.app.inject({
      method: 'GET',
      url: `/api/digisigner/${created.signature_request_id}`,
      headers: session.headers,
    });
    expect(await brokerEmails()).toHaveLength(1);

    // The broker signs with a drawn signature from the e-mail's link.
    const broker = linkIn(emails[0]!.textBody, '/sign/');
    expect(broker.url.startsWith(`${TEST_PUBLIC_URL}/sign/`)).toBe(true);
    expect((await openLink(broker.token, '203.0.113.9')).json().signer).toMatchObject({ role: 'Broker' });
    const done = await sign(broker.token, { kind: 'drawn', image: await drawnSignature() }, '203.0.113.9');
    expect(done.json()).toMatchObject({ completed: true, next_signer: null });
    expect(await brokerEmails()).toHaveLength(1);

    const me = (
      await ctx.app.inject({ method: 'GET', url: '/api/portal/me', headers: session.headers })
    ).json().agent_profile;
    expect(me.onboarding_steps.master_referral_agreement).toBe(true);
    expect(me.onboarding_steps.service_agreement).toBe(false);
    expect(me.master_document).toMatchObject({
      status: 'completed',
      email_sent: true,
      agent_status: 'signed',
      broker_status: 'signed',
      document_url: `/api/digisigner/document/${created.documents[0]!.document_id}`,
    });

    // The final PDF: the signature page, then the audit certificate with names, e-mails, IPs and the hash.
    const [request] = await ctx.deps.database.db.select().from(signatureRequests);
    const final = await download(session, created.documents[0]!.document_id);
    expect(final.statusCode).toBe(200);
    expect(final.headers['content-disposition']).toContain('master-referral-agreement.pdf');
    const pages = await pdfPages(final.rawPayload);
    const audit = pages.at(-1)!;
    expect(audit).toContain('Audit certificate');
    expect(audit).toContain('Dana Reyes');
    expect(audit).toContain('Pat Broker');
    expect(audit).toContain(BROKER.email);
    expect(audit).toContain('203.0.113.9');
    expect(audit).toContain('198.51.100.7');
    expect(audit).toContain(request!.originalSha256);
    expect(pages.at(-2)).toContain('Dana Reyes'); // the typed signature placed in its block
    const sha = createHash('sha256').update(final.rawPayload).digest('hex');
    expect(request!.finalSha256).toBe(sha);
    // The drawn signature is an image on the signature page.
    const finalPdf = await PDFDocument.load(final.rawPayload);
    const original = await PDFDocument.load(
      (await download(session, created.documents[0]!.document_id, '?version=original')).rawPayload,
    );
    expect(finalPdf.getPageCount()).toBe(original.getPageCount() + 1);
  });

  it('opens a link only on its signer’s turn', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'master')).json() as SignatureResponse;
    // A broker link made before the agent has signed (it never is; this forges the timing).
    const [, broker] = await ctx.deps.database.db
      .select()
      .from(signatureSigners)
      .orderBy(signatureSigners.signingOrder);
    await ctx.deps.database.db
      .update(signatureSigners)
      .set({ linkNonce: 'early-nonce-000000000', linkExpiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(signatureSigners.id, broker!.id));
    const { signingToken } = await import('../src/modules/signing/links');
    const early = signingToken(ctx.deps.config, broker!.id, 'early-nonce-000000000');
    const view = await openLink(early);
    expect(view.statusCode).toBe(409);
    expect(view.json().detail).toMatch(/not your turn.*Dana Reyes \(Agent\) signs first/);
    expect((await sign(early)).statusCode).toBe(409);
    expect(created.state).toBe('waiting_for_you');
    // Nothing was signed.
    const signers = await ctx.deps.database.db.select().from(signatureSigners);
    expect(signers.every((s) => s.signedAt === null)).toBe(true);
  });

  it('lets exactly one of two simultaneous submits of a link win', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'master')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    const results = await Promise.all([sign(token), sign(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await brokerEmails()).toHaveLength(1);
    const signedEvents = await ctx.deps.database.db
      .select()
      .from(signatureEvents)
      .where(eq(signatureEvents.kind, 'signed'));
    expect(signedEvents).toHaveLength(1);
  });

  it('refuses an expired link, and gives the agent a fresh one on the next status check', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    await ctx.deps.database.db.update(signatureSigners).set({ linkExpiresAt: new Date(Date.now() - 1000) });
    const expired = await openLink(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/expired/);
    expect((await sign(token)).statusCode).toBe(410);

    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/digisigner/${created.signature_request_id}`,
      headers: session.headers,
    });
    const fresh = tokenOf(agentLink(status.json()));
    expect(fresh).not.toBe(token);
    expect((await sign(fresh)).json().completed).toBe(true);
  });

  it('refuses a forged or altered link with 404', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await openLink(altered)).statusCode).toBe(404);
    expect((await openLink('not-a-token')).statusCode).toBe(404);
  });

  it('records every view and signature with IP, user agent and time', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    await openLink(token);
    await openLink(token);
    await sign(token);
    const events = await ctx.deps.database.db
      .select()
      .from(signatureEvents)
      .where(sql`${signatureEvents.kind} in ('viewed', 'signed')`)
      .orderBy(signatureEvents.at);
    expect(events.map((e) => e.kind)).toEqual(['viewed', 'viewed', 'signed']);
    for (const event of events) {
      expect(event).toMatchObject({ ip: '198.51.100.7', userAgent: 'SignerBrowser/1.0' });
      expect(event.at).toBeInstanceOf(Date);
    }
  });

  it('keeps what was sent when a signature is refused (bad input gets 400 and spends nothing)', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    const noConsent = await ctx.app.inject({
      method: 'POST',
      url: `/api/sign/${token}`,
      payload: { signature: { kind: 'typed', text: 'Dana Reyes' }, consent: false },
    });
    expect(noConsent.statusCode).toBe(400);
    const notPng = await sign(token, {
      kind: 'drawn',
      image: `data:image/png;base64,${Buffer.from('hello').toString('base64')}`,
    });
    expect(notPng.statusCode).toBe(400);
    expect((await sign(token)).statusCode).toBe(200);
  });
});

describe('after the agent has signed', () => {
  it('reminds a broker who has not signed after 3 days, at most 3 times, each with a new link', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'master')).json() as SignatureResponse;
    await sign(tokenOf(agentLink(created)));
    const firstLink = linkIn((await brokerEmails())[0]!.textBody, '/sign/');

    expect(await sendBrokerReminders(ctx.deps)).toBe(0); // not yet three days

    const fourDaysAgo = () =>
      ctx.deps.database.db
        .update(signatureRequests)
        .set({ lastBrokerEmailAt: new Date(Date.now() - 4 * 24 * 3600_000) });
    await fourDaysAgo();
    expect(await sendBrokerReminders(ctx.deps)).toBe(1);
    expect(await sendBrokerReminders(ctx.deps)).toBe(0);
    const emails = await brokerEmails();
    expect(emails).toHaveLength(2);
    const reminder = emails.find((e) => e.template === 'broker_signing_reminder')!;
    expect(reminder.subject).toBe('Request for Pat Broker - Realty');
    const secondLink = linkIn(reminder.textBody, '/sign/');
    expect((await openLink(firstLink.token)).statusCode).toBe(410); // replaced
    expect((await openLink(secondLink.token)).statusCode).toBe(200);

    for (let i = 0; i < 4; i++) {
      await fourDaysAgo();
      await sendBrokerReminders(ctx.deps);
    }
    expect((await brokerEmails()).filter((e) => e.template === 'broker_signing_reminder')).toHaveLength(3);
  });

  it('does not remind the broker of a suspended or terminated agent', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'master')).json() as SignatureResponse;
    await sign(tokenOf(agentLink(created)));
    await ctx.deps.database.db
      .update(signatureRequests)
      .set({ lastBrokerEmailAt: new Date(Date.now() - 4 * 24 * 3600_000) });
    await ctx.deps.database.db
      .update(agents)
      .set({ agentStatus: 'suspended' })
      .where(eq(agents.id, session.agent.id));
    expect(await sendBrokerReminders(ctx.deps)).toBe(0);
    expect(await brokerEmails()).toHaveLength(1);
  });

  it('e-mails the broker again on request, with the messages of SPEC.md section 8', async () => {
    const session = await agentWithBroker();
    const service = (await generate(session, 'service')).json() as SignatureResponse;
    const master = (await generate(session, 'master')).json() as SignatureResponse;
    const send = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/digisigner/${id}/send-to-broker`,
        headers: session.headers,
      });

    const early = await send(master.signature_request_id);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(SIGNING_MESSAGES.signFirst);
    expect((await send(service.signature_request_id)).json().detail).toBe(SIGNING_MESSAGES.masterNotFound);

    await sign(tokenOf(agentLink(master)));
    const resent = await send(master.signature_request_id);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().detail).toBe(SIGNING_MESSAGES.brokerEmailSent);
    expect(await brokerEmails()).toHaveLength(2);
    await send(master.signature_request_id);
    await send(master.signature_request_id);
    const throttled = await send(master.signature_request_id);
    expect(throttled.statusCode).toBe(429);
  });
});

describe('when the agreement completes or the broker changes', () => {
  it('e-mails the signed copy to every signer, once', async () => {
    const session = await agentWithBroker();
    const { requestId } = await signMasterFully(session);
    // A later status check or download must not send it again.
    await ctx.app.inject({ method: 'GET', url: `/api/digisigner/${requestId}`, headers: session.headers });
    const completed = await ctx.deps.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'agreement_completed'));
    expect(completed.map((m) => m.toAddress).sort()).toEqual([BROKER.email, session.user.email].sort());
    for (const message of completed) {
      expect(message.subject).toBe('Completed: Master Referral Agreement');
      const [attachment] = message.attachments as {
        filename: string;
        contentType: string;
        content: string;
      }[];
      expect(attachment).toMatchObject({
        filename: 'master-referral-agreement.pdf',
        contentType: 'application/pdf',
      });
      const pages = await pdfPages(Buffer.from(attachment!.content, 'base64'));
      expect(pages.at(-1)).toContain('Audit certificate');
    }
  });

  it('withdraws the open master agreement when the agent corrects the broker, and starts a new one', async () => {
    const session = await agentWithBroker();
    const first = (await generate(session, 'master')).json() as SignatureResponse;
    const firstToken = tokenOf(agentLink(first));
    await sign(firstToken);
    const oldBrokerLink = linkIn((await brokerEmails())[0]!.textBody, '/sign/');

    await ctx.deps.database.db
      .update(agents)
      .set({ brokerOfRecord: { ...BROKER, name: 'Quinn Broker', email: 'quinn@summit-realty.example' } })
      .where(eq(agents.id, session.agent.id));
    const second = await generate(session, 'master');
    expect(second.statusCode).toBe(201);
    const body = second.json() as SignatureResponse;
    expect(body.signature_request_id).not.toBe(first.signature_request_id);
    expect(body.state).toBe('waiting_for_you');
    expect(body.documents[0]!.signers[1]).toMatchObject({
      name: 'Quinn Broker',
      email: 'quinn@summit-realty.example',
    });
    // The old broker's link no longer opens anything.
    expect((await openLink(oldBrokerLink.token)).statusCode).toBe(410);
    const [old] = await ctx.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, first.signature_request_id));
    expect(old!.status).toBe('cancelled');
    // Asking again with the same broker keeps the new request.
    expect((await generate(session, 'master')).json().signature_request_id).toBe(body.signature_request_id);
  });
});

describe('abuse and failure', () => {
  it('refuses a drawn signature that is not a readable, reasonably sized image, and keeps the link', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const junk = Buffer.concat([header, Buffer.alloc(200, 7)]);
    const broken = await sign(token, {
      kind: 'drawn',
      image: `data:image/png;base64,${junk.toString('base64')}`,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/could not be read/);
    // Small on the wire, 25 million pixels once decoded.
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(huge.length).toBeLessThan(200_000);
    const bomb = await sign(token, {
      kind: 'drawn',
      image: `data:image/png;base64,${huge.toString('base64')}`,
    });
    expect(bomb.statusCode).toBe(400);
    // The link still works, and a real drawing is stored scaled to the signature box.
    expect((await sign(token, { kind: 'drawn', image: await drawnSignature() })).statusCode).toBe(200);
    const [signer] = await ctx.deps.database.db.select().from(signatureSigners);
    const stored = Buffer.from(signer!.signature!.value.split(',')[1]!, 'base64');
    const meta = await sharp(stored).metadata();
    expect(meta.width).toBeLessThanOrEqual(1200);
    const final = await download(session, created.document.document_id);
    expect(final.statusCode).toBe(200);
  });

  it('throttles replacing the master agreement, which would e-mail a new broker each time', async () => {
    const session = await agentWithBroker();
    await generate(session, 'master');
    const statuses: number[] = [];
    for (let round = 1; round <= 4; round++) {
      await ctx.deps.database.db
        .update(agents)
        .set({ brokerOfRecord: { ...BROKER, email: `broker${round}@elsewhere.example` } })
        .where(eq(agents.id, session.agent.id));
      statuses.push((await generate(session, 'master')).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('keeps the open agreement when preparing its replacement fails', async () => {
    const session = await agentWithBroker();
    const first = (await generate(session, 'master')).json() as SignatureResponse;
    await sign(tokenOf(agentLink(first)));
    await ctx.deps.database.db
      .update(agents)
      .set({ brokerOfRecord: { ...BROKER, name: 'Quinn Broker', email: 'quinn@summit-realty.example' } })
      .where(eq(agents.id, session.agent.id));
    const storage = ctx.deps.providers.storage;
    const write = storage.write.bind(storage);
    storage.write = async () => {
      throw new Error('disk full');
    };
    try {
      expect((await generate(session, 'master')).statusCode).toBe(500);
    } finally {
      storage.write = write;
    }
    const [request] = await ctx.deps.database.db.select().from(signatureRequests);
    expect(request!.status).toBe('pending');
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/api/portal/me', headers: session.headers })
    ).json().agent_profile;
    expect(me.master_document).toMatchObject({ id: first.signature_request_id, email_sent: true });
  });

  it('prepares the service agreement again when the service areas change before the agent signs', async () => {
    const session = await agentWithBroker();
    const first = (await generate(session, 'service', { service_document_areas: 'Phoenix' })).json();
    const second = await generate(session, 'service', { service_document_areas: 'Tucson' });
    expect(second.statusCode).toBe(201);
    expect(second.json().signature_request_id).not.toBe(first.signature_request_id);
    const view = await openLink(tokenOf(agentLink(second.json())));
    expect(JSON.stringify(view.json().document.sections)).toContain('Tucson');
    expect((await openLink(tokenOf(agentLink(first)))).statusCode).toBe(410);
  });

  it('throttles opening signing links per IP, and prints repeated views once on the audit page', async () => {
    const session = await agentWithBroker();
    const created = (await generate(session, 'service')).json() as SignatureResponse;
    const token = tokenOf(agentLink(created));
    for (let i = 0; i < 12; i++) expect((await openLink(token)).statusCode).toBe(200);
    await sign(token);
    const pages = await pdfPages((await download(session, created.document.document_id)).rawPayload);
    const audit = pages.at(-1)!;
    expect(audit.match(/Opened by/g)).toHaveLength(1);
    expect(audit).toContain('first of 12 views');

    const other = '192.0.2.50';
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) answers.push((await openLink('not-a-token', other)).statusCode);
    expect(answers.slice(0, 60).every((code) => code === 404)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});

describe('the agent status and the documents', () => {
  it('makes an agent whose sections are all complete active once both agreements are signed', async () => {
    const session = await agentWithBroker({
      agent: {
        agentStatus: 'onboarding',
        onboardingCompletedOverride: true,
      },
    });
    // With the override the agent would be active at once; without it, the agreements decide.
    await ctx.deps.database.db
      .update(agents)
      .set({ onboardingCompletedOverride: false })
      .where(eq(agents.id, session.agent.id));
    const { isOnboardingComplete } = await import('@portal/shared');
    const { toAgentRecord } = await import('../src/modules/agents/serialize');
    const complete = (row: typeof agents.$inferSelect) =>
      isOnboardingComplete({ ...toAgentRecord(row), onboarding_completed_override: true });
    expect(complete(session.agent)).toBe(true);

    // Sections complete (forced through the stored flags), agreements not yet signed.
    await ctx.deps.database.db
      .update(agents)
      .set({
        agentHeadshotsUrls: ['/h.jpg'],
        brokerageLogoUrls: ['/b.png'],
        hasEoCertificate: 'no',
        recipients: [{}, {}] as never,
        onboardingSteps: sql`${agents.onboardingSteps} || '{"introduction":true,"my_team":true,"additional_photos":true,"service_area":true,"licenses_details":true,"script_instructions":true,"videos_upload":true}'::jsonb`,
      })
      .where(eq(agents.id, session.agent.id));
    const service = (await generate(session, 'service')).json() as SignatureResponse;
    await sign(tokenOf(agentLink(service)));
    const status = async () =>
      (await ctx.deps.database.db.select().from(agents).where(eq(agents.id, session.agent.id)))[0]!
        .agentStatus;
    expect(await status()).toBe('onboarding');
    await signMasterFully(session);
    expect(await status()).toBe('active');
  });

  it('keeps each agent’s documents to that agent', async () => {
    const owner = await agentWithBroker();
    const { requestId, documentId } = await signMasterFully(owner);
    const other = await agentWithBroker({ user: { email: 'someone@agents.example' } });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/digisigner/${requestId}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect((await download(other, documentId)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/digisigner/${requestId}` })).statusCode).toBe(
      401,
    );
    const save = await ctx.app.inject({
      method: 'POST',
      url: `/api/digisigner/document/${documentId}`,
      headers: other.headers,
      payload: { agent_uri: owner.agent.agentUri, document: 'master' },
    });
    expect(save.statusCode).toBe(404);
  });

  it('keeps the completed PDF on the record through POST /api/digisigner/document/:documentId', async () => {
    const session = await agentWithBroker();
    const pending = (await generate(session, 'service')).json() as SignatureResponse;
    const save = (documentId: string, document: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/digisigner/document/${documentId}`,
        headers: session.headers,
        payload: { agent_uri: session.agent.agentUri, document },
      });
    // The built-in e-signature speaks of "the agreement", not of DigiSigner.
    const builtin = signingMessages('builtin');
    expect((await save(pending.document.document_id, 'service')).json().detail).toBe(builtin.notSigned);
    expect(builtin.notSigned).toBe('The agreement has not been signed yet');
    const { documentId } = await signMasterFully(session);
    expect((await save(documentId, 'service')).json().detail).toBe(builtin.documentIdNotFound);
    const saved = await save(documentId, 'master');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'completed',
      document_url: `/api/digisigner/document/${documentId}`,
    });
  });
});

describe('verifying a PDF', () => {
  const verify = (bytes: Buffer, contentType = 'application/pdf') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      headers: { 'content-type': contentType },
      payload: bytes,
    });

  it('recognises the completed copy and the original, and nothing else', async () => {
    const session = await agentWithBroker();
    const { documentId } = await signMasterFully(session);
    const final = (await download(session, documentId)).rawPayload;
    const original = (await download(session, documentId, '?version=original')).rawPayload;

    const completed = await verify(final);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      result: 'completed',
      sha256: createHash('sha256').update(final).digest('hex'),
      document: { kind: 'master', title: 'Master Referral Agreement' },
    });
    expect(completed.json().document.signers.map((s: { name: string }) => s.name)).toEqual([
      'Dana Reyes',
      'Pat Broker',
    ]);
    expect(completed.json().document.completed_at).not.toBeNull();

    expect((await verify(original)).json()).toMatchObject({
      result: 'original',
      document: { completed_at: null },
    });

    // One byte changed: not ours.
    const tampered = Buffer.from(final);
    tampered[tampered.length - 10] = (tampered[tampered.length - 10] ?? 0) ^ 1;
    expect((await verify(tampered)).json()).toMatchObject({ result: 'unknown', document: null });

    expect((await verify(Buffer.from('hello, not a pdf'))).statusCode).toBe(415);
    expect((await verify(Buffer.from('x'), 'text/plain')).statusCode).toBe(415);
  });
});

describe('the DigiSigner callback', () => {
  it('answers DIGISIGNER_EVENT_ACCEPTED whatever it is sent (the built-in provider ignores it)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/digisigner/callback',
      payload: {
        event_type: 'SIGNATURE_REQUEST_COMPLETED',
        signature_request: { signature_request_id: 'x' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('DIGISIGNER_EVENT_ACCEPTED');
    expect(await ctx.deps.database.db.select().from(signatureRequests).where(and())).toEqual([]);
  });
});
