// How the console names statuses, steps and routing decisions, and formats its figures.
import {
  AGENT_STATUS_TITLES,
  AGENT_STATUSES,
  type AgentStatus,
  SIGNUP_STATUS_TITLES,
  SIGNUP_STATUSES,
} from '@portal/shared';
import type { BadgeTone } from './status-badge';

export const AGENT_STATUS_LABELS = AGENT_STATUS_TITLES;

/** The wizard's step names as an agent sees them (the signup feature's titles, by status). */
export const SIGNUP_STATUS_LABELS = SIGNUP_STATUS_TITLES;

export const AGENT_STATUS_OPTIONS = AGENT_STATUSES.map((value) => ({
  value,
  label: AGENT_STATUS_LABELS[value],
}));
export const SIGNUP_STATUS_OPTIONS = SIGNUP_STATUSES.map((value) => ({
  value,
  label: SIGNUP_STATUS_LABELS[value],
}));

export const ROUTING_DECISION_LABELS: Record<string, string> = {
  assigned: 'Routed',
  unassigned: 'Unassigned',
  manual: 'Assigned by hand',
};

export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

export const AGENT_STATUS_TONE: Record<AgentStatus, BadgeTone> = {
  onboarding: 'info',
  active: 'success',
  inactive: 'neutral',
  suspended: 'warning',
  terminated: 'danger',
};

export const SECTION_STATUS_TONE: Record<string, BadgeTone> = {
  completed: 'success',
  in_progress: 'info',
  not_started: 'neutral',
};

export const SECTION_STATUS_LABELS: Record<string, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  not_started: 'Not started',
};
