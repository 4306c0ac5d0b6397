import type { TestContext } from './app';
import { lastMessageTo, linkIn } from './factories';

/** The token of the newest registration link e-mailed to `email`. */
export async function registrationToken(ctx: TestContext, email: string): Promise<string> {
  const message = await lastMessageTo(ctx.deps.database.db, email.trim().toLowerCase());
  if (!message) throw new Error(`no message to ${email}`);
  return linkIn(message.textBody, '/signup/confirm/').token;
}

export const confirmRegistration = (ctx: TestContext, token: string, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/portal/register/confirm', payload: { token }, remoteAddress });

/**
 * Registers the way a new agent does: the form, then the link from the e-mail. Answers the
 * registration's refusal if it was refused, else the link's answer (201 with a session).
 */
export async function registerAndConfirm(
  ctx: TestContext,
  payload: Record<string, unknown> & { email: string },
  remoteAddress = '10.0.0.1',
) {
  const requested = await ctx.app.inject({
    method: 'POST',
    url: '/api/portal/register',
    payload,
    remoteAddress,
  });
  if (requested.statusCode !== 202) return requested;
  return confirmRegistration(ctx, await registrationToken(ctx, payload.email), remoteAddress);
}
