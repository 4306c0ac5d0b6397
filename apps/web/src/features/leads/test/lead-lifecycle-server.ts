import {
  CONTACT_KINDS,
  type Lead,
  type LeadActivity,
  LeadActivityInputSchema,
  type LeadEvent,
  type LeadPatch,
  type LeadStage,
  statusOfStage,
} from '@portal/shared';
import { type Handler, json, type MockRequest } from '@/test/fetch-mock';
import { activityEvent } from '../api/log-activity';

/**
 * The lead's life after delivery in the fake leads API (leads-server.ts), as the contract in
 * packages/shared and DESIGN.md section 10 say: stage moves with their timeline events,
 * archiving's reason or hold, recipients' limits, and activities with their author.
 */

export interface Author {
  name: string;
  role: 'agent' | 'recipient';
}

export const AGENT_AUTHOR: Author = { name: 'Alex Agent', role: 'agent' };
export const RECIPIENT_AUTHOR: Author = { name: 'Riley Recipient', role: 'recipient' };

let sequence = 0;

const stageOf = (lead: Lead, patch: LeadPatch): LeadStage | undefined => {
  if (patch.stage) return patch.stage;
  if (patch.status === 'closed') return 'closed';
  if (patch.status === 'archived') return patch.hold_until ? 'on_hold' : 'lost';
  if (patch.status === 'active' && lead.status !== 'active') return 'pursuing';
  return undefined;
};

/**
 * Applies a PATCH's stage part to `lead`, answering the refusal the server would give, or the
 * timeline events the change writes. What is left of the patch (notes, next action, the
 * closing's figures) is the caller's to apply.
 */
export function applyStagePatch(
  lead: Lead,
  patch: LeadPatch,
  author: Author,
): { refused: Response } | { events: LeadEvent[] } {
  const stage = stageOf(lead, patch);
  // Leaving Under contract for anything but closed or lost says why the sale did not go through.
  const fellThrough =
    !!stage && stage !== lead.stage && lead.stage === 'contract' && stage !== 'closed' && stage !== 'lost';
  if (patch.did_not_close_reason !== undefined && !fellThrough) {
    return {
      refused: json(400, {
        detail:
          'A reason it did not close is given when a lead under contract moves back to an earlier stage or on hold.',
      }),
    };
  }
  if (!stage || stage === lead.stage) return { events: [] };
  if (author.role === 'recipient' && stage === 'closed') {
    return {
      refused: json(403, { detail: 'Only the agent can close a lead: ask them to record the sale.' }),
    };
  }
  if (author.role === 'recipient' && lead.status === 'closed') {
    return { refused: json(403, { detail: 'Only the agent can reopen a closed lead.' }) };
  }
  if (stage === 'lost' && !patch.lost_reason) {
    return { refused: json(400, { detail: 'Say why the lead was lost (lost_reason), or put it on hold.' }) };
  }
  if (stage === 'on_hold' && !patch.hold_until) {
    return { refused: json(400, { detail: 'Give the date the lead comes back (hold_until).' }) };
  }
  const didNotClose = patch.did_not_close_reason?.trim();
  if (fellThrough && !didNotClose) {
    return {
      refused: json(400, {
        detail:
          'This lead was under contract: say why it did not close (send did_not_close_reason), or archive it as lost with a reason.',
      }),
    };
  }
  const from = lead.stage;
  Object.assign(lead, {
    stage,
    status: statusOfStage(stage),
    lost_reason: stage === 'lost' ? (patch.lost_reason ?? null) : null,
    lost_reason_text: stage === 'lost' ? (patch.lost_reason_text ?? '') : '',
    hold_until: stage === 'on_hold' ? (patch.hold_until ?? null) : null,
  });
  sequence += 1;
  return {
    events: [
      {
        id: `stage-${sequence}`,
        kind: 'stage_change',
        actor_type: author.role === 'agent' ? 'user' : 'recipient',
        actor_name: author.name,
        details: {
          from,
          to: stage,
          ...(stage === 'lost'
            ? { lost_reason: patch.lost_reason, lost_reason_text: lead.lost_reason_text }
            : {}),
          ...(fellThrough ? { did_not_close_reason: didNotClose } : {}),
          ...(stage === 'on_hold' ? { hold_until: patch.hold_until } : {}),
        },
        created_at: new Date().toISOString(),
      },
    ],
  };
}

const leadIdOf = (request: MockRequest) => decodeURIComponent(request.path.split('?')[0]!.split('/')[5]!);

/**
 * POST /api/portal/me/leads/:id/activities: 201 with the activity; the lead's last activity,
 * first contact (a call, text or e-mail) and a new lead contacted moving to Pursuing.
 */
export function activitiesHandler(
  state: { leads: Lead[]; events: Map<string, LeadEvent[]>; activities?: LeadActivity[] },
  author: Author,
): Handler {
  return (request) => {
    const lead = state.leads.find((item) => item.id === leadIdOf(request));
    if (!lead) return json(404, { detail: 'Not found' });
    const parsed = LeadActivityInputSchema.safeParse(JSON.parse(request.body ?? '{}'));
    if (!parsed.success) return json(400, { detail: parsed.error.issues[0]!.message });
    sequence += 1;
    const now = new Date().toISOString();
    const activity: LeadActivity = {
      id: `activity-${sequence}`,
      kind: parsed.data.kind,
      outcome: parsed.data.outcome ?? null,
      body: parsed.data.body ?? '',
      author,
      created_at: now,
    };
    const events = state.events.get(lead.id) ?? [];
    events.push(activityEvent(activity));
    lead.last_activity_at = now;
    if (CONTACT_KINDS.includes(activity.kind) && !lead.first_contact_at) {
      lead.first_contact_at = now;
      lead.speed_to_contact_seconds = Math.round((Date.parse(now) - Date.parse(lead.created_at)) / 1000);
      if (lead.stage === 'new') {
        const moved = applyStagePatch(lead, { stage: 'pursuing' }, author);
        if ('events' in moved) events.push(...moved.events);
      }
    }
    state.events.set(lead.id, events);
    return json(201, activity);
  };
}
