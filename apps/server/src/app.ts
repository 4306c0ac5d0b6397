import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-context';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { contactRoutes } from './modules/contact/routes';
import { corporateRoutes } from './modules/corporate/routes';
import { devRoutes } from './modules/dev/routes';
import { eventRoutes } from './modules/events/routes';
import { geoRoutes } from './modules/geo/routes';
import { healthRoutes } from './modules/health/routes';
import { leadRoutes } from './modules/leads/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { portalRoutes } from './modules/portal/routes';
import { preferencesRoutes } from './modules/preferences/routes';
import { recipientRoutes } from './modules/recipients/routes';
import { scorecardRoutes } from './modules/scorecards/routes';
import { signingRoutes } from './modules/signing/routes';
import { signupRoutes } from './modules/signup/routes';
import { signupTestRoutes } from './modules/signup-tests/routes';
import { localUploadRoutes } from './modules/uploads/local-upload';
import { uploadRoutes } from './modules/uploads/routes';
import { errorsPlugin } from './plugins/errors';
import { inputTextPlugin } from './plugins/input-text';
import { openapiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { createSerializerCompiler } from './plugins/serializer';
import { spaPlugin } from './plugins/spa';

/**
 * Fastify's trustProxy for TRUST_PROXY (ADR 29). Fastify ignores a bare hop count (it trusts no
 * hop at all), so a count becomes a function trusting the socket's peer and the nearest entries
 * of X-Forwarded-For: with 1, request.ip is the last entry, the one the load balancer appended.
 * Addresses and CIDR ranges (comma-separated) go to Fastify as they are.
 */
function trustProxyOption(
  setting: AppDeps['config']['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app from config.webDist (production and `npm start`). */
  serveWeb?: boolean;
  /** Health answers 503 until this says the database is migrated. */
  isReady?: () => boolean;
}

/** Builds the whole HTTP app from its plugins and modules. It never listens: server.ts does. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Link tokens (JWTs) travel in paths such as /verify/:token.
    routerOptions: { maxParamLength: 4096 },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  });
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  // Tests also check every response against zod and the compiled writer against zod's output.
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses: config.env === 'test' }));

  await app.register(securityHeadersPlugin, { config });

  const isReady = options.isReady ?? (() => true);
  const healthPath = `${config.apiBase}/health`;
  app.addHook('onRequest', async (request, reply) => {
    if (!isReady() && request.url.startsWith(`${config.apiBase}/`) && !request.url.startsWith(healthPath)) {
      return reply
        .status(503)
        .header('Retry-After', '2')
        .send({ detail: 'The portal is starting. Please try again in a moment.' });
    }
  });

  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(cookie);
  await app.register(formbody);
  // reply.sendFile for the built portal and local uploads; each call names its own folder.
  await app.register(fastifyStatic, { root: config.uploadsDir, serve: false });
  await app.register(openapiPlugin, { apiBase: config.apiBase });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { isReady });
      await api.register(contactRoutes);
      await api.register(authRoutes);
      await api.register(portalRoutes);
      await api.register(preferencesRoutes);
      await api.register(corporateRoutes);
      await api.register(scorecardRoutes);
      await api.register(adminRoutes);
      await api.register(devRoutes);
      await api.register(uploadRoutes);
      await api.register(recipientRoutes);
      await api.register(leadRoutes);
      await api.register(billingRoutes);
      await api.register(eventRoutes);
      await api.register(geoRoutes);
      await api.register(signupRoutes);
      await api.register(signupTestRoutes);
      await api.register(messagingRoutes);
      await api.register(signingRoutes);
      await api.register(localUploadRoutes);
    },
    { prefix: config.apiBase },
  );

  if (options.serveWeb) await app.register(spaPlugin, { root: config.webDist, apiBase: config.apiBase });
  return app;
}
