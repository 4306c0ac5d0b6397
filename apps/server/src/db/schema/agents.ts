import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export interface License {
  license_number: string;
  exp_date: string | null;
  state: string;
  type: string;
}
export interface AgentRecipientEntry {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  send_sms: boolean;
  send_email: boolean;
  phone_call: boolean;
}
export interface Contact {
  name: string;
  phone: string;
  email: string;
}
export interface BrokerOfRecord extends Contact {
  is_billing_contact: boolean;
  billing_contact: Contact | null;
}

export const DEFAULT_ONBOARDING_STEPS = {
  introduction: false as boolean | string,
  my_team: false,
  headshots: false,
  additional_photos: false,
  branding: false,
  lead_routing: false,
  service_area: false,
  broker_of_record: false,
  eo_insurance: false,
  licenses_details: false,
  video_introduction: false,
  script_instructions: false,
  videos_upload: false,
  master_referral_agreement: false,
  service_agreement: false,
};
export type OnboardingStepsRow = typeof DEFAULT_ONBOARDING_STEPS;

/** The agent record of SPEC.md section 3, one row per agent, with the defaults it names. */
export const agents = pgTable(
  'agents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    // identity
    agentNumber: integer().notNull().default(0),
    supabaseId: text(),
    wpId: integer(),
    agent: text().notNull().default(''),
    agentFirstName: text().notNull().default(''),
    agentLastName: text().notNull().default(''),
    agentUri: text().notNull(),
    agentEmail: text().notNull().default(''),
    agentPhone: text().notNull().default(''),
    brokerage: text().notNull().default(''),
    createdById: uuid(),
    createdByName: text(),
    corporateUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    corporateUserName: text(),
    userInfo: jsonb().$type<unknown>(),
    corporateUserInfo: jsonb().$type<unknown>(),
    crmEmail: text().notNull().default(''),
    // location and device
    locatedIn: text().notNull().default(''),
    airport: text().notNull().default(''),
    locationConfirmed: boolean().notNull().default(false),
    videoPhotoAddress: text().notNull().default(''),
    travelNotes: text().notNull().default(''),
    mobileDevice: text().notNull().default('pending'),
    timezone: text().notNull().default('Pending'),
    mailingAddress: jsonb().$type<{ street: string; city: string; state: string; zip: string } | null>(),
    // licences
    licensedStates: jsonb().$type<License[] | null>(),
    // recipients (the list on the record; recipient accounts live in their own table)
    recipients: jsonb().$type<AgentRecipientEntry[]>().notNull().default([]),
    // tests and team
    smsTest: text().notNull().default('pending'),
    emailTest: text().notNull().default('pending'),
    hasRealEstateTeam: text().notNull().default('no'),
    realEstateTeamName: text().notNull().default(''),
    brokerageLogoUrls: jsonb().$type<string[]>().notNull().default([]),
    teamLogoUrls: jsonb().$type<string[]>().notNull().default([]),
    // service area
    serviceAreaName: text().notNull().default(''),
    counties: jsonb().$type<{ county_name: string; state: string }[]>().notNull().default([]),
    states: jsonb().$type<{ short: string; long: string }[]>().notNull().default([]),
    statesServiced: jsonb().$type<string[]>().notNull().default([]),
    excludedCities: jsonb().$type<{ city_name: string }[] | null>(),
    excludedZips: text().array().notNull().default(sql`'{}'::text[]`),
    zipcodes: text().array().notNull().default(sql`'{}'::text[]`),
    // media
    agentHeadshotsUrls: jsonb().$type<string[]>().notNull().default([]),
    hasOtherPhotos: text().notNull().default('no'),
    otherPhotosUrls: jsonb().$type<string[]>().notNull().default([]),
    hasEoCertificate: text().notNull().default('no'),
    eoCertificate: text().notNull().default(''),
    policyExpDate: date(),
    videosFsboUrls: jsonb().$type<string[]>().notNull().default([]),
    videosOthersUrls: jsonb().$type<string[]>().notNull().default([]),
    agentImageCoverUrl: text().notNull().default(''),
    agentImageProfileUrl: text().notNull().default(''),
    agentImageCoffeeUrl: text().notNull().default(''),
    // advertising
    google: jsonb()
      .$type<{ lsa: string; ads: string; e_o_to_google: string; homesnap_or_other: string }>()
      .notNull()
      .default({ lsa: 'pending', ads: 'pending', e_o_to_google: 'pending', homesnap_or_other: 'pending' }),
    googleBusinessProfileName: text().notNull().default(''),
    googleNotes: text().notNull().default(''),
    gbpLink: text().notNull().default(''),
    googleSheetId: text().notNull().default(''),
    googleAdsDate: date(),
    scriptsDocumentsConfirm: boolean().notNull().default(false),
    // phone
    dialOutNum: text().notNull().default(''),
    dialOutNumSeller: text().notNull().default(''),
    agentTrackingPhoneNumber: text().notNull().default(''),
    additionalTrackingPhoneNumbers: jsonb().$type<string[]>().notNull().default([]),
    agentCallNotes: text().notNull().default(''),
    // money and totals
    // Exact (ADR 66): the closings and commission follow the closed leads, the fees paid, deposit
    // and refund the ledger (modules/billing/totals.ts); only the ad spend is typed in the console.
    totalClosings: integer().notNull().default(0),
    totalGrossCommissionEarned: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    totalFeesPaid: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    totalAdSpend: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    depositAmountPaid: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** The agent's own referral fee rate (percent); null: the office's, the code's or the network's. */
    referralFeePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    refund: jsonb()
      .$type<{ refunded: boolean; amount: number; notes: string }>()
      .notNull()
      .default({ refunded: false, amount: 0, notes: '' }),
    // onboarding
    onboardingSteps: jsonb().$type<OnboardingStepsRow>().notNull().default(DEFAULT_ONBOARDING_STEPS),
    onboardingCompletedOverride: boolean().notNull().default(false),
    signUpDate: timestamp({ withTimezone: true }),
    onboardingDate: timestamp({ withTimezone: true }),
    agentStatus: text().notNull().default('onboarding'),
    signupStatus: text().notNull().default('zoom'),
    // niches (lead types)
    fsbo: boolean().notNull().default(true),
    expired: boolean().notNull().default(true),
    divorced: boolean().notNull().default(true),
    recentBuyers: boolean().notNull().default(true),
    absentee: boolean().notNull().default(true),
    highSellScore: boolean().notNull().default(true),
    oldExpired: boolean().notNull().default(true),
    inherited: boolean().notNull().default(true),
    // sub-agents
    subagents: jsonb().$type<{ name: string; tracking_phone: string }[]>().notNull().default([]),
    subagentsNotes: text().notNull().default(''),
    // broker of record
    brokerOfRecord: jsonb().$type<BrokerOfRecord | null>(),
    raName: text().notNull().default(''),
    raAddress: text().notNull().default(''),
    // documents
    masterDocument: jsonb().$type<unknown>(),
    serviceDocument: jsonb().$type<unknown>(),
    serviceDocumentAreas: text().notNull().default(''),
    accessCode: text().notNull().default(''),
    // statistics (computed from leads and calls by the leads module)
    answerRate: jsonb()
      .$type<{ total_leads: number; missed_calls: number; answered_calls: number }>()
      .notNull()
      .default({ total_leads: 0, missed_calls: 0, answered_calls: 0 }),
    leadsCount: jsonb().$type<Record<string, number | string | null>>().notNull().default({
      l_7: 0,
      l_14: 0,
      l_21: 0,
      l_30: 0,
      l_45: 0,
      l_60: 0,
      l_90: 0,
      total_leads: 0,
      update_date: null,
    }),
    // portal preferences
    canSeePortalOnboarding: boolean(),
    canSeePortalZips: boolean(),
    canSeePortalRecipients: boolean(),
    // ratings
    lastRatingDate: timestamp({ withTimezone: true }),
    ratingCount: integer().notNull().default(0),
    averageRating: doublePrecision(),
    latestRating: doublePrecision(),
    ratingTrend: text(),
    // routing (ADR 62): leads stop until this day (the agent's calendar) and start again on it
    pausedUntil: date({ mode: 'string' }),
    /** Leads a month, set by the office or a superuser; null: no cap. */
    monthlyLeadCap: integer(),
    /** The agent's own cap, never above the office's. */
    ownMonthlyLeadCap: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Drawn anew by triggers with every change to what the agent record is read from: this row,
     * its group memberships and their groups, its corporate user (migration 0018; ADR 44). GET
     * /portal/me writes a record once for a stamp and answers it while the stamp is the same.
     * Random rather than a counter, so that no stamp comes back after a restore.
     */
    recordStamp: uuid().notNull().defaultRandom(),
    /**
     * What the console's agent search matches: names, e-mail, phone digits, URI and brokerage
     * (lower-cased).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(agent || ' ' || agent_first_name || ' ' || agent_last_name || ' ' || agent_email || ' ' || agent_uri || ' ' || regexp_replace(agent_phone, '[^0-9]', '', 'g') || ' ' || brokerage)`,
      ),
  },
  (t) => [
    uniqueIndex('agents_user_key').on(t.userId),
    // The console's search: substring matches through trigrams (pg_trgm, migration 0011).
    index('agents_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The console's sort orders, read backwards for descending (created_at desc, id desc).
    index('agents_created_idx').on(t.createdAt, t.id),
    index('agents_name_idx').on(sql`lower(${t.agentLastName})`, t.id),
    index('agents_email_idx').on(sql`lower(${t.agentEmail})`, t.id),
    index('agents_signup_status_idx').on(t.signupStatus, t.id),
    uniqueIndex('agents_uri_key').on(t.agentUri),
    index('agents_corporate_idx').on(t.corporateUserId),
    index('agents_status_idx').on(t.agentStatus, t.id),
    // fastupdate off: every lead rewrites its agent's row (statistics); with the pending list on,
    // ZIP lookups for routing slowed to a sequential scan (bench/leads.ts).
    index('agents_zipcodes_gin').using('gin', t.zipcodes).with({ fastupdate: false }),
  ],
);
export type AgentRow = typeof agents.$inferSelect;
