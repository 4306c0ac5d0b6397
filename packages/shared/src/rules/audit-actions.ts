/**
 * The audit log's actions in words (DESIGN.md section 8): one table, read by the server (each
 * entry's `summary`) and by the console (the same sentence with its names as links), so both say
 * the same thing. A sentence names its people and records with placeholders:
 *
 * - `{actor}`: who acted (their name, else their e-mail; "The admin CLI", "The portal");
 * - `{target}`: the entry's target, named by `details.target_name` (stored when it was written, so
 *   a deleted record still reads well), else by the name the server found when listing;
 * - `{agent}`, `{from_agent}`, `{office}`, `{group}`: another record, from `details.<name>_id`
 *   and `details.<name>_name`;
 * - any other `{field}`: the value of `details.field` (a count, a status).
 */

/** Which filter of the audit log an action belongs to. */
export const AUDIT_CATEGORIES = ['office', 'sign_in', 'account'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  office: "The office's actions",
  sign_in: 'Sign-ins',
  account: "Agents' and recipients' own actions",
};

export interface AuditActionInfo {
  category: AuditCategory;
  /** The action's name in the filter ("Manager promoted"). */
  label: string;
  sentence: string;
}

const office = (label: string, sentence: string): AuditActionInfo => ({
  category: 'office',
  label,
  sentence,
});
const signIn = (label: string, sentence: string): AuditActionInfo => ({
  category: 'sign_in',
  label,
  sentence,
});
const own = (label: string, sentence: string): AuditActionInfo => ({ category: 'account', label, sentence });

export const AUDIT_ACTIONS = {
  // Agents
  admin_update_agent: office('Agent record changed', "{actor} changed {target}'s record"),
  agent_status_change: office(
    'Agent status changed',
    "{actor} changed {target}'s status from {from} to {to}",
  ),
  // Pause and caps (ADR 62): a group manager's pause of a member, an office's cap of its agent
  manager_pause_agent: office(
    'Agent paused by a manager',
    "{actor} paused {target}'s leads until {paused_until}",
  ),
  manager_resume_agent: office('Agent resumed by a manager', "{actor} resumed {target}'s leads"),
  corporate_set_lead_cap: office(
    'Monthly lead cap set by an office',
    "{actor} set {target}'s monthly lead cap to {cap}",
  ),
  // Access codes
  admin_create_access_code: office('Access code created', '{actor} created the access code {target}'),
  cli_create_access_code: office('Access code created (CLI)', '{actor} created the access code {target}'),
  admin_update_access_code: office('Access code changed', '{actor} changed the access code {target}'),
  // Corporate users and groups
  create_corporate_user: office('Corporate user created', '{actor} created the corporate user {target}'),
  admin_update_corporate_user: office(
    'Corporate user changed',
    '{actor} changed the corporate user {target}',
  ),
  corporate_login_link: office('Sign-in link sent', '{actor} sent a sign-in link to {target}'),
  create_group: office('Group created', '{actor} created the group {target} for {office}'),
  admin_rename_group: office('Group renamed', '{actor} renamed the group {old_name} to {target}'),
  admin_delete_group: office('Group deleted', '{actor} deleted the group {target}'),
  add_to_group: office('Agent added to a group', '{actor} added {agent} to {target}'),
  add_manager_to_group: office(
    'Manager added to a group',
    '{actor} added {agent} to {target} as its manager',
  ),
  promote_manager: office('Manager promoted', '{actor} promoted {agent} to manager of {target}'),
  demote_manager: office('Manager demoted', '{actor} demoted {agent} from manager of {target}'),
  remove_from_group: office('Agent removed from a group', '{actor} removed {agent} from {target}'),
  // Lead intake clients
  admin_create_api_key: office('API key created', '{actor} created the API key {target}'),
  cli_create_api_key: office('API key created (CLI)', '{actor} created the API key {target}'),
  admin_revoke_api_key: office('API key revoked', '{actor} revoked the API key {target}'),
  cli_revoke_api_key: office('API key revoked (CLI)', '{actor} revoked the API key {target}'),
  // Leads
  admin_assign_lead: office('Lead assigned', '{actor} assigned {target} to {agent}'),
  admin_reassign_lead: office('Lead moved', '{actor} moved {target} from {from_agent} to {agent}'),
  admin_import_leads: office(
    'Leads imported',
    '{actor} imported {imported} leads from a CSV file ({unassigned} unassigned, {duplicates} already there, {rejected} rows refused)',
  ),
  // Messages and settings
  admin_retry_message: office('Message sent again', '{actor} sent {target} again'),
  admin_update_settings: office('Settings changed', "{actor} changed the office's settings"),
  // Referral fees (ADR 66): every money change, with its before and after
  invoice_issued: own('Invoice issued', '{actor} closed a lead and invoice {number} was issued to {agent}'),
  invoice_payment: office('Payment recorded', '{actor} recorded a {kind} of {amount} on invoice {number}'),
  invoice_void: office('Invoice voided', '{actor} voided invoice {number}: {reason}'),
  invoice_reopened: own(
    'Invoice voided by a reopening',
    '{actor} reopened a lead and invoice {number} was voided',
  ),
  ledger_account_entry: office(
    'Deposit or refund recorded',
    "{actor} recorded a {kind} of {amount} on {target}'s account",
  ),
  settlement_statement_uploaded: own(
    'Settlement statement uploaded',
    '{actor} uploaded the settlement statement of a closing',
  ),
  // Superusers (the CLI)
  cli_create_superuser: office('Superuser created (CLI)', '{actor} created the superuser {target}'),
  cli_promote_superuser: office('Superuser made (CLI)', '{actor} made {target} a superuser'),

  // Sign-ins
  login: signIn('Signed in', '{actor} signed in'),
  login_failed: signIn('Sign-in failed', 'A sign-in as {actor} failed (wrong e-mail or password)'),
  login_refused: signIn('Sign-in refused', "{actor}'s sign-in was refused (account suspended or closed)"),
  login_magic_link: signIn('Signed in with a magic link', '{actor} signed in with a magic link'),
  login_recipient: signIn('Recipient signed in', '{actor} signed in as a recipient of {target}'),
  login_corporate_link: signIn(
    'Signed in with a corporate link',
    '{actor} signed in with a corporate sign-in link',
  ),

  // What people do in their own accounts
  register: own('Registered', '{actor} registered with the access code {access_code}'),
  email_verified: own('E-mail verified', '{actor} verified their e-mail address'),
  password_reset: own('Password reset', '{actor} reset their password'),
  password_changed: own('Password changed', '{actor} changed their password'),
  password_change_failed: own('Password change refused', "{actor}'s password change was refused"),
  agent_profile_update: own('Profile changed', '{actor} changed their profile'),
  recipient_added: own('Recipient added', '{actor} added a recipient'),
  recipient_updated: own('Recipient changed', '{actor} changed a recipient'),
  recipient_removed: own('Recipient removed', '{actor} removed a recipient'),
  recipient_invitation_sent: own(
    'Recipient asked to confirm',
    '{actor} asked a recipient to confirm their e-mail',
  ),
  recipient_email_confirmed: own('Recipient confirmed', 'A recipient of {actor} confirmed their e-mail'),
  agent_email_sent: own('E-mail sent by an agent', '{actor} sent an e-mail from the portal'),
  onboarding_call_booked: own('Onboarding call booked', '{actor} booked an onboarding call'),
  rating: own('Rating given', '{actor} rated the service {score} out of 5'),
  signup_sms_test_sent: own('Test text sent', '{actor} was sent a test text message'),
  signup_sms_test_failed: own('Test text not received', '{actor} reported the test text did not arrive'),
  signup_sms_test_undeliverable: own('Test text undeliverable', "{actor}'s test text could not be delivered"),
  signup_email_test_sent: own('Test e-mail sent', '{actor} was sent a test e-mail'),
  signup_email_test_failed: own(
    'Test e-mail not received',
    '{actor} reported the test e-mail did not arrive',
  ),
  signup_email_test_undeliverable: own(
    'Test e-mail undeliverable',
    "{actor}'s test e-mail could not be delivered",
  ),
} as const satisfies Record<string, AuditActionInfo>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The actions of one filter, in the table's order. */
export const auditActionsOf = (category: AuditCategory): AuditAction[] =>
  AUDIT_ACTION_NAMES.filter((action) => AUDIT_ACTIONS[action].category === category);

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** The action's name in words; an action the table does not know keeps its code. */
export const auditActionLabel = (action: string) =>
  isAuditAction(action) ? AUDIT_ACTIONS[action].label : action;

/** A record a sentence names: the console links it by type and id. */
export interface AuditRef {
  type: string;
  id: string | null;
  name: string;
}
export type AuditPart = { text: string } | { ref: AuditRef };

/** What a sentence needs of an entry (the API's AuditEntry has all of it). */
export interface AuditSentenceEntry {
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_name?: string | null;
  target_type: string | null;
  target_id: string | null;
  target_name?: string | null;
  details: Record<string, unknown>;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The record types of the named placeholders. */
const REF_TYPES: Record<string, string> = {
  agent: 'agent',
  from_agent: 'agent',
  office: 'corporate_user',
  group: 'group',
};

function actorRef(entry: AuditSentenceEntry): AuditPart {
  const name =
    entry.actor_name ||
    text(entry.details.actor_name) ||
    (entry.actor_email === 'cli' ? 'The admin CLI' : null) ||
    (entry.actor_email === 'system' ? 'The portal' : null) ||
    entry.actor_email ||
    'The portal';
  return entry.actor_id ? { ref: { type: 'user', id: entry.actor_id, name } } : { text: name };
}

function targetRef(entry: AuditSentenceEntry): AuditPart {
  const name =
    entry.target_name ||
    text(entry.details.target_name) ||
    (entry.target_type
      ? `${entry.target_type.replace(/_/g, ' ')} ${entry.target_id ?? ''}`.trim()
      : 'a record');
  return entry.target_type ? { ref: { type: entry.target_type, id: entry.target_id, name } } : { text: name };
}

/**
 * The entry as a sentence, in parts: text, and the records it names (to link). An action the
 * table does not know reads "<actor>: <action> <target>".
 */
export function auditSentenceParts(entry: AuditSentenceEntry): AuditPart[] {
  const template = isAuditAction(entry.action)
    ? AUDIT_ACTIONS[entry.action].sentence
    : entry.target_type
      ? `{actor}: ${entry.action} {target}`
      : `{actor}: ${entry.action}`;
  const parts: AuditPart[] = [];
  const push = (part: AuditPart) => {
    const last = parts.at(-1);
    if ('text' in part && last && 'text' in last) last.text += part.text;
    else parts.push('text' in part ? { text: part.text } : part);
  };
  for (const piece of template.split(/(\{[a-z_]+\})/)) {
    const name = /^\{([a-z_]+)\}$/.exec(piece)?.[1];
    if (!name) {
      if (piece) push({ text: piece });
    } else if (name === 'actor') push(actorRef(entry));
    else if (name === 'target') push(targetRef(entry));
    else if (REF_TYPES[name]) {
      const id = text(entry.details[`${name}_id`]);
      const label =
        text(entry.details[`${name}_name`]) ||
        (id ? `${REF_TYPES[name]!.replace(/_/g, ' ')} ${id}` : 'someone');
      push(id ? { ref: { type: REF_TYPES[name]!, id, name: label } } : { text: label });
    } else {
      const value = entry.details[name];
      push({ text: text(value) ?? (typeof value === 'boolean' ? (value ? 'yes' : 'no') : '—') });
    }
  }
  return parts;
}

/** The entry as one plain sentence. */
export const auditSentence = (entry: AuditSentenceEntry) =>
  auditSentenceParts(entry)
    .map((part) => ('text' in part ? part.text : part.ref.name))
    .join('');

/**
 * The details keys a sentence reads its names from: the console shows the other details (before
 * and after, the reason) under the sentence, not these again.
 */
export const AUDIT_NAME_KEYS = [
  'actor_name',
  'target_name',
  ...Object.keys(REF_TYPES).flatMap((name) => [`${name}_id`, `${name}_name`]),
];
