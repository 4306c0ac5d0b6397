import { displayTimeZone, ERROR, formatPhone, type OnboardingCall } from '@portal/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { onboardingCalls, type UserRow } from '../../db/schema';
import { onboardingCallEmail } from '../../emails/signup';
import { audit } from '../../lib/audit';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { throttleSending } from '../../lib/rate-limit';
import { findAgentByUserId } from '../agents/queries';
import { callInvitation, callSlots } from './slots';

async function agentOf(deps: AppDeps, user: UserRow) {
  const agent = await findAgentByUserId(deps.database.db, user.id);
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  return agent;
}

const rules = (deps: AppDeps) => deps.config.onboardingCalls;

export async function listSlots(deps: AppDeps, user: UserRow, now = new Date()) {
  const agent = await agentOf(deps, user);
  const taken = await deps.database.db
    .select({ startsAt: onboardingCalls.startsAt })
    .from(onboardingCalls)
    .where(and(eq(onboardingCalls.status, 'booked'), gte(onboardingCalls.startsAt, now)));
  const busy = new Set(taken.map((t) => t.startsAt.toISOString()));
  return {
    timezone: displayTimeZone(agent.timezone),
    slots: callSlots(now, rules(deps)).filter((slot) => !busy.has(slot.starts_at)),
  };
}

const toCall = (deps: AppDeps, row: typeof onboardingCalls.$inferSelect): OnboardingCall => ({
  id: row.id,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  timezone: row.timezone,
  join_url: rules(deps).link ?? null,
});

export async function currentCall(deps: AppDeps, user: UserRow): Promise<OnboardingCall | null> {
  const agent = await agentOf(deps, user);
  const [row] = await deps.database.db
    .select()
    .from(onboardingCalls)
    .where(and(eq(onboardingCalls.agentId, agent.id), eq(onboardingCalls.status, 'booked')))
    .orderBy(desc(onboardingCalls.createdAt))
    .limit(1);
  return row ? toCall(deps, row) : null;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

function describeWhen(startsAt: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(startsAt));
}

/** Books (or moves) the agent's onboarding call and e-mails the invitation with an .ics file. */
export async function bookCall(
  deps: AppDeps,
  user: UserRow,
  startsAt: string,
  now = new Date(),
): Promise<OnboardingCall> {
  const agent = await agentOf(deps, user);
  const wanted = new Date(startsAt).toISOString();
  const slot = callSlots(now, rules(deps)).find((s) => s.starts_at === wanted);
  if (!slot) throw badRequest('That time is not offered. Choose one of the times shown.');
  const timezone = displayTimeZone(agent.timezone);
  const when = describeWhen(slot.starts_at, timezone);
  const link = rules(deps).link;
  const phone = formatPhone(agent.agentPhone);
  const where = link ?? `The office will phone you${phone ? ` at ${phone}` : ''}.`;
  const to = agent.agentEmail || user.email;
  // Each booking e-mails an invitation: a person clicking through times cannot flood an inbox.
  const limit = deps.config.rateLimits.callBooking;
  await throttleSending(
    deps.database.db,
    'onboarding-call',
    { account: user.id, target: to },
    {
      perAccount: limit,
      perTarget: limit,
    },
  );
  const email = await onboardingCallEmail({
    firstName: agent.agentFirstName,
    startsAt: new Date(slot.starts_at),
    timezone,
    when,
    joinUrl: link,
    agentPhone: agent.agentPhone,
  });

  let booked: typeof onboardingCalls.$inferSelect;
  try {
    booked = await deps.database.db.transaction(async (tx) => {
      await tx
        .update(onboardingCalls)
        .set({ status: 'cancelled', cancelledAt: sql`now()` })
        .where(and(eq(onboardingCalls.agentId, agent.id), eq(onboardingCalls.status, 'booked')));
      const [row] = await tx
        .insert(onboardingCalls)
        .values({
          agentId: agent.id,
          startsAt: new Date(slot.starts_at),
          endsAt: new Date(slot.ends_at),
          timezone,
        })
        .returning();
      const description = `Your onboarding call: we go through your profile, service area and lead routing, and answer your questions. ${where}`;
      const ics = await callInvitation({
        uid: row!.id,
        startsAt: slot.starts_at,
        endsAt: slot.ends_at,
        organizerEmail: deps.config.officeEmail,
        attendeeEmail: to,
        attendeeName: agent.agent,
        location: link ?? 'Phone call',
        description,
        now,
      });
      await addEmail(tx, deps.config, {
        to,
        ...email,
        attachments: [
          {
            filename: 'onboarding-call.ics',
            contentType: 'text/calendar; method=REQUEST',
            content: Buffer.from(ics).toString('base64'),
          },
        ],
      });
      await audit(tx, {
        action: 'onboarding_call_booked',
        actorId: user.id,
        targetType: 'agent',
        targetId: agent.id,
        details: { starts_at: slot.starts_at },
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'That time was just taken. Please choose another.');
    throw error;
  }
  dispatch(deps.queue);
  return toCall(deps, booked);
}

export async function cancelCall(deps: AppDeps, user: UserRow): Promise<void> {
  const agent = await agentOf(deps, user);
  await deps.database.db
    .update(onboardingCalls)
    .set({ status: 'cancelled', cancelledAt: sql`now()` })
    .where(and(eq(onboardingCalls.agentId, agent.id), eq(onboardingCalls.status, 'booked')));
}
