import { z } from 'zod';
import { AGENT_STATUSES, GOOGLE_ANSWERS, MOBILE_DEVICES, SIGNUP_STATUSES } from '../constants';
import { AUDIT_ACTION_NAMES, AUDIT_CATEGORIES } from '../rules/audit-actions';
import { NO_FLOORS } from '../rules/scorecard';
import { AgentRecordSchema } from './agent';
import { referralFeePercent } from './billing';
import { instant } from './dates';
import { LeadSchema } from './leads';
import { monthlyLeadCap, RoutingSettingsSchema } from './routing';

/**
 * The superuser console (DESIGN.md section 8): /api/admin/*, superusers only. Every list pages on
 * the server (skip/limit) and answers {items, total}.
 */

export const ADMIN_PAGE_LIMIT = 100;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;

/** Text a person typed: trimmed, bounded, no control characters (line breaks only where allowed). */
export const adminText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .refine((value) => !(options.multiline ? CONTROL : SINGLE_LINE_CONTROL).test(value), {
      message: `${label} cannot contain control characters`,
    });

const httpUrl = (label: string) =>
  adminText(label, 2000).refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), {
    message: `${label} must be a web address starting with http:// or https://`,
  });

const money = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1e11, `${label} is too large`);

/** A calendar date between 1900 and 2200, or null. */
const dateOrNull = (label: string) =>
  z
    .union([z.iso.date({ message: `${label} must be a date (YYYY-MM-DD)` }), z.null()])
    .refine((value) => value === null || (value >= '1900-01-01' && value <= '2200-12-31'), {
      message: `${label} must be between 1900 and 2200`,
    });

export const adminPaging = (defaultLimit = 50) => ({
  skip: z.coerce
    .number({ message: 'skip must be a number' })
    .int()
    .min(0, 'skip must be 0 or more')
    .max(1_000_000, 'skip is too large')
    .default(0),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int()
    .min(1, `limit must be between 1 and ${ADMIN_PAGE_LIMIT}`)
    .max(ADMIN_PAGE_LIMIT, `limit must be between 1 and ${ADMIN_PAGE_LIMIT}`)
    .default(defaultLimit),
});

const SearchSchema = adminText('Search', 100).optional();
export const SORT_ORDERS = ['asc', 'desc'] as const;

// ---------------------------------------------------------------------------------------------
// Agents

export const ADMIN_AGENT_SORTS = ['name', 'email', 'agent_status', 'signup_status', 'created_at'] as const;

export const AdminAgentsQuerySchema = z.object({
  ...adminPaging(),
  q: SearchSchema,
  status: z.enum(AGENT_STATUSES, { message: 'Choose an agent status' }).optional(),
  signup_status: z.enum(SIGNUP_STATUSES, { message: 'Choose a signup step' }).optional(),
  sort: z.enum(ADMIN_AGENT_SORTS).default('created_at'),
  order: z.enum(SORT_ORDERS).default('desc'),
});
export type AdminAgentsQuery = z.infer<typeof AdminAgentsQuerySchema>;

export const AdminAgentRowSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  brokerage: z.string(),
  agent_uri: z.string(),
  agent_status: z.enum(AGENT_STATUSES),
  signup_status: z.enum(SIGNUP_STATUSES),
  zip_count: z.number(),
  leads_last_30_days: z.number(),
  corporate_user_name: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAgentRow = z.infer<typeof AdminAgentRowSchema>;

export const AdminAgentsListSchema = z.object({ items: z.array(AdminAgentRowSchema), total: z.number() });
export type AdminAgentsList = z.infer<typeof AdminAgentsListSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
  /** Who acted and what it was done to, by name (stored with the entry, else found when listing). */
  actor_name: z.string().nullable().optional(),
  target_name: z.string().nullable().optional(),
  /** The entry in words, from the shared AUDIT_ACTIONS table (the console links its names). */
  summary: z.string().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AdminRecipientSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  send_sms: z.boolean(),
  send_email: z.boolean(),
  phone_call: z.boolean(),
  is_primary: z.boolean(),
  is_active: z.boolean(),
  is_agent: z.boolean(),
});

export const AdminAgreementSchema = z.object({
  kind: z.enum(['service', 'master']),
  title: z.string(),
  status: z.enum(['pending', 'completed', 'cancelled']),
  provider: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  signers: z.array(
    z.object({ role: z.string(), name: z.string(), email: z.string(), signed_at: z.string().nullable() }),
  ),
  /** The console's download links (superusers only). */
  original_pdf_url: z.string(),
  final_pdf_url: z.string().nullable(),
});
export type AdminAgreement = z.infer<typeof AdminAgreementSchema>;

export const AdminAgentDetailSchema = z.object({
  agent: AgentRecordSchema,
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      is_active: z.boolean(),
      is_verified: z.boolean(),
      created_at: z.string(),
    })
    .nullable(),
  onboarding: z.object({
    sections: z.array(z.object({ section: z.string(), title: z.string(), status: z.string() })),
    percent: z.number(),
    complete: z.boolean(),
  }),
  allowed_status_changes: z.array(z.enum(AGENT_STATUSES)),
  agreements: z.array(AdminAgreementSchema),
  recipients: z.array(AdminRecipientSchema),
  leads: z.object({
    items: z.array(LeadSchema),
    counts: z.object({ active: z.number(), archived: z.number(), closed: z.number() }),
  }),
  audit: z.array(AuditEntrySchema),
});
export type AdminAgentDetail = z.infer<typeof AdminAgentDetailSchema>;

const fromLedger = z.unknown().superRefine((_, context) => {
  context.addIssue({
    code: 'custom',
    message:
      "Fees paid, deposits and refunds come from the agent's ledger: record a payment, deposit or refund under Billing instead.",
  });
});

/** PATCH /api/admin/agents/:id: the office-owned fields (SPEC.md section 3), a status move, a signup reset. */
export const AdminAgentPatchSchema = z
  .strictObject({
    wp_id: z.number().int().min(0).max(2_147_483_647).nullable(),
    agent_uri: adminText('Agent URI', 100).pipe(
      z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Agent URI uses lower-case letters, digits and dashes'),
    ),
    crm_email: z.union([z.email({ message: 'CRM e-mail must be an e-mail address' }), z.literal('')]),
    airport: adminText('Airport', 100),
    travel_notes: adminText('Travel notes', 5000, { multiline: true }),
    location_confirmed: z.boolean(),
    mobile_device: z.enum(MOBILE_DEVICES),
    agent_tracking_phone_number: adminText('Tracking phone number', 40),
    additional_tracking_phone_numbers: z.array(adminText('Tracking phone number', 40)).max(20),
    dial_out_num: adminText('Dial-out number', 40),
    dial_out_num_seller: adminText('Seller dial-out number', 40),
    agent_call_notes: adminText('Call notes', 5000, { multiline: true }),
    // Only the answers sent change: no defaults fill in the others.
    google: z
      .strictObject({
        lsa: z.enum(GOOGLE_ANSWERS),
        ads: z.enum(GOOGLE_ANSWERS),
        e_o_to_google: z.enum(GOOGLE_ANSWERS),
        homesnap_or_other: z.enum(GOOGLE_ANSWERS),
      })
      .partial(),
    google_business_profile_name: adminText('Google Business Profile name', 200),
    google_notes: adminText('Google notes', 5000, { multiline: true }),
    gbp_link: httpUrl('Google Business Profile link'),
    google_sheet_id: adminText('Google Sheet id', 200),
    google_ads_date: dateOrNull('Google Ads date'),
    total_ad_spend: money('Ad spend'),
    // Fees paid, deposits and refunds are entries of the ledger (ADR 66), not figures typed here.
    total_fees_paid: fromLedger,
    deposit_amount_paid: fromLedger,
    refund: fromLedger,
    /** The agent's own referral fee rate (percent); null: the office's, access code's or network's. */
    referral_fee_percent: referralFeePercent.nullable(),
    subagents: z
      .array(
        z.object({ name: adminText('Sub-agent name', 200), tracking_phone: adminText('Tracking phone', 40) }),
      )
      .max(50),
    subagents_notes: adminText('Sub-agent notes', 5000, { multiline: true }),
    onboarding_completed_override: z.boolean(),
    can_see_portal_onboarding: z.boolean().nullable(),
    can_see_portal_zips: z.boolean().nullable(),
    can_see_portal_recipients: z.boolean().nullable(),
    /** Leads a month the agent may receive (ADR 62); null: no cap. */
    monthly_lead_cap: monthlyLeadCap,
    agent_status: z.enum(AGENT_STATUSES, { message: 'Choose an agent status' }),
    signup_status: z.enum(SIGNUP_STATUSES, { message: 'Choose a signup step' }),
    /** Why agent_status or signup_status changes: required with either. */
    reason: adminText('Reason', 500, { multiline: true }),
  })
  .partial()
  .refine(
    (patch) => (patch.agent_status === undefined && patch.signup_status === undefined) || !!patch.reason,
    {
      message: 'Give a reason for the change',
      path: ['reason'],
    },
  );
export type AdminAgentPatch = z.infer<typeof AdminAgentPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Access codes

export const AdminAccessCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  max_uses: z.number().nullable(),
  used_count: z.number(),
  expires_at: z.string().nullable(),
  disabled: z.boolean(),
  corporate_user_id: z.string().nullable(),
  corporate_user_name: z.string().nullable(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  /** The referral fee for agents who sign up with the code; null: the office's or the network's. */
  referral_fee_percent: z.number().nullable(),
  created_at: z.string(),
  /** Agents who signed up with the code, newest first (at most 20 here). */
  signups: z.array(
    z.object({ agent_id: z.string(), name: z.string(), email: z.string(), created_at: z.string() }),
  ),
});
export type AdminAccessCode = z.infer<typeof AdminAccessCodeSchema>;

export const ADMIN_ACCESS_CODE_SORTS = ['code', 'used_count', 'expires_at', 'created_at'] as const;
export const AdminAccessCodesQuerySchema = z.object({
  ...adminPaging(),
  q: SearchSchema,
  sort: z.enum(ADMIN_ACCESS_CODE_SORTS).default('created_at'),
  order: z.enum(SORT_ORDERS).default('desc'),
});
export const AdminAccessCodesListSchema = z.object({
  items: z.array(AdminAccessCodeSchema),
  total: z.number(),
});

const accessCodeFields = {
  description: adminText('Description', 500).nullable(),
  /** null: no limit; 0: no more uses (the code is closed); else at most that many sign-ups. */
  max_uses: z
    .number({ message: 'Maximum uses must be a number' })
    .int('Maximum uses is a whole number')
    .min(0, 'Maximum uses cannot be negative')
    .max(1_000_000, 'At most 1,000,000 uses')
    .nullable(),
  expires_at: instant('Expiry', 'Expiry must be a date and time').nullable(),
  corporate_user_id: z.uuid({ message: 'Choose a corporate user' }).nullable(),
  group_id: z.uuid({ message: 'Choose a group' }).nullable(),
  referral_fee_percent: referralFeePercent.nullable(),
};

export const AdminAccessCodeCreateSchema = z
  .strictObject({
    code: adminText('Code', 64)
      .pipe(z.string().min(4, 'A code has at least 4 characters'))
      .pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, 'A code uses letters, digits, dashes and underscores')),
  })
  .extend(z.object(accessCodeFields).partial().shape);
export type AdminAccessCodeCreate = z.infer<typeof AdminAccessCodeCreateSchema>;

export const AdminAccessCodePatchSchema = z
  .strictObject({ ...accessCodeFields, disabled: z.boolean() })
  .partial();
export type AdminAccessCodePatch = z.infer<typeof AdminAccessCodePatchSchema>;

// ---------------------------------------------------------------------------------------------
// Corporate users and groups

export const AdminCorporateUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  is_active: z.boolean(),
  agent_count: z.number(),
  group_count: z.number(),
  /** The referral fee for the office's agents; null: the network's. */
  referral_fee_percent: z.number().nullable(),
  created_at: z.string(),
});
export type AdminCorporateUser = z.infer<typeof AdminCorporateUserSchema>;
export const AdminCorporateUsersListSchema = z.object({
  items: z.array(AdminCorporateUserSchema),
  total: z.number(),
});
export const ADMIN_CORPORATE_SORTS = ['name', 'email', 'created_at'] as const;
export const AdminCorporateUsersQuerySchema = z.object({
  ...adminPaging(),
  q: SearchSchema,
  sort: z.enum(ADMIN_CORPORATE_SORTS).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
});
/** A one-time sign-in link, e-mailed to the corporate user and shown to the superuser. */
export const AdminLoginLinkSchema = z.object({ link: z.string(), expires_at: z.string() });
export const AdminCorporateUserCreatedSchema = z.object({
  user: AdminCorporateUserSchema,
  link: z.string(),
  expires_at: z.string(),
});
export const AdminCorporateUserCreateSchema = z.strictObject({
  email: z.email({ message: 'Enter a valid e-mail address' }),
  name: adminText('Name', 200).pipe(z.string().min(1, 'Give the corporate user a name')),
  /** The referral fee for the office's agents; none: the network's. */
  referral_fee_percent: referralFeePercent.nullable().optional(),
});
export const AdminCorporateUserPatchSchema = z
  .strictObject({
    name: adminText('Name', 200).pipe(z.string().min(1, 'Give the corporate user a name')),
    is_active: z.boolean(),
    referral_fee_percent: referralFeePercent.nullable(),
  })
  .partial();

export const AdminGroupMemberSchema = z.object({
  agent_id: z.string(),
  name: z.string(),
  email: z.string(),
  agent_status: z.enum(AGENT_STATUSES),
  is_manager: z.boolean(),
  other_office: z.boolean(),
});
export const AdminGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  corporate_user_id: z.string().nullable(),
  corporate_user_name: z.string().nullable(),
  member_count: z.number(),
  manager_count: z.number(),
  created_at: z.string(),
});
export type AdminGroup = z.infer<typeof AdminGroupSchema>;
export const AdminGroupDetailSchema = AdminGroupSchema.extend({ members: z.array(AdminGroupMemberSchema) });
export type AdminGroupDetail = z.infer<typeof AdminGroupDetailSchema>;
export const AdminGroupsListSchema = z.object({ items: z.array(AdminGroupSchema), total: z.number() });
export const AdminGroupsQuerySchema = z.object({
  ...adminPaging(),
  q: SearchSchema,
  corporate_user_id: z.uuid({ message: 'Choose a corporate user' }).optional(),
  sort: z.enum(['name', 'created_at']).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export const AdminGroupCreateSchema = z.strictObject({
  name: adminText('Group name', 200).pipe(z.string().min(1, 'Give the group a name')),
  corporate_user_id: z.uuid({ message: 'Choose the corporate user who owns the group' }),
});
export const AdminGroupPatchSchema = z
  .strictObject({ name: adminText('Group name', 200).pipe(z.string().min(1, 'Give the group a name')) })
  .partial();
export const AdminMembershipSchema = z.strictObject({
  agent_id: z.uuid({ message: 'Choose an agent' }),
  is_manager: z.boolean().default(false),
});

// ---------------------------------------------------------------------------------------------
// Lead intake clients

export const AdminApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** Leads posted with the key on each of the last 14 days (oldest first). */
  leads_per_day: z.array(z.object({ day: z.string(), count: z.number() })),
  total_leads: z.number(),
});
export type AdminApiKey = z.infer<typeof AdminApiKeySchema>;
export const AdminApiKeysListSchema = z.object({ items: z.array(AdminApiKeySchema), total: z.number() });
export const AdminApiKeyCreateSchema = z.strictObject({
  name: adminText('Client name', 100).pipe(z.string().min(1, 'Name the client (e.g. "Zillow feed")')),
});
/** The key itself is shown once, in this answer only. */
export const AdminApiKeyCreatedSchema = z.object({ key: z.string(), api_key: AdminApiKeySchema });

// ---------------------------------------------------------------------------------------------
// Leads

export const AdminLeadsQuerySchema = z.object({
  ...adminPaging(),
  /** Newest first (desc, the default) or oldest first. */
  order: z.enum(SORT_ORDERS).default('desc'),
  q: SearchSchema,
  agent_id: z.uuid({ message: 'Agent not found' }).optional(),
  unassigned: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .optional(),
});
export const AdminLeadSchema = LeadSchema.extend({ agent_name: z.string().nullable() });
export type AdminLead = z.infer<typeof AdminLeadSchema>;
/** Long lists count up to COUNT_CAP: past it, `total_exact` is false and `total` is the cap. */
export const COUNT_CAP = 10_000;
export const AdminLeadsListSchema = z.object({
  items: z.array(AdminLeadSchema),
  total: z.number(),
  total_exact: z.boolean(),
});
/** A lead that already has an agent moves only with a reason (on its timeline and in the audit log). */
export const AdminAssignSchema = z.strictObject({
  agent_id: z.uuid({ message: 'Choose an agent' }),
  reason: adminText('Reason', 500, { multiline: true }).optional(),
});

/** POST /admin/leads/import/preview: what an import would do, nothing written. */
export const AdminImportPreviewSchema = z.object({
  rows: z.number(),
  /** Every data row (numbered as in a spreadsheet, header = 1) and what would happen to it. */
  items: z.array(
    z.object({
      row: z.number(),
      outcome: z.enum(['routed', 'unassigned', 'duplicate', 'rejected']),
      name: z.string(),
      lead_type: z.string().nullable(),
      zip: z.string().nullable(),
      agent_id: z.string().nullable(),
      agent_name: z.string().nullable(),
      /** Why it would stay unassigned, or why it is refused. */
      reason: z.string().nullable(),
      errors: z.array(z.string()),
    }),
  ),
  routed: z.number(),
  unassigned: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
});
export type AdminImportPreview = z.infer<typeof AdminImportPreviewSchema>;
export const AdminImportReportSchema = z.object({
  rows: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  unassigned: z.number(),
  rejected: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
});
export type AdminImportReport = z.infer<typeof AdminImportReportSchema>;

// ---------------------------------------------------------------------------------------------
// Messages (the outbox)

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const OUTBOX_CHANNELS = ['email', 'sms', 'call'] as const;

export const AdminOutboxQuerySchema = z.object({
  ...adminPaging(),
  /** Newest first (desc, the default) or oldest first. */
  order: z.enum(SORT_ORDERS).default('desc'),
  status: z.enum(OUTBOX_STATUSES, { message: 'Choose a status' }).optional(),
  channel: z.enum(OUTBOX_CHANNELS, { message: 'Choose a channel' }).optional(),
  to: adminText('To', 200).optional(),
});
export const AdminMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  from: z.string(),
  subject: z.string().nullable(),
  text_body: z.string(),
  template: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  provider: z.string().nullable(),
  lead_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When the text, HTML and attachments were removed after the retention period (null: kept). */
  body_removed_at: z.string().nullable(),
  attempt_log: z.array(
    z.object({
      attempt: z.number(),
      status: z.enum(['sent', 'failed']),
      provider: z.string().nullable(),
      error: z.string().nullable(),
      /** The provider's status code on a refusal (HTTP 429, an SMTP 4xx or 5xx). */
      provider_status: z.number().nullable(),
      /** When the next attempt is due after this refusal (null: sent, or failed for good). */
      retry_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;
export const AdminOutboxListSchema = z.object({
  items: z.array(AdminMessageSchema),
  total: z.number(),
  total_exact: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Audit log

export const AdminAuditQuerySchema = z.object({
  ...adminPaging(),
  /** Newest first (desc, the default) or oldest first. */
  order: z.enum(SORT_ORDERS).default('desc'),
  actor: adminText('Actor', 200).optional(),
  action: z.enum(AUDIT_ACTION_NAMES, { message: 'Choose an action from the list' }).optional(),
  /** Which kind of entries: the office's actions, sign-ins, or people's own actions; none: all. */
  category: z.enum(AUDIT_CATEGORIES, { message: 'Choose what to show' }).optional(),
  target_id: adminText('Target', 100).optional(),
});
export const AdminAuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number(),
  total_exact: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Settings

/** The SMTP pool's own ceiling: the setting chooses how many of them are used. */
export const SMTP_CONNECTIONS_MAX = 50;

/** The bounds of the retention settings, in days. */
export const RETENTION_LIMITS = { messageBodyDaysMin: 30, auditDaysMin: 365, daysMax: 3650 } as const;

export const SettingsSchema = z.object({
  /** DESIGN.md section 7: days after onboarding, and between ratings, before an agent is asked again. */
  rating_interval_days: z
    .number({ message: 'The rating interval must be a number of days' })
    .int('The rating interval is a whole number of days')
    .min(1, 'The rating interval is at least 1 day')
    .max(365, 'The rating interval is at most 365 days'),
  /** How far the latest score must move from the mean of the three before it to change the trend. */
  rating_trend_threshold: z
    .number({ message: 'The trend threshold must be a number' })
    .min(0.1, 'The trend threshold is at least 0.1')
    .max(4, 'The trend threshold is at most 4'),
  /** Which channels a lead is delivered on, network-wide (a recipient's own choices still apply). */
  lead_delivery: z.object({ sms: z.boolean(), email: z.boolean(), call: z.boolean() }),
  /**
   * What the providers allow: e-mails handed to the SMTP server at once (one connection each), and
   * texts and calls started per second at Twilio (its limit depends on the numbers and their
   * registration; messages beyond it wait in Twilio's own queue).
   */
  provider_limits: z.object({
    smtp_connections: z
      .number({ message: 'SMTP connections must be a number' })
      .int('SMTP connections is a whole number')
      .min(1, 'At least 1 SMTP connection')
      .max(SMTP_CONNECTIONS_MAX, `At most ${SMTP_CONNECTIONS_MAX} SMTP connections`),
    sms_per_second: z
      .number({ message: 'Texts per second must be a number' })
      .int('Texts per second is a whole number')
      .min(1, 'At least 1 text per second')
      .max(500, 'At most 500 texts per second'),
  }),
  /** What one account may hold: each refused with a message saying so. */
  quotas: z.object({
    recipients_per_agent: z
      .number({ message: 'Recipients per agent must be a number' })
      .int('Recipients per agent is a whole number')
      .min(1, 'At least 1 recipient per agent')
      .max(500, 'At most 500 recipients per agent'),
    upload_tickets_per_account: z
      .number({ message: 'Uploads in progress must be a number' })
      .int('Uploads in progress is a whole number')
      .min(1, 'At least 1 upload in progress')
      .max(500, 'At most 500 uploads in progress'),
    storage_mb_per_agent: z
      .number({ message: 'Storage per agent must be a number' })
      .int('Storage per agent is a whole number of MB')
      .min(50, 'At least 50 MB of storage per agent')
      .max(100_000, 'At most 100,000 MB of storage per agent'),
  }),
  /** Offers and the scorecard's floors (DESIGN.md section 11, ADR 62). */
  routing: RoutingSettingsSchema,
  /** Referral fees and their invoices (DESIGN.md section 12, ADR 66). */
  billing: z.object({
    /** The network's rate, for agents with none of their own, their office's or their code's. */
    referral_fee_percent: referralFeePercent,
    invoice_due_days: z
      .number({ message: 'Days to pay must be a number' })
      .int('Days to pay is a whole number')
      .min(1, 'At least 1 day to pay')
      .max(120, 'At most 120 days to pay'),
    /** How to pay, as the invoices and the Billing page print it. */
    how_to_pay: z
      .string()
      .trim()
      .min(1, 'Say how agents pay their invoices')
      .max(1000, 'How to pay is at most 1,000 characters'),
  }),
  /** How long what the portal sent and recorded is kept (ADR 67). */
  retention: z.object({
    /** Days a sent or failed message keeps its text, HTML and attachments; who, when and how stay. */
    message_body_days: z
      .number({ message: 'Days to keep message texts must be a number' })
      .int('Days to keep message texts is a whole number')
      .min(RETENTION_LIMITS.messageBodyDaysMin, 'Message texts are kept at least 30 days')
      .max(RETENTION_LIMITS.daysMax, 'Message texts are kept at most 3,650 days'),
    /** Days an audit entry is kept; null keeps every entry. */
    audit_days: z
      .number({ message: 'Days to keep audit entries must be a number' })
      .int('Days to keep audit entries is a whole number')
      .min(RETENTION_LIMITS.auditDaysMin, 'Audit entries are kept at least 365 days')
      .max(RETENTION_LIMITS.daysMax, 'Audit entries are kept at most 3,650 days')
      .nullable(),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;
export const SettingsPatchSchema = z
  .strictObject({
    rating_interval_days: SettingsSchema.shape.rating_interval_days,
    rating_trend_threshold: SettingsSchema.shape.rating_trend_threshold,
    lead_delivery: SettingsSchema.shape.lead_delivery.partial(),
    provider_limits: SettingsSchema.shape.provider_limits.partial(),
    quotas: SettingsSchema.shape.quotas.partial(),
    routing: z.strictObject({
      acceptance_minutes: RoutingSettingsSchema.shape.acceptance_minutes.optional(),
      floors: RoutingSettingsSchema.shape.floors.strict().partial().optional(),
    }),
    billing: SettingsSchema.shape.billing.partial(),
    retention: SettingsSchema.shape.retention.partial(),
  })
  .partial();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = {
  rating_interval_days: 30,
  rating_trend_threshold: 0.5,
  lead_delivery: { sms: true, email: true, call: true },
  provider_limits: { smtp_connections: 5, sms_per_second: 30 },
  // 20 people on a routing list; 20 files on their way at once (the media pages upload a few at a
  // time); 10 GB: SPEC's media (headshots, photos, logos and a few videos of up to 2 GB) fits.
  quotas: { recipients_per_agent: 20, upload_tickets_per_account: 20, storage_mb_per_agent: 10_000 },
  // Offers off and no floors: a routed lead is the agent's at once.
  routing: { acceptance_minutes: 0, floors: NO_FLOORS },
  // 25 %: what referral networks commonly charge on the referred side; 30 days to pay.
  billing: {
    referral_fee_percent: 25,
    invoice_due_days: 30,
    how_to_pay:
      'Pay by ACH transfer or check to the Network, quoting the invoice number. Your broker may pay from the commission at closing.',
  },
  // A year of message texts for questions about what was sent; the audit log kept for good.
  retention: { message_body_days: 365, audit_days: null },
};

/** What one clean-up removed, or several together (ADR 67). */
export const RetentionCountsSchema = z.object({
  /** Sign-in, verification and reset links, and registrations never confirmed. */
  tokens: z.number(),
  /** Ended sign-in sessions (with their refresh tokens) and recipient sessions. */
  sessions: z.number(),
  /** Rate-limit counters whose window ended long ago. */
  rate_limits: z.number(),
  /** Messages whose text, HTML and attachments were removed. */
  message_bodies: z.number(),
  audit_rows: z.number(),
});
export type RetentionCounts = z.infer<typeof RetentionCountsSchema>;

/** GET /admin/retention: the last clean-up and what the clean-ups of the last 30 days removed. */
export const AdminRetentionSchema = z.object({
  last_run_at: z.string().nullable(),
  last_run: RetentionCountsSchema.nullable(),
  last_30_days: RetentionCountsSchema,
});
export type AdminRetention = z.infer<typeof AdminRetentionSchema>;

/**
 * GET /admin/provider-limits: each provider limit the whole network shares (ADR 32) and how close
 * the network runs to it.
 */
export const AdminProviderLimitsSchema = z.object({
  texts: z.object({
    /** Texts and calls started per second on the Twilio account (settings). */
    per_second: z.number(),
    /** Started in the last minute, by every process. */
    last_minute: z.number(),
    /** The busiest second of the last hour, and when it was. */
    peak_second: z.number(),
    peak_at: z.string().nullable(),
    /** Twilio asked the account to wait (HTTP 429) until then. */
    paused_until: z.string().nullable(),
  }),
  smtp: z.object({
    /** SMTP connections at once (settings). */
    connections: z.number(),
    /** Connection slots held now by every process. */
    in_use: z.number(),
  }),
});
export type AdminProviderLimits = z.infer<typeof AdminProviderLimitsSchema>;

/** The console's home: the figures an operations team checks first. */
export const AdminOverviewSchema = z.object({
  agents: z.record(z.enum(AGENT_STATUSES), z.number()),
  unassigned_leads: z.number(),
  leads_today: z.number(),
  messages_failed: z.number(),
  messages_queued: z.number(),
  access_codes_active: z.number(),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
