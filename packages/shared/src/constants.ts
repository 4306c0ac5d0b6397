/** Business constants of SPEC.md sections 4 and 9. */

export const SIGNUP_STATUSES = [
  'serviceAgreement',
  'brokerageInfo',
  'masterAgreement',
  'mailingAddress',
  'timezone',
  'sms',
  'email',
  'saveTheNumber',
  'lsa',
  'googleAds',
  'eoInsurance',
  'zoom',
  'countdown',
  'complete',
] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** Each signup step as people read it (the wizard's titles, the console's labels). */
export const SIGNUP_STATUS_TITLES: Record<SignupStatus, string> = {
  serviceAgreement: 'Service agreement',
  brokerageInfo: 'Brokerage information',
  masterAgreement: 'Master referral agreement',
  mailingAddress: 'Mailing address',
  timezone: 'Time zone',
  sms: 'Text message test',
  email: 'E-mail test',
  saveTheNumber: 'Save the number',
  lsa: 'Google Local Services Ads',
  googleAds: 'Google Ads',
  eoInsurance: 'E&O insurance',
  zoom: 'Onboarding call',
  countdown: 'Countdown to go-live',
  complete: 'Complete',
};

/** Where a newly registered agent enters the wizard (DESIGN.md section 4). */
export const SIGNUP_ENTRY_STATUS: SignupStatus = 'mailingAddress';

export const AGENT_STATUSES = ['onboarding', 'active', 'inactive', 'suspended', 'terminated'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_TITLES: Record<AgentStatus, string> = {
  onboarding: 'Onboarding',
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
  terminated: 'Terminated',
};

export const USER_ROLES = ['agent', 'corporate', 'recipient', 'superuser', 'team_member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const TIMEZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  // Arizona keeps standard time all year: in summer it is an hour off Denver.
  'America/Phoenix',
  'America/Chicago',
  'America/New_York',
  'Pending',
] as const;
export type Timezone = (typeof TIMEZONES)[number];

export const MOBILE_DEVICES = ['android', 'iphone', 'pending'] as const;
export const TEST_STATES = ['pending', 'yes', 'no'] as const;
export const GOOGLE_ANSWERS = ['pending', 'yes', 'no', ''] as const;
export const YES_NO = ['yes', 'no'] as const;
export const RATING_TRENDS = ['improving', 'declining', 'stable'] as const;

/**
 * Where a lead stands, and how many a page of leads holds (DESIGN.md section 5). Here rather than
 * beside the lead schemas so that a page listing leads need not load zod for them.
 */
export const LEAD_STATUSES = ['active', 'archived', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEADS_PAGE_LIMIT = 100;

/** Lead types ("niches"); every one defaults to on for an agent. */
export const LEAD_TYPES = [
  'fsbo',
  'expired',
  'divorced',
  'recent_buyers',
  'absentee',
  'high_sell_score',
  'old_expired',
  'inherited',
] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** How each lead type reads in the workspace, texts and e-mails (no zod: the leads page needs it). */
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  fsbo: 'FSBO',
  expired: 'Expired listing',
  divorced: 'Divorce',
  recent_buyers: 'Recent buyers',
  absentee: 'Absentee owner',
  high_sell_score: 'High sell score',
  old_expired: 'Old expired',
  inherited: 'Inherited',
};

export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;
export const STATE_CODES = US_STATES.map(([code]) => code);
export const STATE_NAMES = US_STATES.map(([, name]) => name);

/** Lists (SPEC.md section 9). */
export const LEADS_PAGE = { skip: 0, limit: 100 } as const;

export const TOAST = {
  maxVisible: 5,
  removeDelayMs: 200,
  durationMs: 5000,
  // Top centre on every screen: never over the primary button a page keeps at the bottom right (ADR 38).
  position: 'top-center',
  gapPx: 16,
  expand: true,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: 'F8',
} as const;

export const TOOLTIP = { delayDurationMs: 700, skipDelayDurationMs: 300 } as const;

export const LOADING_OVERLAY = { forceHideMs: 3000, fadeMs: 200 } as const;

/** Lifetimes of tokens and sessions (DESIGN.md section 3, SECURITY.md item 10). */
export const TOKEN_TTL_SECONDS = {
  access: 15 * 60,
  refresh: 30 * 24 * 60 * 60,
  verify_email: 60 * 60,
  // The e-mailed link that creates a new account: as long as a verify link.
  registration: 60 * 60,
  password_reset: 60 * 60,
  magic_link: 10 * 60,
  // Sent by the office, opened when the office manager gets to it: a day, and once only.
  corporate_login: 24 * 60 * 60,
  // The invitation a new recipient confirms their address with: opened when they get to it.
  recipient_confirm: 7 * 24 * 60 * 60,
  recipient_session: 12 * 60 * 60,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Days after onboarding, and between ratings, before an agent is asked to rate (DESIGN.md 7). */
export const RATING_INTERVAL_DAYS = 30;

/**
 * The languages a page can be read in: English, and the translated pages under a two-letter
 * prefix (/es/recovery, SPEC.md section 2). The e-mail such a page sends is in the same language.
 */
export const PORTAL_LANGS = ['en', 'es'] as const;
export type PortalLang = (typeof PORTAL_LANGS)[number];
export const isPortalLang = (value: string | undefined): value is PortalLang =>
  (PORTAL_LANGS as readonly string[]).includes(value ?? '');
