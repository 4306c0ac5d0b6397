import type { AgentStatus, SignupStatus } from '../constants';
import { canVisitSignupStep } from './signup';

/**
 * The access rules of SPEC.md section 2 ("Access guards") as one pure function.
 * The router calls it on every navigation; the server enforces the same limits on its API.
 */

export type GuardSession =
  | { kind: 'anonymous' }
  | { kind: 'recipient' }
  | {
      kind: 'user';
      userRole: string;
      isSuperuser: boolean;
      /** null when the user has no agent profile. */
      agent: {
        signupStatus: SignupStatus;
        /** Where the agent is after signup: only an agent still onboarding lands on /onboarding. */
        agentStatus?: AgentStatus;
        canSeeOnboarding: boolean;
        ratingRequired: boolean;
      } | null;
    };

export type GuardResult = { action: 'allow' } | { action: 'redirect'; to: string };

const allow: GuardResult = { action: 'allow' };
const redirect = (to: string): GuardResult => ({ action: 'redirect', to });

/** Pages anyone may open, signed in or not. */
const OPEN_PATTERNS = [
  /^\/thankyou$/,
  /^\/terms_of_service$/,
  /^\/verify-email\/[^/]+$/,
  // The invitation's link an agent's recipient confirms their address with.
  /^\/recipient\/confirm\/[^/]+$/,
  // The e-mailed link that creates an account: it signs in whoever opens it, like a magic link.
  /^\/signup\/confirm\/[^/]+$/,
  /^\/login\/magic\/[^/]+$/,
  /^\/login\/corporate\/[^/]+$/,
  /^\/sign\/[^/]+$/,
  /^\/verify-document$/,
];

/** Public pages meant for visitors who are not signed in. */
const GUEST_PATTERNS = [
  /^\/$/,
  /^\/login$/,
  /^\/recovery(\/[^/]+)?$/,
  /^\/[a-z]{2}\/recovery(\/[^/]+)?$/,
  /^\/signup$/,
  /^\/signup\/choose-password$/,
];

/**
 * The agent's own pages: its record, routing, service area, rating and the agents' FAQ (whose
 * answers lead to those pages). Only a user with an agent record has them; an office (corporate
 * user), a superuser without a record or any other user is sent home instead of a page that
 * could only say it is not theirs. Onboarding and signup are the agent's too (below).
 */
export const AGENT_ONLY_PAGES = [
  '/rating',
  '/zip',
  '/profile',
  '/profile-old',
  '/routing',
  '/resources/faq',
  '/billing',
] as const;

export const normalisePath = (path: string): string => {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
};

const matches = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export const isOpenPath = (path: string) => matches(OPEN_PATTERNS, normalisePath(path));
export const isPublicPath = (path: string) =>
  matches(OPEN_PATTERNS, normalisePath(path)) || matches(GUEST_PATTERNS, normalisePath(path));

/** Where a signed-in session belongs when it lands somewhere it should not be. */
export function homeFor(session: GuardSession): string {
  if (session.kind === 'anonymous') return '/login';
  if (session.kind === 'recipient') return '/leads';
  const { agent } = session;
  if (session.userRole === 'agent' && agent) {
    if (agent.signupStatus !== 'complete') return `/signup/${agent.signupStatus}`;
    // An agent past onboarding (active, or paused by the office) works leads: that is home.
    if (agent.agentStatus !== undefined && agent.agentStatus !== 'onboarding') return '/leads';
    return agent.canSeeOnboarding ? '/onboarding' : '/leads';
  }
  // A superuser runs the business from the console (DESIGN.md section 8).
  if (session.isSuperuser && !agent) return '/admin';
  return '/leads';
}

export function resolveRoute(rawPath: string, session: GuardSession): GuardResult {
  const path = normalisePath(rawPath);
  if (matches(OPEN_PATTERNS, path)) return allow;

  if (session.kind === 'anonymous') {
    return matches(GUEST_PATTERNS, path) ? allow : redirect('/login');
  }

  // Sign-in and sign-up pages are not for someone already signed in.
  if (matches(GUEST_PATTERNS, path)) return redirect(homeFor(session));

  if (session.kind === 'recipient') {
    // A recipient session is a limited portal: its leads and nothing else.
    return under(path, '/leads') ? allow : redirect('/leads');
  }

  // The console is for superusers only (the API answers 403 to anyone else).
  if (under(path, '/admin') && !session.isSuperuser) return redirect(homeFor(session));

  const { agent } = session;
  if (session.userRole !== 'agent' || !agent) {
    if (under(path, '/onboarding') || under(path, '/signup')) return redirect('/leads');
    if (AGENT_ONLY_PAGES.some((page) => under(path, page))) return redirect(homeFor(session));
    return allow;
  }

  if (agent.signupStatus !== 'complete') {
    const step = path.startsWith('/signup/') ? path.slice('/signup/'.length) : null;
    if (step && canVisitSignupStep(step, agent.signupStatus)) return allow;
    return redirect(`/signup/${agent.signupStatus}`);
  }

  if (under(path, '/signup')) return redirect(homeFor(session));
  if (under(path, '/onboarding') && !agent.canSeeOnboarding) return redirect('/leads');
  if (agent.ratingRequired && !under(path, '/rating') && !under(path, '/onboarding')) {
    return redirect('/rating');
  }
  return allow;
}
