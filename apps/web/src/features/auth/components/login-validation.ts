import { PASSWORD_MAX } from '@portal/shared';

/**
 * The shared LoginFormSchema's rules and messages, by hand: the sign-in form is the first page
 * most people load, and zod is most of the weight it would otherwise bring. login-validation.test.ts
 * holds this to the schema.
 */

export type LoginField = 'username' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

const USERNAME_MAX = 254;
const PASSWORD_LIMIT = PASSWORD_MAX * 4;

export function loginFieldError(field: LoginField, value: string): string | undefined {
  if (field === 'username') {
    const username = value.trim();
    if (username.length < 1) return 'Email is required';
    if (username.length > USERNAME_MAX) return 'Email is too long';
    return undefined;
  }
  if (value.length < 1) return 'Password is required';
  if (value.length > PASSWORD_LIMIT) return `Too big: expected string to have <=${PASSWORD_LIMIT} characters`;
  return undefined;
}

/** The values to send (the e-mail trimmed, as the schema's output), or the message of each field. */
export function validateLogin(
  values: Record<LoginField, string>,
): { ok: true; values: Record<LoginField, string> } | { ok: false; errors: LoginErrors } {
  const errors: LoginErrors = {};
  for (const field of ['username', 'password'] as const) {
    const message = loginFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  if (errors.username || errors.password) return { ok: false, errors };
  return { ok: true, values: { username: values.username.trim(), password: values.password } };
}
