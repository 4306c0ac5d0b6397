import type { LeadActivity, LeadActivityInput, LeadDetail, LeadEvent } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { leadDetailQueryKey } from './get-lead';
import { leadStatsQueryKey } from './get-lead-stats';
import { leadsListQueryKey } from './get-leads';

/** POST /portal/me/leads/:id/activities: a call, text, e-mail, meeting or note, by whoever is signed in. */
export const logActivity = (leadId: string, activity: LeadActivityInput) =>
  api.post<LeadActivity>(`/portal/me/leads/${encodeURIComponent(leadId)}/activities`, activity);

/** The activity as the lead's timeline carries it (GET /portal/me/leads/:id `events`). */
export function activityEvent(activity: LeadActivity): LeadEvent {
  return {
    id: `activity-${activity.id}`,
    kind: 'activity',
    actor_type: activity.author.role === 'agent' ? 'user' : 'recipient',
    actor_name: activity.author.name,
    details: {
      activity_id: activity.id,
      kind: activity.kind,
      outcome: activity.outcome,
      body: activity.body,
      author_role: activity.author.role,
    },
    created_at: activity.created_at,
  };
}

export interface ActivityLog {
  leadId: string;
  activity: LeadActivityInput;
}

export function useLogActivity() {
  const queryClient = useQueryClient();
  const signedInAgent = useAuth().status === 'user';
  return useMutation({
    mutationFn: ({ leadId, activity }: ActivityLog) => logActivity(leadId, activity),
    onSuccess: (activity, { leadId }) => {
      // The thread shows it at once; the lead is then fetched again for its first contact, its
      // stage (a new lead contacted is being pursued) and the lists' last activity.
      queryClient.setQueryData<LeadDetail>(leadDetailQueryKey(leadId), (lead) =>
        lead
          ? {
              ...lead,
              last_activity_at: activity.created_at,
              events: [...lead.events, activityEvent(activity)],
            }
          : lead,
      );
      const refreshes = [
        queryClient.invalidateQueries({ queryKey: leadDetailQueryKey(leadId) }),
        queryClient.invalidateQueries({ queryKey: leadsListQueryKey }),
      ];
      if (signedInAgent) refreshes.push(queryClient.invalidateQueries({ queryKey: leadStatsQueryKey }));
      return Promise.all(refreshes);
    },
  });
}
