declare module 'dumb-passwords' {
  /** True when the password is among the 10,000 most common ones. */
  export function check(password: string): boolean;
  const dumbPasswords: { check: typeof check };
  export default dumbPasswords;
}
