import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionsOf, auditSentence, auditSentenceParts } from './audit-actions';

const entry = {
  action: 'promote_manager',
  actor_id: 'u1',
  actor_email: 'dana@office.test',
  actor_name: 'Dana Reyes',
  target_type: 'group',
  target_id: 'g1',
  target_name: 'Summit Realty West',
  details: { agent_id: 'a1', agent_name: 'Alicia Alvarez' },
};

describe('the audit log in words', () => {
  it('reads a promotion with its names, and links them by type and id', () => {
    expect(auditSentence(entry)).toBe('Dana Reyes promoted Alicia Alvarez to manager of Summit Realty West');
    expect(auditSentenceParts(entry)).toEqual([
      { ref: { type: 'user', id: 'u1', name: 'Dana Reyes' } },
      { text: ' promoted ' },
      { ref: { type: 'agent', id: 'a1', name: 'Alicia Alvarez' } },
      { text: ' to manager of ' },
      { ref: { type: 'group', id: 'g1', name: 'Summit Realty West' } },
    ]);
  });

  it('names the CLI and keeps an unknown action readable', () => {
    expect(
      auditSentence({
        ...entry,
        action: 'cli_create_api_key',
        actor_id: null,
        actor_email: 'cli',
        actor_name: null,
        target_type: 'api_key',
        target_name: 'Zillow feed',
      }),
    ).toBe('The admin CLI created the API key Zillow feed');
    expect(auditSentence({ ...entry, action: 'something_new', target_type: null })).toBe(
      'Dana Reyes: something_new',
    );
  });

  it('keeps sign-ins apart from the office actions', () => {
    expect(auditActionsOf('sign_in')).toEqual([
      'login',
      'login_failed',
      'login_refused',
      'login_magic_link',
      'login_recipient',
      'login_corporate_link',
    ]);
    expect(auditActionsOf('office')).not.toContain('login');
    for (const info of Object.values(AUDIT_ACTIONS)) expect(info.sentence).toMatch(/\{actor\}/);
  });
});
