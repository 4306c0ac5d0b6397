import { expect } from 'vitest';
import { startSession } from '../../src/modules/auth/sessions';
import { startRecipientSession } from '../../src/modules/recipients/sessions';
import { bearer, login, type TestContext } from './app';
import { addMember, seedAccessCode, seedAgent, seedCorporate, seedLead, seedUser } from './factories';
import { agentWithBroker } from './signing';

/**
 * The callers of the access matrix (SECURITY.md item 14). A recipient signs in with its
 * X-Recipient-Session header and has no bearer token; a group manager is an agent who manages a
 * group (here the group the agent is in).
 */
export const ROLES = [
  'anonymous',
  'agent',
  'team_member',
  'recipient',
  'corporate',
  'group_manager',
  'superuser',
] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;

/** The same PDF bytes the upload tests use: a file the E&O certificate accepts. */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/**
 * What the matrix's requests point at, made once for the file:
 *
 * - an office (corporate user) owning one group; the agent is a member, the group manager
 *   manages it; both agents belong to the office and are active with a complete signup;
 * - the agent's lead, a confirmed file (an E&O certificate) and an upload started and not
 *   finished, a test text message, two recipients (the first signed in: the recipient role);
 * - another agent whose service agreement is out for signature (its public signing link);
 * - an access code, open onboarding-call times, and a bystander account to sign in as.
 */
export interface MatrixWorld {
  /** The headers that carry each role's credentials (none for anonymous). */
  headers: Record<Role, Record<string, string>>;
  users: Record<Exclude<SignedInRole, 'recipient'>, { id: string; email: string }>;
  /** The values of the {placeholders} in the matrix's URLs. */
  ids: Record<string, string>;
  agentUri: { agent: string; group_manager: string };
  accessCode: string;
  bystander: { email: string; password: string };
  /** Onboarding-call times still open, in order. */
  slots: string[];
  /** A new bearer session of a role, for the one request that ends it (logout). */
  freshHeaders(role: Role): Promise<Record<string, string>>;
}

export async function buildMatrixWorld(ctx: TestContext): Promise<MatrixWorld> {
  const { db } = ctx.deps.database;
  const office = await seedCorporate(db, ['Matrix group']);
  const group = office.groups[0]!;
  const working = {
    signupStatus: 'complete',
    agentStatus: 'active',
    corporateUserId: office.user.id,
  } as const;
  const agent = await seedAgent(db, {
    user: { name: 'Ada Agent' },
    agent: { ...working, agentTrackingPhoneNumber: '+16025550199' },
  });
  const manager = await seedAgent(db, { user: { name: 'Mona Manager' }, agent: working });
  await addMember(db, group.id, agent.agent.id);
  await addMember(db, group.id, manager.agent.id, true);
  const teamMember = await seedUser(db, { userRole: 'team_member', isTeamMember: true });
  const superuser = await seedUser(db, { userRole: 'superuser', isSuperuser: true });
  const bystander = await seedUser(db);
  const accessCode = await seedAccessCode(db);

  const accounts = {
    agent: agent,
    team_member: teamMember,
    corporate: office,
    group_manager: manager,
    superuser,
  };
  const headers = { anonymous: {} } as Record<Role, Record<string, string>>;
  let n = 0;
  for (const [role, who] of Object.entries(accounts)) {
    n += 1;
    const { accessToken } = await login(ctx.app, who.user.email, who.password, `10.20.0.${n}`);
    expect(accessToken, role).toBeTruthy();
    headers[role as Role] = bearer(accessToken);
  }

  const call = async (
    role: Role,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object | Buffer,
    extra: Record<string, string> = {},
  ) => {
    const response = await ctx.app.inject({ method, url, headers: { ...headers[role], ...extra }, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };

  // Recipients go through the API, which also makes the agent's own (first) recipient. Each
  // world's Rita has an address of her own: invitations to one address are limited per hour.
  const rita = (
    await call('agent', 'POST', '/api/portal/me/recipients', {
      first_name: 'Rita',
      email: `rita.${Math.random().toString(16).slice(2, 10)}@example.com`,
      send_email: true,
    })
  ).json();
  const spareRecipient = (
    await call('agent', 'POST', '/api/portal/me/recipients', { first_name: 'Sid', email: 'sid@example.com' })
  ).json();
  headers.recipient = { 'x-recipient-session': await startRecipientSession(db, { recipientId: rita._id }) };

  const lead = await seedLead(db, agent.agent.id);
  const testMessage = (
    await call('agent', 'POST', '/api/portal/agents/send-test-sms', {
      first_name: 'Ada',
      last_name: 'Agent',
      phone: '+16025550111',
    })
  ).json();

  const ticket = (
    await call('agent', 'POST', '/api/upload', {
      kind: 'eo_certificate',
      fileKey: 'eo.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    })
  ).json();
  await call('anonymous', 'PUT', ticket.upload_url, PDF, { 'content-type': 'application/pdf' });
  await call('agent', 'POST', `/api/upload/${ticket.upload_id}/confirm`);
  const spareUpload = (
    await call('agent', 'POST', '/api/upload', {
      kind: 'eo_certificate',
      fileKey: 'spare.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    })
  ).json();

  // A closing of the agent's, with its invoice (ADR 66).
  const closedLead = await seedLead(db, agent.agent.id);
  const closed = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/portal/me/leads/${closedLead.id}`,
    headers: headers.agent,
    payload: { status: 'closed', closing_date: '2026-11-20', sale_price: 450000, gross_commission: 13500 },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  const invoice = closed.json().closing.invoice as { id: string };

  const slots = (await call('agent', 'GET', '/api/portal/me/onboarding-call/slots')).json().slots as {
    starts_at: string;
  }[];
  expect(slots.length).toBeGreaterThan(3);

  // Another agent's agreement: its signing link is public, its ids are nobody else's.
  const other = await agentWithBroker(ctx);
  const generated = await ctx.app.inject({
    method: 'POST',
    url: '/api/digisigner/generate',
    headers: other.headers,
    payload: { document: 'service' },
  });
  expect(generated.statusCode).toBe(201);
  const agreement = generated.json();
  const signUrl = agreement.documents[0].signers[0].sign_document_url as string;

  return {
    headers,
    users: Object.fromEntries(
      Object.entries(accounts).map(([role, who]) => [role, { id: who.user.id, email: who.user.email }]),
    ) as MatrixWorld['users'],
    ids: {
      group: group.id,
      agent: agent.agent.id,
      lead: lead.id,
      closedLead: closedLead.id,
      invoice: invoice.id,
      file: ticket.upload_id,
      spareUpload: spareUpload.upload_id,
      recipient: rita._id,
      spareRecipient: spareRecipient._id,
      testMessage: testMessage.message_id,
      otherRequest: agreement.signature_request_id,
      otherDocument: agreement.documents[0].document_id,
      signToken: signUrl.split('/sign/')[1]!,
    },
    agentUri: { agent: agent.agent.agentUri, group_manager: manager.agent.agentUri },
    accessCode: accessCode.code,
    bystander: { email: bystander.user.email, password: bystander.password },
    slots: slots.map((slot) => slot.starts_at),
    async freshHeaders(role) {
      if (role === 'anonymous' || role === 'recipient') return headers[role];
      const session = await startSession(db, {
        jwtSecret: ctx.deps.config.jwtSecret,
        userId: accounts[role].user.id,
      });
      return bearer(session.accessToken);
    },
  };
}
