import { LoginFormSchema, PASSWORD_MAX } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';

/** What the shared schema says about the same values: the parsed values, or a message per field. */
function bySchema(values: { username: string; password: string }) {
  const parsed = LoginFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

describe('sign-in form checks', () => {
  const cases: Array<{ username: string; password: string }> = [
    { username: '', password: '' },
    { username: '   ', password: 'secret' },
    { username: 'agent@example.com', password: '' },
    { username: '  agent@example.com  ', password: ' pass with spaces ' },
    { username: 'not an address', password: 'x' },
    { username: 'a'.repeat(254), password: 'x' },
    { username: ` ${'a'.repeat(254)} `, password: 'x' },
    { username: 'a'.repeat(255), password: 'x' },
    { username: 'agent@example.com', password: 'p'.repeat(PASSWORD_MAX * 4) },
    { username: 'agent@example.com', password: 'p'.repeat(PASSWORD_MAX * 4 + 1) },
    { username: '', password: 'p'.repeat(PASSWORD_MAX * 4 + 1) },
  ];

  it.each(cases)('agree with the shared LoginFormSchema (%#)', (values) => {
    expect(validateLogin(values)).toEqual(bySchema(values));
  });

  it('give the messages the form shows', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      ok: false,
      errors: { username: 'Email is required', password: 'Password is required' },
    });
  });
});
