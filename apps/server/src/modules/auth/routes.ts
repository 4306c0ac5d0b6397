import {
  DetailSchema,
  EmailRequestSchema,
  LoginFormSchema,
  LoginResponseSchema,
  MagicTokenResponseSchema,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RefreshResponseSchema,
  UserSchema,
  ValidateMagicTokenSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import {
  authenticate,
  currentUser,
  requireSameSite,
  requireUser,
  requireUserAlone,
} from '../../plugins/auth';
import { toUser } from '../agents/serialize';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookies';
import { confirmPasswordReset, requestAccountEmail, validateMagicToken, verifyEmail } from './links';
import { login, refresh } from './login';
import { changePassword } from './password-change';
import { familyOfRefreshToken, revokeFamily } from './sessions';

const accepted = { detail: 'If an account exists for that address, we have sent an e-mail.' };
const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 429: DetailSchema };

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      // A form on another site must not sign a visitor into someone else's account.
      preHandler: requireSameSite,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (form fields username, password)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginFormSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { session, user } = await login(app.deps, {
        email: request.body.username,
        password: request.body.password,
        client: clientInfo(request),
      });
      setRefreshCookie(request, reply, session.refreshToken);
      return { access_token: session.accessToken, token_type: 'bearer' as const, user: toUser(user) };
    },
  );

  r.post(
    '/refresh',
    {
      preHandler: requireSameSite,
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie',
        response: { 200: RefreshResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      if (!token) return reply.status(401).send({ detail: 'Not authenticated' });
      try {
        const { session, user } = await refresh(app.deps, token);
        setRefreshCookie(request, reply, session.refreshToken);
        return { access_token: session.accessToken, token_type: 'bearer' as const, user: toUser(user) };
      } catch (error) {
        // Only a refused token (or a suspended agent) ends the browser's session; an outage (5xx)
        // keeps the cookie.
        if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
          clearRefreshCookie(request, reply);
        }
        throw error;
      }
    },
  );

  r.post(
    '/logout',
    {
      preHandler: requireSameSite,
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      const { db } = app.deps.database;
      const familyId = token ? await familyOfRefreshToken(db, token) : null;
      if (familyId) await revokeFamily(db, familyId, 'logout');
      // A suspended agent's bearer is refused (403); its sessions were ended with the status.
      const bearer = await authenticate(request).catch(() => null);
      if (bearer) await revokeFamily(db, bearer.sessionId, 'logout');
      clearRefreshCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  r.get('/me', { schema: { tags: ['auth'], response: { 200: UserSchema, ...errors } } }, async (request) =>
    toUser(await requireUserAlone(request)),
  );

  r.post(
    '/me/password',
    {
      preHandler: [requireSameSite, requireUser],
      schema: {
        tags: ['auth'],
        summary: 'Change the password (current one needed); other sessions end, the owner is told by e-mail',
        body: PasswordChangeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await changePassword(app.deps, {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        change: request.body,
        client: clientInfo(request),
      });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/request-verify-token',
    { schema: { tags: ['auth'], body: EmailRequestSchema, response: { 202: DetailSchema, ...errors } } },
    async (request, reply) => {
      await requestAccountEmail(app.deps, {
        purpose: 'verify',
        email: request.body.email,
        client: clientInfo(request),
      });
      return reply.status(202).send(accepted);
    },
  );

  r.get(
    '/verify/:token',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().min(1).max(4096) }),
        response: { 200: UserSchema, 409: DetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      // Open to anyone (the link is the credential); a signed-in owner opening it again is told
      // the address is verified. A session that is refused counts as no one signed in.
      const caller = await authenticate(request).catch(() => null);
      const callerId = caller?.user.id;
      return toUser(await verifyEmail(app.deps, request.params.token, callerId));
    },
  );

  r.post(
    '/password-reset/request',
    {
      schema: {
        tags: ['auth'],
        body: PasswordResetRequestSchema,
        response: { 202: DetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestAccountEmail(app.deps, {
        purpose: 'reset',
        email: request.body.email,
        lang: request.body.lang,
        client: clientInfo(request),
      });
      return reply.status(202).send(accepted);
    },
  );

  r.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        body: PasswordResetConfirmSchema,
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      await confirmPasswordReset(app.deps, {
        token: request.body.token,
        newPassword: request.body.new_password,
        client: clientInfo(request),
      });
      return { detail: 'Your password has been changed. Please sign in with your new password.' };
    },
  );

  r.post(
    '/auth/request-magic-link',
    { schema: { tags: ['auth'], body: EmailRequestSchema, response: { 202: DetailSchema, ...errors } } },
    async (request, reply) => {
      await requestAccountEmail(app.deps, {
        purpose: 'magic',
        email: request.body.email,
        client: clientInfo(request),
      });
      return reply.status(202).send(accepted);
    },
  );

  r.post(
    '/auth/validate-magic-token',
    {
      preHandler: requireSameSite,
      schema: {
        tags: ['auth'],
        body: ValidateMagicTokenSchema,
        response: { 200: MagicTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      const signIn = await validateMagicToken(app.deps, {
        token: request.body.token,
        expectedType: request.body.expected_type,
        client: clientInfo(request),
      });
      if (signIn.kind === 'recipient') {
        return {
          is_recipient_session: true as const,
          session_token: signIn.sessionToken,
          recipient_context: signIn.context,
        };
      }
      setRefreshCookie(request, reply, signIn.session.refreshToken);
      return {
        access_token: signIn.session.accessToken,
        token_type: 'bearer' as const,
        user: toUser(signIn.user),
      };
    },
  );
}
