/** The checked e-mail and access code, kept for the choose-password step of this tab only. */
export const SIGNUP_DRAFT_KEY = 'signup_draft';

export interface SignupDraft {
  email: string;
  access_code: string;
}

/**
 * Read without zod: the access-code form reads the draft to render, and the page comes without
 * zod (its checks load on first use, signup-form.tsx).
 */
export function readSignupDraft(): SignupDraft | null {
  try {
    const raw = sessionStorage.getItem(SIGNUP_DRAFT_KEY);
    if (!raw) return null;
    const { email, access_code } = (JSON.parse(raw) ?? {}) as Record<string, unknown>;
    if (typeof email !== 'string' || !email || typeof access_code !== 'string' || !access_code) return null;
    return { email, access_code };
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
