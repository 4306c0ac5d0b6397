/** Loaded on demand (the sign-in link button): the shared e-mail rule, with zod behind it. */
export { EmailSchema } from '@portal/shared';
