/** Error details and messages the client shows as they are (SPEC.md section 8). */
export const ERROR = {
  loginBadCredentials: 'LOGIN_BAD_CREDENTIALS',
  loginFailed: 'LOGIN_FAILED',
  loginUserInactive: 'LOGIN_USER_INACTIVE',
  recipientSessionExpired: 'Recipient session expired',
  verificationFailed: 'Verification failed',
  /** A real verification link opened again by its signed-in owner (GET /verify/:token, 409). */
  emailAlreadyVerified: 'E-mail address already verified',
  registrationFailed: 'Registration failed',
  accountExists:
    'An account with this e-mail address already exists. Sign in, or reset your password if you have forgotten it.',
  invalidTokenFormat: 'Invalid token format',
  unsupportedTokenType: 'Unsupported token type',
  invalidResponse: 'Invalid response from server',
  agentProfileNotFound: 'Agent profile not found',
  agentProfileNotAvailable: 'Agent profile not available',
  emailNotFound: 'Email not found',
  notCorporate: 'User is not a corporate user',
  notGroupManager: 'User is not a group manager',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  invalidAccessCode:
    'This access code is not valid. Check the code you were given, or ask the office for a new one.',
  tokenInvalid: 'This link is invalid or has expired. Request a new one.',
  notAuthenticated: 'Not authenticated',
  forbidden: 'You do not have access to this',
  notFound: 'Not found',
} as const;

/** "Page Not Found: {path}" (SPEC.md section 8). */
export const pageNotFoundMessage = (path: string) => `Page Not Found: ${path}`;
