import { z } from 'zod';

/** The checked e-mail and access code, kept for the choose-password step of this tab only. */
export const SIGNUP_DRAFT_KEY = 'signup_draft';

const DraftSchema = z.object({ email: z.string().min(1), access_code: z.string().min(1) });
export type SignupDraft = z.infer<typeof DraftSchema>;

export function readSignupDraft(): SignupDraft | null {
  try {
    const raw = sessionStorage.getItem(SIGNUP_DRAFT_KEY);
    if (!raw) return null;
    const parsed = DraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSignupDraft(draft: SignupDraft) {
  sessionStorage.setItem(SIGNUP_DRAFT_KEY, JSON.stringify(draft));
}

export function clearSignupDraft() {
  sessionStorage.removeItem(SIGNUP_DRAFT_KEY);
}
