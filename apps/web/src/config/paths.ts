import { isPortalLang, PORTAL_LANGS, type PortalLang } from '@portal/shared';

/**
 * Every route of SPEC.md section 2, with a builder for links. Route definitions and links both
 * read from here, so a path is spelled once.
 */

/** Onboarding pages under /onboarding/, as `<section>/<step>` (SPEC.md section 2). */
export const ONBOARDING_PAGES = [
  'start/my_team',
  'start/introduction',
  'start/broker_of_record',
  'media/Branding',
  'media/headshots',
  'media/additional_photos',
  'video/videos_upload',
  'video/videos_upload_old',
  'video/video_introduction',
  'video/script_instructions',
  'Licences/eo_insurance',
  'Licences/mls_compliance',
  'Licences/licenses_details',
  'leadRouting/lead_routing',
  'leadRouting/service_area',
  'agreements/service_agreement',
  'agreements/master_referral_agreement',
] as const;
export type OnboardingPagePath = (typeof ONBOARDING_PAGES)[number];

/**
 * A section's own URL opens its first step (SPEC.md section 2: "the step defaults to the first
 * of the section"), in the order of the onboarding table.
 */
export const ONBOARDING_SECTION_FIRST_PAGES = {
  start: 'start/introduction',
  media: 'media/headshots',
  leadRouting: 'leadRouting/lead_routing',
  Licences: 'Licences/licenses_details',
  video: 'video/script_instructions',
  agreements: 'agreements/service_agreement',
} as const satisfies Record<string, OnboardingPagePath>;

/** Signup wizard pages under /signup/ other than choose-password (SPEC.md section 2). */
export const SIGNUP_STEP_PAGES = [
  'lsa',
  'sms',
  'zoom',
  'email',
  'timezone',
  'countdown',
  'googleAds',
  'eoInsurance',
  'personalInfo',
  'brokerageInfo',
  'saveTheNumber',
  'mailingAddress',
  'masterAgreement',
  'serviceAgreement',
] as const;
export type SignupStepName = (typeof SIGNUP_STEP_PAGES)[number];

/** Languages the recovery pages are translated into: the list the server checks `lang` against. */
export const RECOVERY_LANGS = PORTAL_LANGS;
export type RecoveryLang = PortalLang;
export const isRecoveryLang = isPortalLang;

const token = (value: string) => encodeURIComponent(value);
const langPrefix = (lang?: RecoveryLang) => (lang ? `/${lang}` : '');

export const paths = {
  // public (default layout)
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  magicLogin: { path: '/login/magic/:token', href: (value: string) => `/login/magic/${token(value)}` },
  corporateLogin: {
    path: '/login/corporate/:token',
    href: (value: string) => `/login/corporate/${token(value)}`,
  },
  signup: { path: '/signup', href: () => '/signup' },
  signupChoosePassword: { path: '/signup/choose-password', href: () => '/signup/choose-password' },
  signupConfirm: {
    path: '/signup/confirm/:token',
    href: (value: string) => `/signup/confirm/${token(value)}`,
  },
  signupStep: {
    path: (step: SignupStepName) => `/signup/${step}`,
    href: (step: string) => `/signup/${step}`,
  },
  recovery: {
    path: '/recovery',
    href: (lang?: RecoveryLang) => `${langPrefix(lang)}/recovery`,
  },
  recoveryConfirm: {
    path: '/recovery/:token',
    href: (value: string, lang?: RecoveryLang) => `${langPrefix(lang)}/recovery/${token(value)}`,
  },
  // One route per language, so that /fr/recovery is an unknown page like any other.
  localizedRecovery: { path: (lang: RecoveryLang) => `/${lang}/recovery` },
  localizedRecoveryConfirm: { path: (lang: RecoveryLang) => `/${lang}/recovery/:token` },
  terms: { path: '/terms_of_service', href: () => '/terms_of_service' },
  thankYou: { path: '/thankyou', href: () => '/thankyou' },
  verifyEmail: { path: '/verify-email/:token', href: (value: string) => `/verify-email/${token(value)}` },
  // The invitation's link an agent's new recipient confirms their address with.
  confirmRecipient: {
    path: '/recipient/confirm/:token',
    href: (value: string) => `/recipient/confirm/${token(value)}`,
  },
  // e-signature (anyone: the signer follows an e-mailed link; anyone may check a PDF)
  sign: { path: '/sign/:token', href: (value: string) => `/sign/${token(value)}` },
  verifyDocument: { path: '/verify-document', href: () => '/verify-document' },

  // signed in (dashboard layout)
  leads: { path: '/leads', href: () => '/leads' },
  zip: { path: '/zip', href: () => '/zip' },
  profile: { path: '/profile', href: () => '/profile' },
  profileTeam: { path: '/profile/team', href: () => '/profile/team' },
  profileBroker: { path: '/profile/broker', href: () => '/profile/broker' },
  profileLicenses: { path: '/profile/licenses', href: () => '/profile/licenses' },
  profileOld: { path: '/profile-old', href: () => '/profile-old' },
  routing: { path: '/routing', href: () => '/routing' },
  routingCrm: { path: '/routing/crm', href: () => '/routing/crm' },
  routingTeamMembers: { path: '/routing/team-members', href: () => '/routing/team-members' },
  onboarding: { path: '/onboarding', href: () => '/onboarding' },
  onboardingPage: {
    path: (page: OnboardingPagePath) => `/onboarding/${page}`,
    href: (page: OnboardingPagePath) => `/onboarding/${page}`,
  },
  faq: { path: '/resources/faq', href: () => '/resources/faq' },
  billing: { path: '/billing', href: () => '/billing' },
  accountPassword: { path: '/account/password', href: () => '/account/password' },
  devMailbox: { path: '/dev/mailbox', href: () => '/dev/mailbox' },
  devTemplates: { path: '/dev/templates', href: () => '/dev/templates' },

  // the superuser console (DESIGN.md section 8)
  admin: { path: '/admin', href: () => '/admin' },
  adminAgents: { path: '/admin/agents', href: () => '/admin/agents' },
  adminAgent: { path: '/admin/agents/:agentId', href: (id: string) => `/admin/agents/${token(id)}` },
  adminAgentPreview: {
    path: '/admin/agents/:agentId/preview',
    href: (id: string) => `/admin/agents/${token(id)}/preview`,
  },
  adminAccessCodes: { path: '/admin/access-codes', href: () => '/admin/access-codes' },
  adminCorporate: { path: '/admin/corporate', href: () => '/admin/corporate' },
  adminGroup: { path: '/admin/groups/:groupId', href: (id: string) => `/admin/groups/${token(id)}` },
  adminApiKeys: { path: '/admin/api-keys', href: () => '/admin/api-keys' },
  adminLeads: { path: '/admin/leads', href: () => '/admin/leads' },
  adminLeadsImport: { path: '/admin/leads/import', href: () => '/admin/leads/import' },
  adminMessages: { path: '/admin/messages', href: () => '/admin/messages' },
  adminAudit: { path: '/admin/audit', href: () => '/admin/audit' },
  adminSettings: { path: '/admin/settings', href: () => '/admin/settings' },
  adminScorecards: { path: '/admin/scorecards', href: () => '/admin/scorecards' },
  adminBilling: { path: '/admin/billing', href: () => '/admin/billing' },

  // no layout
  rating: { path: '/rating', href: () => '/rating' },
} as const;
