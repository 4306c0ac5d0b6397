import { type AgentStatus, signInRefusal } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema';
import { createTestContext, type TestContext } from './helpers/app';
import { DEFAULT_PASSWORD } from './helpers/factories';
import { buildMatrixWorld, type MatrixWorld, PDF, ROLES, type Role } from './helpers/matrix';

/**
 * SECURITY.md item 14: every route against every kind of caller: no credentials, an agent, a
 * team member, a recipient session (X-Recipient-Session, no bearer), a corporate user, a group
 * manager (an agent managing the agent's group) and a superuser. Each later feature adds its
 * routes here; the last test fails when a documented route outside the console has no row.
 * The console (/api/admin/*) is in admin.test.ts, `who may use the console`.
 *
 * Each cell is the status that caller gets. An allowed caller sends a valid request and gets a
 * real 2xx where that is cheap; otherwise the request is deliberately minimal and the row says
 * what the answer means (a made-up id is 404, a made-up link 400 or 404): never 401 or 403.
 * A body must pass the route's schema even for refused callers: Fastify checks the body before
 * the route's session check, so an invalid body would be 400 for everyone.
 * {placeholders} in the URLs are the ids of MatrixWorld (helpers/matrix.ts).
 */
type Cells = Record<Role, number>;
type Payload = object | ((world: MatrixWorld, role: Role, tag: string) => object);

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: Payload | Buffer;
  headers?: Record<string, string>;
  /** The request ends the session it is sent with: each role sends it with a new one. */
  freshSession?: boolean;
  expect: Cells;
  /**
   * Suspected access-control bugs: the cell asserts the right answer and is marked `it.fails`
   * until the route gives it (then vitest says so, and the entry goes).
   */
  bugs?: Partial<Record<Role, string>>;
}

const ZERO = '00000000-0000-4000-8000-000000000000';

/** Public routes: the link, the token or the body is the credential; a session changes nothing. */
const everyone = (status: number): Cells => Object.fromEntries(ROLES.map((role) => [role, status])) as Cells;
/** A user's bearer session is needed: none is 401, and so is a recipient session (it has no bearer). */
const users = (cells: Omit<Cells, 'anonymous' | 'recipient'>): Cells => ({
  anonymous: 401,
  recipient: 401,
  ...cells,
});
/** An agent's own things: a user without an agent record is 403 ("Agent profile not available"). */
const agentsOnly = (agent: number, group_manager = agent): Cells =>
  users({ agent, group_manager, team_member: 403, corporate: 403, superuser: 403 });
/** Corporate users only: anyone else is 403 ("User is not a corporate user"). */
const corporateOnly = (corporate: number): Cells =>
  users({ agent: 403, team_member: 403, corporate, group_manager: 403, superuser: 403 });
/** Managers of the group only: anyone else is 403 ("User is not a group manager"). */
const managerOnly = (group_manager: number): Cells =>
  users({ agent: 403, team_member: 403, corporate: 403, group_manager, superuser: 403 });
const superuserOnly = (superuser: number): Cells =>
  users({ agent: 403, team_member: 403, corporate: 403, group_manager: 403, superuser });
/** The leads routes take a user's session or a recipient's. */
const leads = (agent: number, recipient: number, group_manager = agent): Cells => ({
  ...agentsOnly(agent, group_manager),
  recipient,
});

const ROUTES: Route[] = [
  // --- auth ---
  {
    // Anyone may sign in: every caller here signs a bystander's account in.
    method: 'POST',
    url: '/api/login',
    payload: (w) => ({ username: w.bystander.email, password: w.bystander.password }),
    expect: everyone(200),
  },
  {
    // The refresh cookie is the credential; a bearer token or a recipient session is none.
    method: 'POST',
    url: '/api/refresh',
    expect: everyone(401),
  },
  {
    // Ends the bearer's session, if any; answers 204 to everyone.
    method: 'POST',
    url: '/api/logout',
    freshSession: true,
    expect: everyone(204),
  },
  {
    method: 'GET',
    url: '/api/me',
    expect: users({ agent: 200, team_member: 200, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  {
    // The current password is right: each user's password changes; this session stays signed in.
    method: 'POST',
    url: '/api/me/password',
    payload: (_w, _role, tag) => ({
      current_password: DEFAULT_PASSWORD,
      new_password: `matrix-${tag}-Lantern-harbor-93`,
    }),
    expect: users({ agent: 204, team_member: 204, corporate: 204, group_manager: 204, superuser: 204 }),
  },
  {
    // One answer for every address: an address nobody has.
    method: 'POST',
    url: '/api/auth/request-verify-token',
    payload: (_w, _role, tag) => ({ email: `nobody-${tag}@example.com` }),
    expect: everyone(202),
  },
  {
    // The link is the credential: a made-up one is 400 whoever opens it.
    method: 'GET',
    url: '/api/verify/not-a-token',
    expect: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/password-reset/request',
    payload: (_w, _role, tag) => ({ email: `nobody-${tag}@example.com` }),
    expect: everyone(202),
  },
  {
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { token: 'not.a.token', new_password: 'quiet-harbor-lantern-43' },
    expect: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/auth/request-magic-link',
    payload: (_w, _role, tag) => ({ email: `nobody-${tag}@example.com` }),
    expect: everyone(202),
  },
  {
    method: 'POST',
    url: '/api/auth/validate-magic-token',
    payload: { token: 'not.a.token' },
    expect: everyone(400),
  },
  // --- portal ---
  {
    method: 'GET',
    url: '/api/portal/me',
    expect: users({ agent: 200, team_member: 200, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  {
    // A good access code for a new address, whoever asks.
    method: 'POST',
    url: '/api/portal/signup',
    payload: (w, _role, tag) => ({ email: `new-${tag}@example.com`, access_code: w.accessCode }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/portal/register',
    payload: (w, _role, tag) => ({
      email: `new-${tag}@example.com`,
      access_code: w.accessCode,
      password: 'quiet-harbor-lantern-44',
    }),
    expect: everyone(202),
  },
  {
    method: 'POST',
    url: '/api/portal/register/confirm',
    payload: { token: 'not.a.token' },
    expect: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/portal/me/rating',
    payload: { score: 4 },
    expect: agentsOnly(200),
  },
  {
    method: 'PATCH',
    url: '/api/portal/me/agent_profile',
    payload: { agent_last_name: 'Matrix' },
    expect: agentsOnly(200),
  },
  {
    // Pause and the agent's own cap (ADR 62): resuming and no cap change nothing for the others.
    method: 'PATCH',
    url: '/api/portal/me/agent_profile',
    payload: { paused_until: null, own_monthly_lead_cap: null },
    expect: agentsOnly(200),
  },
  {
    // Every user keeps their own preferences; a recipient session has no user.
    method: 'PATCH',
    url: '/api/portal/me/preferences',
    payload: { lead_sound: true },
    expect: users({ agent: 200, team_member: 200, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  // --- corporate users and group managers ---
  {
    // The link itself is the credential: a bearer token does not make a bad link good.
    method: 'GET',
    url: '/api/login/corporate/not.a.link',
    expect: everyone(400),
  },
  { method: 'GET', url: '/api/portal/linked-agents', expect: corporateOnly(200) },
  { method: 'GET', url: '/api/portal/corporate-accessible-groups', expect: corporateOnly(200) },
  { method: 'GET', url: '/api/portal/corporate-stats', expect: corporateOnly(200) },
  // A group the office does not own is 404; its own group is 200.
  { method: 'GET', url: `/api/portal/corporate-groups/${ZERO}/members`, expect: corporateOnly(404) },
  { method: 'GET', url: '/api/portal/corporate-groups/{group}/members', expect: corporateOnly(200) },
  { method: 'GET', url: `/api/portal/groups/${ZERO}/leads`, expect: corporateOnly(404) },
  { method: 'GET', url: '/api/portal/groups/{group}/leads', expect: corporateOnly(200) },
  // Nobody manages a made-up group; the agent is a member of {group}, not its manager.
  { method: 'GET', url: `/api/portal/managed-groups/${ZERO}/members`, expect: managerOnly(403) },
  { method: 'GET', url: '/api/portal/managed-groups/{group}/members', expect: managerOnly(200) },
  {
    method: 'GET',
    url: `/api/portal/managed-groups/${ZERO}/members/${ZERO}/leads`,
    expect: managerOnly(403),
  },
  {
    method: 'GET',
    url: '/api/portal/managed-groups/{group}/members/{agent}/leads',
    expect: managerOnly(200),
  },
  // Pause and caps set by others (ADR 62): a manager resumes a member; an office caps its agent
  // (another office's agent, or none, is 404).
  {
    method: 'PATCH',
    url: '/api/portal/managed-groups/{group}/members/{agent}',
    payload: { paused_until: null },
    expect: managerOnly(200),
  },
  {
    method: 'PATCH',
    url: `/api/portal/managed-groups/${ZERO}/members/${ZERO}`,
    payload: { paused_until: null },
    expect: managerOnly(403),
  },
  {
    method: 'PATCH',
    url: '/api/portal/corporate-agents/{agent}',
    payload: { monthly_lead_cap: null },
    expect: corporateOnly(200),
  },
  {
    method: 'PATCH',
    url: `/api/portal/corporate-agents/${ZERO}`,
    payload: { monthly_lead_cap: null },
    expect: corporateOnly(404),
  },
  // The pipeline: an office's own agents (another office's group is 404), a managed group's members.
  { method: 'GET', url: '/api/portal/corporate-pipeline?group_id={group}', expect: corporateOnly(200) },
  { method: 'GET', url: `/api/portal/corporate-pipeline?group_id=${ZERO}`, expect: corporateOnly(404) },
  { method: 'GET', url: '/api/portal/corporate-pipeline/stale-leads', expect: corporateOnly(200) },
  { method: 'GET', url: '/api/portal/corporate-pipeline/agents.csv', expect: corporateOnly(200) },
  { method: 'GET', url: '/api/portal/corporate-pipeline/leads.csv', expect: corporateOnly(200) },
  { method: 'GET', url: '/api/portal/managed-groups/{group}/pipeline', expect: managerOnly(200) },
  { method: 'GET', url: `/api/portal/managed-groups/${ZERO}/pipeline`, expect: managerOnly(403) },
  { method: 'GET', url: '/api/portal/managed-groups/{group}/stale-leads', expect: managerOnly(200) },
  { method: 'GET', url: '/api/portal/managed-groups/{group}/pipeline/agents.csv', expect: managerOnly(200) },
  { method: 'GET', url: '/api/portal/managed-groups/{group}/pipeline/leads.csv', expect: managerOnly(200) },
  // The scorecards (ADR 62): an office's agents, a managed group's members, the agent's own.
  { method: 'GET', url: '/api/portal/corporate-scorecards?group_id={group}', expect: corporateOnly(200) },
  { method: 'GET', url: `/api/portal/corporate-scorecards?group_id=${ZERO}`, expect: corporateOnly(404) },
  { method: 'GET', url: '/api/portal/managed-groups/{group}/scorecards', expect: managerOnly(200) },
  { method: 'GET', url: `/api/portal/managed-groups/${ZERO}/scorecards`, expect: managerOnly(403) },
  { method: 'GET', url: '/api/portal/me/scorecard', expect: leads(200, 403) },
  // Referral fees (ADR 66): money is the agent's own and the office's (read-only), nobody else's.
  { method: 'GET', url: '/api/portal/me/billing', expect: agentsOnly(200) },
  {
    // The agent's invoice; the group manager is another agent, to whom it does not exist.
    method: 'GET',
    url: '/api/portal/me/invoices/{invoice}/pdf',
    expect: agentsOnly(200, 404),
  },
  {
    // Only a closed lead's statement is uploaded; the manager's is no lead of theirs.
    method: 'POST',
    url: '/api/portal/me/leads/{closedLead}/settlement-statement',
    headers: { 'content-type': 'application/pdf' },
    payload: PDF,
    expect: agentsOnly(201, 404),
  },
  {
    method: 'GET',
    url: '/api/portal/me/leads/{closedLead}/settlement-statement',
    expect: agentsOnly(200, 404),
  },
  { method: 'GET', url: '/api/portal/corporate-billing', expect: corporateOnly(200) },
  { method: 'GET', url: '/api/portal/corporate-billing/invoices/{invoice}/pdf', expect: corporateOnly(200) },
  // --- developer tools ---
  { method: 'GET', url: '/api/dev/mailbox', expect: superuserOnly(200) },
  { method: 'GET', url: '/api/dev/templates', expect: superuserOnly(200) },
  // --- uploads ---
  {
    method: 'POST',
    url: '/api/upload',
    payload: { kind: 'eo_certificate', fileKey: 'eo.pdf', contentType: 'application/pdf', size: PDF.length },
    expect: agentsOnly(201),
  },
  {
    // The agent's confirmed file (confirming again answers the record); anyone else's upload is 404.
    method: 'POST',
    url: '/api/upload/{file}/confirm',
    expect: users({ agent: 200, team_member: 404, corporate: 404, group_manager: 404, superuser: 404 }),
  },
  {
    // The agent's unfinished upload: the agent (asked last) removes it; to anyone else it is 404.
    method: 'DELETE',
    url: '/api/upload/{spareUpload}',
    expect: users({ agent: 200, team_member: 404, corporate: 404, group_manager: 404, superuser: 404 }),
  },
  // The agent's own files with their names as uploaded.
  { method: 'GET', url: '/api/portal/me/media', expect: agentsOnly(200) },
  {
    // The same (empty) list of headshots in the same order.
    method: 'PUT',
    url: '/api/portal/me/media/agent_headshots_urls',
    payload: { urls: [] },
    expect: agentsOnly(200),
  },
  {
    // Who may read a file: the owner, the agent's office, a manager of the agent's group and
    // superusers read a file; anyone else is told it does not exist.
    method: 'GET',
    url: '/api/files/{file}',
    expect: users({ agent: 200, team_member: 404, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  {
    // The signed upload URL is the credential: a made-up one is refused whoever sends it.
    method: 'PUT',
    url: '/api/storage/upload/not-a-valid-upload-token',
    headers: { 'content-type': 'application/pdf' },
    payload: PDF,
    expect: everyone(403),
  },
  // --- recipients ---
  { method: 'GET', url: '/api/portal/me/recipients', expect: agentsOnly(200) },
  {
    method: 'POST',
    url: '/api/portal/me/recipients',
    payload: (_w, _role, tag) => ({ first_name: 'Nia', email: `nia-${tag}@example.com`, send_email: true }),
    expect: agentsOnly(201),
  },
  {
    // The agent's recipient: another agent (the group manager) is told it does not exist.
    method: 'PATCH',
    url: '/api/portal/me/recipients/{recipient}',
    payload: { last_name: 'Matrix' },
    expect: agentsOnly(200, 404),
  },
  {
    method: 'DELETE',
    url: '/api/portal/me/recipients/{spareRecipient}',
    expect: agentsOnly(204, 404),
  },
  {
    // Rita has not confirmed her address: the agent sends her a new invitation; another agent's
    // recipient does not exist for the group manager.
    method: 'POST',
    url: '/api/portal/me/recipients/{recipient}/resend-confirmation',
    expect: agentsOnly(202, 404),
  },
  {
    // The invitation's link is the credential: a made-up one is 400 whoever sends it.
    method: 'POST',
    url: '/api/recipient/confirm-email',
    payload: { token: 'not-a-token' },
    expect: everyone(400),
  },
  {
    // The recipient's own portal: a bearer token is not a recipient session.
    method: 'GET',
    url: '/api/recipient/me',
    expect: { ...everyone(401), recipient: 200 },
  },
  // --- intake (machine clients): a user's bearer token is not an API key ---
  {
    method: 'POST',
    url: '/api/v1/leads',
    payload: { lead_type: 'fsbo', zip: '85004', phone: '6025550100' },
    expect: everyone(401),
  },
  {
    method: 'POST',
    url: '/api/v1/calls',
    payload: { outcome: 'answered', tracking_number: '+16025550199' },
    expect: everyone(401),
  },
  // --- leads: the agent's, or those delivered to a recipient session ---
  { method: 'GET', url: '/api/portal/me/leads', expect: leads(200, 200) },
  {
    // The agent's lead: not delivered to the recipient, nor another agent's (404 to both).
    method: 'GET',
    url: '/api/portal/me/leads/{lead}',
    expect: leads(200, 404, 404),
  },
  {
    // Nobody's lead: not found for the agent (and no lead at all for the others).
    method: 'PATCH',
    url: `/api/portal/me/leads/${ZERO}`,
    payload: { notes: 'x' },
    expect: leads(404, 404),
  },
  {
    method: 'GET',
    url: '/api/portal/me/lead-stats',
    expect: leads(200, 403),
  },
  // The work queue: the same leads as the list, in the order to work them.
  { method: 'GET', url: '/api/portal/me/leads?view=queue', expect: leads(200, 200) },
  {
    // The agent's lead: not delivered to the recipient, nor another agent's (404 to both).
    method: 'POST',
    url: '/api/portal/me/leads/{lead}/activities',
    payload: { kind: 'note', body: 'Matrix note' },
    expect: leads(201, 404, 404),
  },
  {
    // Offers (ADR 62): the agent's lead is theirs already, so accepting it again answers it as it
    // is; not delivered to the recipient, nor the group manager's (404 to both).
    method: 'POST',
    url: '/api/portal/me/leads/{lead}/accept',
    expect: leads(200, 404, 404),
  },
  {
    // An accepted lead has no offer to pass (409); 404 to those it is not delivered to.
    method: 'POST',
    url: '/api/portal/me/leads/{lead}/pass',
    payload: { reason: 'Matrix pass' },
    expect: leads(409, 404, 404),
  },
  {
    // Releasing is the agent's alone (a recipient is 403 whatever the lead); nobody's lead is 404.
    method: 'POST',
    url: `/api/portal/me/leads/${ZERO}/release`,
    payload: { reason: 'Matrix release' },
    expect: leads(404, 403),
  },
  {
    // The live lead events (ADR 59): whoever has leads to follow may listen. A request that does
    // not ask for text/event-stream opens no stream: 406 is the allowed answer here (events.test.ts
    // opens streams).
    method: 'GET',
    url: '/api/portal/me/events',
    expect: { ...leads(406, 406), corporate: 406 },
  },
  {
    // The console's CSV import, checked before the body is read; a JSON body is not a CSV file.
    method: 'POST',
    url: '/api/admin/leads/import',
    payload: { csv: 'no' },
    expect: { ...superuserOnly(400), recipient: 403 },
  },
  // --- geography ---
  {
    method: 'GET',
    url: '/api/geo/states',
    expect: users({ agent: 200, team_member: 200, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  {
    method: 'GET',
    url: '/api/geo/states/AZ',
    expect: users({ agent: 200, team_member: 200, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  {
    method: 'POST',
    url: '/api/geo/zips/lookup',
    payload: { zips: ['85004'] },
    expect: users({ agent: 200, team_member: 200, corporate: 200, group_manager: 200, superuser: 200 }),
  },
  // The agent's own ZIP codes: users without an agent profile have none.
  { method: 'GET', url: '/api/portal/me/zipcodes', expect: agentsOnly(200) },
  // --- signup wizard: onboarding call, tracking number, test messages ---
  { method: 'GET', url: '/api/portal/me/onboarding-call/slots', expect: agentsOnly(200) },
  { method: 'GET', url: '/api/portal/me/onboarding-call', expect: agentsOnly(200) },
  {
    // Each agent books a different open time.
    method: 'POST',
    url: '/api/portal/me/onboarding-call',
    payload: (w, role) => ({ starts_at: w.slots[role === 'agent' ? 0 : role === 'group_manager' ? 1 : 2] }),
    expect: agentsOnly(201),
  },
  { method: 'DELETE', url: '/api/portal/me/onboarding-call', expect: agentsOnly(204) },
  {
    // The agent has a tracking number; the group manager has none yet (404).
    method: 'GET',
    url: '/api/portal/me/tracking-number.vcf',
    expect: agentsOnly(200, 404),
  },
  {
    method: 'POST',
    url: '/api/portal/agents/send-test-sms',
    payload: (_w, role) => ({
      first_name: 'Ada',
      last_name: 'Agent',
      phone: role === 'group_manager' ? '+16025550113' : '+16025550112',
    }),
    expect: agentsOnly(200),
  },
  {
    // Test e-mails go to the caller's own address.
    method: 'POST',
    url: '/api/portal/agents/send-test-email',
    payload: (w, role) => ({
      first_name: 'Ada',
      last_name: 'Agent',
      agent_email: role in w.users ? w.users[role as keyof MatrixWorld['users']].email : 'x@example.com',
    }),
    expect: agentsOnly(200),
  },
  {
    // The agent's own test message: anyone else's is "not found" (no agent record needed to ask).
    method: 'GET',
    url: '/api/portal/agents/test-messages/{testMessage}',
    expect: users({ agent: 200, team_member: 404, corporate: 404, group_manager: 404, superuser: 404 }),
  },
  {
    method: 'POST',
    url: '/api/portal/agents/report-sms-failure',
    payload: { phone: '+16025550112', first_name: 'Ada', last_name: 'Agent', attempt_number: 1 },
    expect: agentsOnly(200),
  },
  {
    method: 'POST',
    url: '/api/portal/agents/report-email-failure',
    payload: { agent_email: 'ada@example.com', first_name: 'Ada', last_name: 'Agent', attempt_number: 1 },
    expect: agentsOnly(200),
  },
  // --- the agents' e-mail composer ---
  {
    // Agents only. This agent has no lead or recipient at this address (403 for them too).
    method: 'POST',
    url: '/api/portal/agents/send-email',
    payload: {
      from_email: 'office@agentportal.local',
      to: 'stranger@example.com',
      subject: 'Hello',
      message: '<p>Hello</p>',
    },
    expect: agentsOnly(403),
  },
  { method: 'GET', url: '/api/portal/agents/send-email/options', expect: agentsOnly(200) },
  // --- agreements (e-signature) ---
  {
    // Agreements belong to agents: others have no agent record to sign for.
    method: 'POST',
    url: '/api/digisigner/generate',
    payload: { document: 'service' },
    expect: agentsOnly(201),
  },
  {
    // DigiSigner's callback is public: the body is only a hint, the request is read back.
    method: 'POST',
    url: '/api/digisigner/callback',
    payload: {},
    expect: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/digisigner/document/not-a-document',
    expect: agentsOnly(404),
  },
  {
    // Another agent's agreement is not found; superusers use the console for agents' documents.
    method: 'GET',
    url: '/api/digisigner/document/{otherDocument}',
    expect: agentsOnly(404),
  },
  {
    // Each caller names its own agent_uri (a superuser may name any agent's: the agent's here).
    method: 'POST',
    url: '/api/digisigner/document/not-a-document',
    payload: (w, role) => ({
      agent_uri: role === 'group_manager' ? w.agentUri.group_manager : w.agentUri.agent,
      document: 'service',
    }),
    expect: { ...agentsOnly(404), superuser: 404 },
  },
  {
    method: 'POST',
    url: `/api/digisigner/${ZERO}/send-to-broker`,
    expect: agentsOnly(404),
  },
  {
    method: 'GET',
    url: `/api/digisigner/${ZERO}`,
    expect: agentsOnly(404),
  },
  {
    method: 'GET',
    url: '/api/digisigner/{otherRequest}',
    expect: agentsOnly(404),
  },
  // The signing page is public: the link itself is the credential.
  { method: 'GET', url: '/api/sign/not-a-signing-link', expect: everyone(404) },
  { method: 'GET', url: '/api/sign/{signToken}', expect: everyone(200) },
  { method: 'GET', url: '/api/sign/not-a-signing-link/document.pdf', expect: everyone(404) },
  { method: 'GET', url: '/api/sign/{signToken}/document.pdf', expect: everyone(200) },
  {
    // A signature spends its link: a made-up link, with a valid signature, is 404 for everyone.
    method: 'POST',
    url: '/api/sign/not-a-signing-link',
    payload: { signature: { kind: 'typed', text: 'Pat Broker' }, consent: true },
    expect: everyone(404),
  },
  {
    // Anyone may check a PDF; this one was not issued here ("unknown").
    method: 'POST',
    url: '/api/verify-document',
    headers: { 'content-type': 'application/pdf' },
    payload: PDF,
    expect: everyone(200),
  },
  // --- health ---
  { method: 'GET', url: '/api/health', expect: everyone(200) },
  { method: 'GET', url: '/api/contact', expect: everyone(200) },
];

/**
 * The order the cells run in: the agent last, so that where the agent's success uses a thing up
 * (its unfinished upload, a recipient) everyone else has been answered about the same thing.
 */
const RUN_ORDER: Role[] = [
  'anonymous',
  'recipient',
  'team_member',
  'corporate',
  'group_manager',
  'superuser',
  'agent',
];

let ctx: TestContext;
let world: MatrixWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildMatrixWorld(ctx);
});
afterAll(() => ctx.close());

/** One cell's request, sent as `role` of `on` (a world), from an address of its own. */
async function send(
  route: Route & { index: number },
  role: Role,
  on: MatrixWorld,
  tag: string,
  net: number,
  canStartSession = true,
) {
  const payload = typeof route.payload === 'function' ? route.payload(on, role, tag) : route.payload;
  // A suspended agent cannot start a session: the one they had is used instead.
  const credentials = route.freshSession && canStartSession ? await on.freshHeaders(role) : on.headers[role];
  const resolved = route.url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = on.ids[name];
    if (!id) throw new Error(`no ${name} in the matrix world`);
    return id;
  });
  return ctx.app.inject({
    method: route.method,
    url: resolved,
    payload,
    headers: { ...route.headers, ...credentials },
    // Each cell from its own address: per-IP limits on public routes count one request each.
    remoteAddress: `10.${net + Math.floor(route.index / 200)}.${route.index % 200}.${ROLES.indexOf(role) + 1}`,
  });
}

const NUMBERED = ROUTES.map((route, index) => ({ ...route, index }));

describe.each(NUMBERED)('$method $url', (route) => {
  for (const role of RUN_ORDER) {
    const status = route.expect[role];
    const test = route.bugs?.[role] ? it.fails : it;
    test(`${role} gets ${status}`, async () => {
      const tag = `${route.index}-${role.replace('_', '-')}`;
      const response = await send(route, role, world, tag, 30);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      if (status >= 400) expect(response.json()).toHaveProperty('detail');
    });
  }
});

/**
 * The agent's column again for every other agent status (ADR 28, SECURITY.md item 25), each in a
 * world of its own whose agent's status is set in the database after its sessions began, so the
 * check on every request is what answers (setting it through the console also ends the sessions:
 * agent-status-access.test.ts). Onboarding is the active agent's column. An inactive agent keeps it
 * but cannot change who receives their leads or send e-mail or texts from the portal. A suspended
 * or terminated agent is refused (403) wherever a session counts; public routes answer as they
 * answer anyone.
 */
const INACTIVE_REFUSED = new Set([
  'POST /api/portal/me/recipients',
  'PATCH /api/portal/me/recipients/{recipient}',
  'DELETE /api/portal/me/recipients/{spareRecipient}',
  'POST /api/portal/me/recipients/{recipient}/resend-confirmation',
  'POST /api/portal/agents/send-email',
  'POST /api/portal/agents/send-test-sms',
  'POST /api/portal/agents/send-test-email',
  `POST /api/digisigner/${ZERO}/send-to-broker`,
]);

function agentCellFor(route: Route, status: Exclude<AgentStatus, 'active'>): number {
  const active = route.expect.agent;
  if (status === 'onboarding') return active;
  if (status === 'inactive') return INACTIVE_REFUSED.has(`${route.method} ${route.url}`) ? 403 : active;
  return active === route.expect.anonymous ? active : 403;
}

const OTHER_STATUSES = ['onboarding', 'inactive', 'suspended', 'terminated'] as const;

describe.each(OTHER_STATUSES.map((status, n) => ({ status, n })))(
  'an agent who is $status',
  ({ status, n }) => {
    let own: MatrixWorld;
    beforeAll(async () => {
      own = await buildMatrixWorld(ctx);
      await ctx.deps.database.db
        .update(agents)
        .set({ agentStatus: status })
        .where(eq(agents.id, own.ids.agent!));
    });

    it.each(NUMBERED)('gets the right answer from $method $url', async (route) => {
      const expected = agentCellFor(route, status);
      const blocked = status === 'suspended' || status === 'terminated';
      const response = await send(route, 'agent', own, `${route.index}-${status}`, 40 + n * 10, !blocked);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(expected);
      if (expected >= 400) expect(response.json()).toHaveProperty('detail');
      if (expected === 403 && blocked && route.expect.agent !== route.expect.anonymous) {
        expect(response.json().detail).toBe(signInRefusal(status));
      }
    });
  },
);

describe('the matrix', () => {
  type Operation = { method: string; path: string };

  async function documentedOperations(): Promise<{ base: string; operations: Operation[] }> {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      servers?: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => methods.has(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    return { base: document.servers?.[0]?.url ?? '', operations };
  }

  /** The documented operation a row's request reaches: a static segment wins over a parameter. */
  function operationOf(route: Route, base: string, operations: Operation[]) {
    const path = route.url.split('?')[0]!.slice(base.length);
    const matches = operations.filter(
      (op) =>
        op.method === route.method &&
        new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.replace(/\{(\w+)\}/g, 'x$1')),
    );
    const statics = (op: Operation) => op.path.split('/').filter((s) => s && !s.startsWith('{')).length;
    return matches.sort((a, b) => statics(b) - statics(a))[0];
  }

  it('has a row for every documented operation outside the console (/api/admin)', async () => {
    const { base, operations } = await documentedOperations();
    const covered = new Set(
      ROUTES.map((route) => operationOf(route, base, operations)).map(
        (op) => op && `${op.method} ${op.path}`,
      ),
    );
    const outsideConsole = operations.filter((op) => !op.path.startsWith('/admin/'));
    expect(outsideConsole.length).toBeGreaterThan(60);
    const missing = outsideConsole.map((op) => `${op.method} ${op.path}`).filter((op) => !covered.has(op));
    expect(missing).toEqual([]);
  });

  it('has no row for a route that is not documented', async () => {
    const { base, operations } = await documentedOperations();
    expect(
      ROUTES.filter((route) => !operationOf(route, base, operations)).map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
  });
});
