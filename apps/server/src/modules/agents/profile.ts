import {
  type AgentProfilePatch,
  type AgentRecord,
  deriveOnboardingSteps,
  ERROR,
  nextSignupStatus,
  type SignupStatus,
  signupStepProblem,
} from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { type AgentRow, agents, onboardingCalls, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, forbidden } from '../../lib/errors';
import { loadAgentRecord } from './queries';
import { toAgentRecord } from './serialize';

/** API field name -> Drizzle column, for the fields that are stored as they come. */
const DIRECT: Partial<Record<keyof AgentProfilePatch, keyof AgentRow>> = {
  agent_first_name: 'agentFirstName',
  agent_last_name: 'agentLastName',
  agent_phone: 'agentPhone',
  mobile_device: 'mobileDevice',
  timezone: 'timezone',
  mailing_address: 'mailingAddress',
  brokerage: 'brokerage',
  broker_of_record: 'brokerOfRecord',
  ra_name: 'raName',
  ra_address: 'raAddress',
  has_real_estate_team: 'hasRealEstateTeam',
  real_estate_team_name: 'realEstateTeamName',
  licensed_states: 'licensedStates',
  has_eo_certificate: 'hasEoCertificate',
  policy_exp_date: 'policyExpDate',
  has_other_photos: 'hasOtherPhotos',
  google_business_profile_name: 'googleBusinessProfileName',
  gbp_link: 'gbpLink',
  google_ads_date: 'googleAdsDate',
  scripts_documents_confirm: 'scriptsDocumentsConfirm',
  sms_test: 'smsTest',
  email_test: 'emailTest',
  crm_email: 'crmEmail',
  located_in: 'locatedIn',
  airport: 'airport',
  video_photo_address: 'videoPhotoAddress',
  travel_notes: 'travelNotes',
  subagents: 'subagents',
  subagents_notes: 'subagentsNotes',
  fsbo: 'fsbo',
  expired: 'expired',
  divorced: 'divorced',
  recent_buyers: 'recentBuyers',
  absentee: 'absentee',
  high_sell_score: 'highSellScore',
  old_expired: 'oldExpired',
  inherited: 'inherited',
};

/** Steps only a signature completes (the e-signature module sets them). */
const SIGNATURE_STEPS = ['service_agreement', 'master_referral_agreement'] as const;

export async function hasBookedCall(db: Executor, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: onboardingCalls.id })
    .from(onboardingCalls)
    .where(and(eq(onboardingCalls.agentId, agentId), eq(onboardingCalls.status, 'booked')))
    .limit(1);
  return Boolean(row);
}

/**
 * PATCH /portal/me/agent_profile: applies the allowed fields, moves the signup status one step
 * at most (and only when the current step is done), recomputes the derived onboarding steps,
 * all in one transaction. Answers the updated record.
 */
export async function updateAgentProfile(
  db: Db,
  options: { userId: string; patch: AgentProfilePatch; ip?: string },
): Promise<AgentRecord> {
  const { patch } = options;
  await db.transaction(async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.userId, options.userId)).for('update');
    if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);

    const next: Partial<AgentRow> = {};
    for (const [field, column] of Object.entries(DIRECT) as [keyof AgentProfilePatch, keyof AgentRow][]) {
      if (patch[field] !== undefined) (next as Record<string, unknown>)[column] = patch[field];
    }
    if (patch.google) next.google = { ...agent.google, ...patch.google } as AgentRow['google'];
    if (patch.onboarding_steps) {
      const requested = { ...patch.onboarding_steps } as Record<string, unknown>;
      for (const step of SIGNATURE_STEPS) delete requested[step];
      next.onboardingSteps = { ...agent.onboardingSteps, ...requested } as AgentRow['onboardingSteps'];
    }
    const first = patch.agent_first_name ?? agent.agentFirstName;
    const last = patch.agent_last_name ?? agent.agentLastName;
    if (patch.agent_first_name !== undefined || patch.agent_last_name !== undefined) {
      next.agent = `${first} ${last}`.trim();
    }

    let merged = { ...agent, ...next } as AgentRow;
    if (patch.signup_status !== undefined && patch.signup_status !== agent.signupStatus) {
      const current = agent.signupStatus as SignupStatus;
      if (patch.signup_status !== nextSignupStatus(current)) {
        throw badRequest(
          `Finish this step first: you are at "${current}" and cannot go to "${patch.signup_status}".`,
        );
      }
      const problem = signupStepProblem(current, {
        ...toAgentRecord(merged),
        zoom_booked: current === 'zoom' ? await hasBookedCall(tx, agent.id) : false,
      });
      if (problem) throw badRequest(problem);
      next.signupStatus = patch.signup_status;
      merged = { ...merged, signupStatus: patch.signup_status };
    }

    next.onboardingSteps = deriveOnboardingSteps(toAgentRecord(merged)) as AgentRow['onboardingSteps'];
    await tx
      .update(agents)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(agents.id, agent.id));
    if (patch.agent_first_name !== undefined || patch.agent_last_name !== undefined) {
      await tx
        .update(users)
        .set({ name: `${first} ${last}`.trim(), updatedAt: sql`now()` })
        .where(eq(users.id, options.userId));
    }
    await audit(tx, {
      action: 'agent_profile_update',
      actorId: options.userId,
      targetType: 'agent',
      targetId: agent.id,
      details: { fields: Object.keys(patch) },
      ip: options.ip,
    });
  });
  return (await loadAgentRecord(db, options.userId))!;
}
