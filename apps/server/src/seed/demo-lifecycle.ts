import { ACTIVE_STAGES, type ActivityKind, type ActivityOutcome, type LeadStage } from '@portal/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { leadActivities, leadEvents, leads } from '../db/schema';

/**
 * The demo leads' lives after delivery (ADR 60): stages across the pipeline, next actions
 * overdue, due today and later, first contacts and the activities that made them, a few by the
 * agent's team member, so the work queue, the board and the timelines have something to show.
 * Derived from each lead's place in its list, so every seed is the same.
 */
export interface DemoAuthor {
  userId: string;
  name: string;
  /** The agent's team member, who logs some of the calls (a recipient). */
  teamMember?: string;
}

type LeadFields = Partial<PgInsertValue<typeof leads>>;

const minutesAfter = (createdAt: SQL, minutes: number) =>
  sql`${createdAt} + make_interval(mins => ${minutes})`;

/** An active lead's stage: the first of each agent's leads is new and waits for its first call. */
const activeStage = (index: number): LeadStage => ACTIVE_STAGES[index % ACTIVE_STAGES.length]!;

/** Overdue, due later today, or in a few days, in turn. */
function nextAction(index: number): LeadFields {
  const when = [
    sql`now() - interval '1 day'`,
    sql`now() + interval '2 hours'`,
    sql`now() + interval '3 days'`,
  ][index % 3]!;
  const what = ['Call back about the price', 'Confirm the walkthrough', 'Send the market report'][index % 3]!;
  return { nextActionAt: when, nextAction: what };
}

/** The stage and its fields for a lead of the given status, the `index`th of its agent's. */
export function demoStage(
  index: number,
  status: 'active' | 'archived' | 'closed',
  createdAt: SQL,
): LeadFields {
  const stage: LeadStage =
    status === 'closed'
      ? 'closed'
      : status === 'archived'
        ? Math.floor(index / 4) % 2
          ? 'on_hold'
          : 'lost'
        : activeStage(index);
  const contacted = stage !== 'new';
  // How far it has gone (the scorecard's appointment and listing rates, ADR 62): a day apart.
  const reached = (stages: readonly LeadStage[], days: number) =>
    stages.includes(stage) ? minutesAfter(createdAt, days * 24 * 60) : null;
  return {
    stage,
    // The agent had it from its arrival, with offers off: accepted at once.
    assignedAt: createdAt,
    acceptedAt: createdAt,
    reachedScheduledAt: reached(['scheduled', 'valuation', 'listed', 'contract', 'closed'], 2),
    reachedListedAt: reached(['listed', 'contract', 'closed'], 4),
    ...(stage === 'lost' ? { lostReason: 'not_selling' as const } : {}),
    ...(stage === 'on_hold' ? { holdUntil: sql`(now() + interval '2 months')::date` } : {}),
    ...(status === 'active' && contacted ? nextAction(index) : {}),
    ...(contacted
      ? {
          firstContactAt: minutesAfter(createdAt, 12 + index * 7),
          openedAt: minutesAfter(createdAt, 5 + index),
        }
      : {}),
  };
}

interface DemoActivity {
  kind: ActivityKind;
  outcome?: ActivityOutcome;
  body: string;
  afterMinutes: number;
  byTeamMember?: boolean;
}

/** The calls and notes behind a contacted lead's first contact and stage. */
function activitiesFor(index: number, stage: LeadStage): DemoActivity[] {
  if (stage === 'new') return [];
  const first = 12 + index * 7;
  const list: DemoActivity[] = [
    { kind: 'call', outcome: 'no_answer', body: '', afterMinutes: first },
    {
      kind: 'text',
      outcome: 'spoke',
      body: 'Replied: free to talk tomorrow evening.',
      afterMinutes: first + 30,
    },
    {
      kind: 'call',
      outcome: 'spoke',
      body: 'Open to selling this year; wants a price opinion first.',
      afterMinutes: first + 60 * 24,
      byTeamMember: index % 3 === 1,
    },
  ];
  if (stage !== 'pursuing' && stage !== 'lost') {
    list.push({
      kind: 'meeting',
      body: 'Walked the house; kitchen needs work.',
      afterMinutes: first + 60 * 72,
    });
  }
  if (stage === 'lost')
    list.push({ kind: 'note', body: 'Decided to stay put.', afterMinutes: first + 60 * 96 });
  return list;
}

/** Writes a demo lead's activities, and the stage moves they made, on its timeline. */
export async function seedDemoActivities(
  tx: Executor,
  lead: { id: string; stage: LeadStage },
  index: number,
  createdAt: SQL,
  author: DemoAuthor,
): Promise<void> {
  const activities = activitiesFor(index, lead.stage);
  if (activities.length === 0) return;
  await tx.insert(leadActivities).values(
    activities.map((activity) => {
      const byTeam = activity.byTeamMember && author.teamMember;
      return {
        leadId: lead.id,
        kind: activity.kind,
        outcome: activity.outcome,
        body: activity.body,
        actorType: byTeam ? ('recipient' as const) : ('user' as const),
        actorId: byTeam ? null : author.userId,
        actorName: byTeam ? author.teamMember! : author.name,
        createdAt: minutesAfter(createdAt, activity.afterMinutes),
      };
    }),
  );
  const last = activities.at(-1)!.afterMinutes;
  await tx
    .update(leads)
    .set({ lastActivityAt: minutesAfter(createdAt, last) })
    .where(eq(leads.id, lead.id));
  const by = { actorType: 'user' as const, actorId: author.userId, actorName: author.name };
  const moves: { from: LeadStage; to: LeadStage; at: number }[] = [
    { from: 'new', to: 'pursuing', at: activities[0]!.afterMinutes },
  ];
  // Then on to the stage it is in (a closed lead's figures are on the lead itself).
  if (lead.stage !== 'pursuing' && lead.stage !== 'closed')
    moves.push({ from: 'pursuing', to: lead.stage, at: last });
  await tx.insert(leadEvents).values(
    moves.map((move) => ({
      leadId: lead.id,
      kind: 'stage_change',
      ...by,
      details: {
        from: move.from,
        to: move.to,
        ...(move.to === 'lost' ? { lost_reason: 'not_selling', lost_reason_text: '' } : {}),
      },
      createdAt: minutesAfter(createdAt, move.at),
    })),
  );
}
