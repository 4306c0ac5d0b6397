import {
  type AgentProfilePatch,
  type AgentRecord,
  deriveOnboardingSteps,
  ERROR,
  nextSignupStatus,
  ownCapProblem,
  pauseProblem,
  type SignupStatus,
  signupStepProblem,
  stepMarkProblem,
  UNMARKABLE_STEPS,
} from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { type AgentRow, agents, onboardingCalls, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, forbidden } from '../../lib/errors';
import { serviceAreaChanges } from '../geo/service-area';
import { agentToday } from '../leads/capacity';
import { loadAgentRecord } from './queries';
import { toAgentRecord } from './serialize';
import { activateIfOnboardingComplete } from './status';
import { portalVisible } from './visibility';

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

export const ONBOARDING_MANAGED_BY_OFFICE =
  'Your onboarding is managed by your office. Please contact them to change it.';

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
  options: { userId: string; patch: AgentProfilePatch; ip?: string; officeZone?: string },
): Promise<AgentRecord> {
  const { patch } = options;
  await db.transaction(async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.userId, options.userId)).for('update');
    if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);

    const next: Partial<AgentRow> = {};
    for (const [field, column] of Object.entries(DIRECT) as [keyof AgentProfilePatch, keyof AgentRow][]) {
      if (patch[field] !== undefined) (next as Record<string, unknown>)[column] = patch[field];
    }
    // Pause and the agent's own cap (ADR 62): a pause ends on a day after today, within a year;
    // the own cap is never above the office's.
    if (patch.paused_until !== undefined) {
      const today = agentToday(patch.timezone ?? agent.timezone, options.officeZone);
      const problem = patch.paused_until === null ? null : pauseProblem(patch.paused_until, today);
      if (problem) throw badRequest(problem);
      next.pausedUntil = patch.paused_until;
    }
    if (patch.own_monthly_lead_cap !== undefined) {
      const problem = ownCapProblem(patch.own_monthly_lead_cap, agent.monthlyLeadCap);
      if (problem) throw badRequest(problem);
      next.ownMonthlyLeadCap = patch.own_monthly_lead_cap;
    }
    // Service-area fields are checked against the ZIP dataset and normalised together (ADR 12).
    Object.assign(next, await serviceAreaChanges(tx, agent, patch));
    if (patch.google) next.google = { ...agent.google, ...patch.google } as AgentRow['google'];
    if (patch.onboarding_steps) {
      // An office that runs its agents' onboarding hides it from them, here too (SPEC.md section 6).
      const [owner] = await tx
        .select({ userRole: users.userRole })
        .from(users)
        .where(eq(users.id, options.userId));
      if (!(await portalVisible(tx, agent, owner?.userRole ?? 'agent', 'can_see_portal_onboarding'))) {
        throw forbidden(ONBOARDING_MANAGED_BY_OFFICE);
      }
      const requested = patch.onboarding_steps as Record<string, unknown>;
      const record = toAgentRecord({ ...agent, ...next } as AgentRow);
      for (const [step, value] of Object.entries(requested)) {
        const marking = value === true || (typeof value === 'string' && value !== '' && value !== 'false');
        const problem = UNMARKABLE_STEPS.includes(step) || marking ? stepMarkProblem(step, record) : null;
        if (problem) throw badRequest(problem);
      }
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

    // A confirmed step whose data this change removed is no longer done (the last licence or ZIP).
    const steps = { ...merged.onboardingSteps } as Record<string, unknown>;
    if (patch.licensed_states !== undefined && (merged.licensedStates ?? []).length === 0) {
      steps.licenses_details = false;
    }
    if (next.zipcodes !== undefined && merged.zipcodes.length === 0) steps.service_area = false;
    merged = { ...merged, onboardingSteps: steps as AgentRow['onboardingSteps'] };
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
    await activateIfOnboardingComplete(tx, agent.id);
    await audit(tx, {
      action: 'agent_profile_update',
      actorId: options.userId,
      targetType: 'agent',
      targetId: agent.id,
      details: { fields: Object.keys(patch) },
      ip: options.ip,
    });
  });
  return (await loadAgentRecord(db, options.userId, { officeZone: options.officeZone }))!;
}
