import { zodResolver } from '@hookform/resolvers/zod';
import { SignupRequestSchema } from '@portal/shared';

/**
 * The access-code form's checks: zod and the shared schema, loaded by the form on first use
 * (signup-form.tsx) rather than with the page, which the build prerenders (ADR 61).
 */
export const signupResolver = zodResolver(SignupRequestSchema);
