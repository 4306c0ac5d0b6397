import { describe, expect, it } from 'vitest';
import type { AgentStatus } from '../constants';
import { type GuardSession, resolveRoute } from './guards';

const anonymous: GuardSession = { kind: 'anonymous' };
const recipient: GuardSession = { kind: 'recipient' };
const agentAt = (
  signupStatus: Parameters<typeof resolveRoute>[1] extends never ? never : string,
  extra: { canSeeOnboarding?: boolean; ratingRequired?: boolean; agentStatus?: AgentStatus } = {},
): GuardSession => ({
  kind: 'user',
  userRole: 'agent',
  isSuperuser: false,
  agent: {
    signupStatus: signupStatus as never,
    ...(extra.agentStatus ? { agentStatus: extra.agentStatus } : {}),
    canSeeOnboarding: extra.canSeeOnboarding ?? true,
    ratingRequired: extra.ratingRequired ?? false,
  },
});
const corporate: GuardSession = { kind: 'user', userRole: 'corporate', isSuperuser: false, agent: null };
const superuser: GuardSession = { kind: 'user', userRole: 'superuser', isSuperuser: true, agent: null };
const noProfile: GuardSession = { kind: 'user', userRole: 'agent', isSuperuser: false, agent: null };

const go = (path: string, session: GuardSession) => {
  const result = resolveRoute(path, session);
  return result.action === 'allow' ? 'allow' : result.to;
};

describe('public pages', () => {
  it.each([
    '/login',
    '/recovery',
    '/recovery/abc.def.ghi',
    '/es/recovery',
    '/en/recovery/abc',
    '/thankyou',
    '/verify-email/abc.def.ghi',
    '/recipient/confirm/abc.def.ghi',
    '/login/magic/abc.def.ghi',
    '/signup',
    '/signup/choose-password',
    '/',
    '/terms_of_service',
  ])('%s is open without signing in', (path) => {
    expect(go(path, anonymous)).toBe('allow');
  });

  it.each([
    '/leads',
    '/onboarding',
    '/profile/broker',
    '/signup/mailingAddress',
    '/rating',
    '/zip',
    '/dev/mailbox',
  ])('every other page (%s) sends a visitor to /login', (path) => {
    expect(go(path, anonymous)).toBe('/login');
  });
});

describe('an agent whose signup is not complete', () => {
  it('goes to /signup/<status> from any other page', () => {
    expect(go('/leads', agentAt('sms'))).toBe('/signup/sms');
    expect(go('/onboarding', agentAt('mailingAddress'))).toBe('/signup/mailingAddress');
    expect(go('/', agentAt('timezone'))).toBe('/signup/timezone');
    expect(go('/login', agentAt('timezone'))).toBe('/signup/timezone');
  });

  it('may open the current step and revisit earlier ones, not skip ahead', () => {
    expect(go('/signup/sms', agentAt('sms'))).toBe('allow');
    expect(go('/signup/timezone', agentAt('sms'))).toBe('allow');
    expect(go('/signup/personalInfo', agentAt('sms'))).toBe('allow');
    expect(go('/signup/countdown', agentAt('sms'))).toBe('/signup/sms');
    expect(go('/signup/personalInfo', agentAt('mailingAddress'))).toBe('allow');
    expect(go('/signup/nonsense', agentAt('sms'))).toBe('/signup/sms');
  });

  it('still reaches the pages open to everyone', () => {
    expect(go('/terms_of_service', agentAt('sms'))).toBe('allow');
    expect(go('/verify-email/abc', agentAt('sms'))).toBe('allow');
  });
});

describe('an agent whose signup is complete', () => {
  it('goes from /signup and / to /onboarding', () => {
    expect(go('/signup', agentAt('complete'))).toBe('/onboarding');
    expect(go('/signup/sms', agentAt('complete'))).toBe('/onboarding');
    expect(go('/', agentAt('complete'))).toBe('/onboarding');
  });

  it('lands on /leads once past onboarding (active, inactive, suspended), and may still open /onboarding', () => {
    for (const agentStatus of ['active', 'inactive', 'suspended'] as const) {
      const working = agentAt('complete', { agentStatus });
      expect(go('/', working)).toBe('/leads');
      expect(go('/signup', working)).toBe('/leads');
      expect(go('/login', working)).toBe('/leads');
      expect(go('/onboarding', working)).toBe('allow');
    }
    expect(go('/', agentAt('complete', { agentStatus: 'onboarding' }))).toBe('/onboarding');
  });

  it('goes to /leads instead when it may not see onboarding, and /onboarding sends it there too', () => {
    const hidden = agentAt('complete', { canSeeOnboarding: false });
    expect(go('/signup', hidden)).toBe('/leads');
    expect(go('/', hidden)).toBe('/leads');
    expect(go('/onboarding', hidden)).toBe('/leads');
    expect(go('/onboarding/start/my_team', hidden)).toBe('/leads');
  });

  it('opens dashboard pages', () => {
    for (const path of [
      '/leads',
      '/onboarding/media/headshots',
      '/profile',
      '/routing/crm',
      '/zip',
      '/resources/faq',
    ]) {
      expect(go(path, agentAt('complete'))).toBe('allow');
    }
  });

  it('is sent to /rating when a rating is due, except on rating, signup and onboarding pages', () => {
    const due = agentAt('complete', { ratingRequired: true });
    expect(go('/leads', due)).toBe('/rating');
    expect(go('/profile', due)).toBe('/rating');
    expect(go('/rating', due)).toBe('allow');
    expect(go('/onboarding', due)).toBe('allow');
    expect(go('/signup', due)).toBe('/onboarding');
  });
});

describe('corporate and recipient sessions', () => {
  it('go from /, /onboarding and /signup to /leads', () => {
    for (const session of [corporate, recipient]) {
      expect(go('/', session)).toBe('/leads');
      expect(go('/onboarding', session)).toBe('/leads');
      expect(go('/signup', session)).toBe('/leads');
      expect(go('/signup/sms', session)).toBe('/leads');
    }
  });

  it('a recipient session is limited to its leads', () => {
    expect(go('/leads', recipient)).toBe('allow');
    expect(go('/profile', recipient)).toBe('/leads');
    expect(go('/routing', recipient)).toBe('/leads');
  });
});

describe('agent-only pages', () => {
  const AGENT_ONLY = [
    '/rating',
    '/zip',
    '/profile',
    '/profile/team',
    '/profile-old',
    '/routing',
    '/routing/crm',
    '/resources/faq',
    '/onboarding',
    '/onboarding/start/introduction',
    '/signup/sms',
  ];

  it('send an office (corporate user) to its dashboard on /leads', () => {
    for (const path of AGENT_ONLY) expect(go(path, corporate), path).toBe('/leads');
  });

  it('send a superuser without an agent record to the console, and a user without one to /leads', () => {
    for (const path of AGENT_ONLY.filter((p) => !p.startsWith('/onboarding') && !p.startsWith('/signup'))) {
      expect(go(path, superuser), path).toBe('/admin');
      expect(go(path, noProfile), path).toBe('/leads');
    }
  });

  it('leave the pages every signed-in user has', () => {
    for (const path of ['/leads', '/leads?view=groups', '/account/password']) {
      expect(go(path, corporate), path).toBe('allow');
    }
    expect(go('/zipcodes', corporate)).toBe('allow');
  });
});

describe('users without an agent profile and any other user', () => {
  it('go from / to /leads', () => {
    expect(go('/', noProfile)).toBe('/leads');
    expect(go('/', corporate)).toBe('/leads');
  });

  it('a superuser lands on the console and reaches the dev mailbox', () => {
    expect(go('/', superuser)).toBe('/admin');
    expect(go('/login', superuser)).toBe('/admin');
    expect(go('/admin/agents', superuser)).toBe('allow');
    expect(go('/dev/mailbox', superuser)).toBe('allow');
  });

  it('keeps everyone else out of the console', () => {
    expect(go('/admin', corporate)).toBe('/leads');
    expect(go('/admin/agents', noProfile)).toBe('/leads');
    expect(go('/admin', recipient)).toBe('/leads');
    expect(go('/admin', anonymous)).toBe('/login');
  });
});

it('ignores query strings and trailing slashes', () => {
  expect(go('/leads/?page=2', anonymous)).toBe('/login');
  expect(go('/login?next=/leads', anonymous)).toBe('allow');
});
