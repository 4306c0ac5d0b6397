import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PORTAL_LANGS, USER_ROLES } from '../constants';
import { AgentRecordSchema } from './agent';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }).max(254));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const AccessCodeSchema = z
  .string()
  .trim()
  .min(1, 'Access code is required')
  .max(64, 'Access code is too long');

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  is_superuser: z.boolean(),
  is_team_member: z.boolean(),
  is_agent: z.boolean(),
  user_role: z.enum(USER_ROLES),
  permissions: z.array(z.string()),
  preferences: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** GET /portal/me: the user with the agent record and zip codes. */
export const PortalMeSchema = UserSchema.extend({
  agent_profile: AgentRecordSchema.nullable(),
  zipcodes: z.array(z.string()),
  rating_required: z.boolean(),
});
export type PortalMe = z.infer<typeof PortalMeSchema>;

export const LoginFormSchema = z.object({
  username: z.string().trim().min(1, 'Email is required').max(254, 'Email is too long'),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX * 4),
});

export const LoginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RecipientContextSchema = z.object({
  recipient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  agent_id: z.string(),
  agent_name: z.string(),
});
export type RecipientContext = z.infer<typeof RecipientContextSchema>;

export const RefreshResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: UserSchema,
  is_recipient_session: z.boolean().optional(),
  recipient_context: RecipientContextSchema.optional(),
});

export const EmailRequestSchema = z.object({ email: EmailSchema });

/**
 * POST /password-reset/request: `lang` is the language of the page the request came from; the
 * e-mail is written in it and its link opens that page's translation (English without a prefix).
 */
export const PasswordResetRequestSchema = EmailRequestSchema.extend({
  lang: z.enum(PORTAL_LANGS, { message: `lang must be one of: ${PORTAL_LANGS.join(', ')}` }).optional(),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = z.object({
  token: z.string().min(1).max(4096),
  new_password: PasswordSchema,
});

/** POST /me/password: the account menu's "Change password". */
export const PasswordChangeSchema = z.object({
  current_password: z
    .string({ message: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX * 4),
  new_password: PasswordSchema,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const MAGIC_TOKEN_TYPES = ['default_login', 'recipient_login'] as const;
export const EXPECTED_TOKEN_TYPES = ['user_login', 'default_login', 'recipient_login'] as const;

export const ValidateMagicTokenSchema = z.object({
  token: z.string().min(1).max(4096),
  expected_type: z.enum(EXPECTED_TOKEN_TYPES).optional(),
});

/** Either a recipient session or a user session (SPEC.md section 3, "Magic-token response"). */
export const MagicTokenResponseSchema = z.union([
  z.object({
    is_recipient_session: z.literal(true),
    session_token: z.string(),
    recipient_context: RecipientContextSchema,
  }),
  z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: UserSchema }),
]);
export type MagicTokenResponse = z.infer<typeof MagicTokenResponseSchema>;

/** The e-mail of someone joining: left empty, the field asks for it rather than calling it invalid. */
const JoiningEmailSchema = z.string().trim().min(1, 'Enter your e-mail address').pipe(EmailSchema);

export const SignupRequestSchema = z.object({ email: JoiningEmailSchema, access_code: AccessCodeSchema });
export const SignupResponseSchema = z.object({
  email: z.string(),
  access_code: z.string(),
  valid: z.literal(true),
});
export const RegisterRequestSchema = z.object({
  email: JoiningEmailSchema,
  access_code: AccessCodeSchema,
  password: PasswordSchema,
});

/** POST /portal/register/confirm: the token from the e-mailed link that creates the account. */
export const RegistrationConfirmRequestSchema = z.object({ token: z.string().min(1).max(4096) });

/**
 * The one answer to every registration that passes the form's checks, whether or not the
 * address already has an account (SECURITY.md item 4): the mailbox's owner learns the rest.
 */
export const REGISTRATION_SENT =
  'Check your e-mail: we have sent a link to finish creating your account. It works once, for one hour.';

export const DetailSchema = z.object({ detail: z.string() });
export const MessageSchema = z.object({ detail: z.string() });
