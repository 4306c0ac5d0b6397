import { type AgentCapacity, type AgentRecord, OnboardingStepsSchema, type User } from '@portal/shared';
import type { AgentRow, UserRow } from '../../db/schema';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    is_active: row.isActive,
    is_verified: row.isVerified,
    is_superuser: row.isSuperuser,
    is_team_member: row.isTeamMember,
    is_agent: row.isAgent,
    user_role: row.userRole as User['user_role'],
    permissions: row.permissions,
    preferences: row.preferences,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface AgentExtras {
  groupMemberships?: AgentRecord['group_memberships'];
  corporateAffiliation?: AgentRecord['corporate_affiliation'];
  /**
   * Pause and caps as routing reads them, with this month's leads (`agentCapacity`): what a
   * record answered to a reader carries. Without it, the row's pause and caps and no count.
   */
  capacity?: AgentCapacity;
}

/** The agent row as the API names it (SPEC.md section 3). */
export function toAgentRecord(row: AgentRow, extras: AgentExtras = {}): AgentRecord {
  return {
    id: row.id,
    agentID: row.agentNumber,
    supabaseId: row.supabaseId,
    wp_id: row.wpId,
    agent: row.agent,
    agent_first_name: row.agentFirstName,
    agent_last_name: row.agentLastName,
    agent_uri: row.agentUri,
    agent_email: row.agentEmail,
    agent_phone: row.agentPhone,
    brokerage: row.brokerage,
    created_by_id: row.createdById,
    created_by_name: row.createdByName,
    corporate_user_id: row.corporateUserId,
    // The affiliation's name comes from the corporate user itself, not from free text.
    corporate_user_name:
      extras.corporateAffiliation !== undefined
        ? (extras.corporateAffiliation?.name ?? null)
        : row.corporateUserName,
    user: row.userInfo ?? null,
    corporate_user: row.corporateUserInfo ?? null,
    crm_email: row.crmEmail,
    located_in: row.locatedIn,
    airport: row.airport,
    location_confirmed: row.locationConfirmed,
    video_photo_address: row.videoPhotoAddress,
    travel_notes: row.travelNotes,
    mobile_device: row.mobileDevice as AgentRecord['mobile_device'],
    timezone: row.timezone as AgentRecord['timezone'],
    mailing_address: (row.mailingAddress as AgentRecord['mailing_address']) ?? null,
    licensed_states: row.licensedStates ?? null,
    recipients: row.recipients,
    sms_test: row.smsTest as AgentRecord['sms_test'],
    email_test: row.emailTest as AgentRecord['email_test'],
    has_real_estate_team: row.hasRealEstateTeam as AgentRecord['has_real_estate_team'],
    real_estate_team_name: row.realEstateTeamName,
    brokerage_logo_urls: row.brokerageLogoUrls,
    team_logo_urls: row.teamLogoUrls,
    service_area_name: row.serviceAreaName,
    counties: row.counties,
    states: row.states,
    states_serviced: row.statesServiced,
    excluded_cities: row.excludedCities ?? null,
    excluded_zips: row.excludedZips,
    zipcodes: row.zipcodes,
    agent_headshots_urls: row.agentHeadshotsUrls,
    has_other_photos: row.hasOtherPhotos as AgentRecord['has_other_photos'],
    other_photos_urls: row.otherPhotosUrls,
    has_eo_certificate: row.hasEoCertificate as AgentRecord['has_eo_certificate'],
    eo_certificate: row.eoCertificate,
    policy_exp_date: row.policyExpDate,
    videos_fsbo_urls: row.videosFsboUrls,
    videos_others_urls: row.videosOthersUrls,
    agent_image_cover_url: row.agentImageCoverUrl,
    agent_image_profile_url: row.agentImageProfileUrl,
    agent_image_coffee_url: row.agentImageCoffeeUrl,
    google: row.google as AgentRecord['google'],
    google_business_profile_name: row.googleBusinessProfileName,
    google_notes: row.googleNotes,
    gbp_link: row.gbpLink,
    google_sheet_id: row.googleSheetId,
    google_ads_date: row.googleAdsDate,
    scripts_documents_confirm: row.scriptsDocumentsConfirm,
    dial_out_num: row.dialOutNum,
    dial_out_num_seller: row.dialOutNumSeller,
    agent_tracking_phone_number: row.agentTrackingPhoneNumber,
    additional_tracking_phone_numbers: row.additionalTrackingPhoneNumbers,
    agent_call_notes: row.agentCallNotes,
    total_closings: row.totalClosings,
    total_gross_commission_earned: row.totalGrossCommissionEarned,
    total_fees_paid: row.totalFeesPaid,
    total_ad_spend: row.totalAdSpend,
    deposit_amount_paid: row.depositAmountPaid,
    refund: row.refund,
    // Steps added after a row was written read as not done.
    onboarding_steps: OnboardingStepsSchema.parse(row.onboardingSteps ?? {}),
    onboarding_completed_override: row.onboardingCompletedOverride,
    sign_up_date: iso(row.signUpDate),
    onboarding_date: iso(row.onboardingDate),
    agent_status: row.agentStatus as AgentRecord['agent_status'],
    signup_status: row.signupStatus as AgentRecord['signup_status'],
    ...nichesOf(row),
    subagents: row.subagents,
    subagents_notes: row.subagentsNotes,
    broker_of_record: (row.brokerOfRecord as AgentRecord['broker_of_record']) ?? null,
    ra_name: row.raName,
    ra_address: row.raAddress,
    master_document: row.masterDocument ?? null,
    service_document: row.serviceDocument ?? null,
    service_document_areas: row.serviceDocumentAreas,
    access_code: row.accessCode,
    answer_rate: row.answerRate,
    leads_count: row.leadsCount as AgentRecord['leads_count'],
    can_see_portal_onboarding: row.canSeePortalOnboarding,
    can_see_portal_zips: row.canSeePortalZips,
    can_see_portal_recipients: row.canSeePortalRecipients,
    group_memberships: extras.groupMemberships ?? [],
    corporate_affiliation: extras.corporateAffiliation ?? null,
    last_rating_date: iso(row.lastRatingDate),
    rating_count: row.ratingCount,
    average_rating: row.averageRating,
    latest_rating: row.latestRating,
    rating_trend: row.ratingTrend as AgentRecord['rating_trend'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(extras.capacity ?? {
      paused_until: row.pausedUntil,
      monthly_lead_cap: row.monthlyLeadCap,
      own_monthly_lead_cap: row.ownMonthlyLeadCap,
      leads_this_month: 0,
    }),
  };
}

/** The agent's niche switches (lead type -> on/off), as the record and the routing rule read them. */
export function nichesOf(row: {
  fsbo: boolean;
  expired: boolean;
  divorced: boolean;
  recentBuyers: boolean;
  absentee: boolean;
  highSellScore: boolean;
  oldExpired: boolean;
  inherited: boolean;
}) {
  return {
    fsbo: row.fsbo,
    expired: row.expired,
    divorced: row.divorced,
    recent_buyers: row.recentBuyers,
    absentee: row.absentee,
    high_sell_score: row.highSellScore,
    old_expired: row.oldExpired,
    inherited: row.inherited,
  };
}
