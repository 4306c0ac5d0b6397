import { ERROR, MAGIC_TOKEN_TYPES, type MagicTokenResponse, MagicTokenResponseSchema } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MagicTokenType = (typeof MAGIC_TOKEN_TYPES)[number];

export type MagicTokenCheck = { ok: true; type: MagicTokenType } | { ok: false; message: string };

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * SPEC.md section 5: three dot-separated parts whose middle one is a JSON payload, with a type
 * of default_login or recipient_login. Checked before the token is sent anywhere.
 */
export function checkMagicToken(token: string): MagicTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    return { ok: false, message: ERROR.invalidTokenFormat };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]!));
  } catch {
    return { ok: false, message: ERROR.invalidTokenFormat };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, message: ERROR.invalidTokenFormat };
  }
  const type = (payload as { type?: unknown }).type;
  if (typeof type !== 'string' || !(MAGIC_TOKEN_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: ERROR.unsupportedTokenType };
  }
  return { ok: true, type: type as MagicTokenType };
}

export class MagicTokenError extends Error {
  override readonly name = 'MagicTokenError';
}

/** The server calls a user's login `user_login`; the token itself says `default_login`. */
const EXPECTED_TYPE = { default_login: 'user_login', recipient_login: 'recipient_login' } as const;

/** Checks the token, then POST /auth/validate-magic-token; the answer must be one of two shapes. */
export async function validateMagicToken(token: string): Promise<MagicTokenResponse> {
  const check = checkMagicToken(token);
  if (!check.ok) throw new MagicTokenError(check.message);
  const response = await api.post<unknown>(
    '/auth/validate-magic-token',
    { token, expected_type: EXPECTED_TYPE[check.type] },
    { auth: false },
  );
  const parsed = MagicTokenResponseSchema.safeParse(response);
  if (!parsed.success) throw new MagicTokenError(ERROR.invalidResponse);
  return parsed.data;
}

export const useValidateMagicToken = () => useMutation({ mutationFn: validateMagicToken });
