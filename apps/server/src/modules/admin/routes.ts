import type { FastifyInstance } from 'fastify';
import { requireConsoleUser } from './common';
import { adminAccessCodeRoutes } from './routes/access-codes';
import { adminAgentRoutes } from './routes/agents';
import { adminApiKeyRoutes } from './routes/api-keys';
import { adminAuditRoutes, adminOverviewRoutes } from './routes/audit';
import { adminBillingRoutes } from './routes/billing';
import { adminCorporateRoutes } from './routes/corporate';
import { adminLeadRoutes } from './routes/leads';
import { adminOutboxRoutes } from './routes/outbox';
import { adminRetentionRoutes } from './routes/retention';
import { adminScorecardRoutes } from './routes/scorecards';
import { adminSettingsRoutes } from './routes/settings';

/**
 * The superuser console's API (DESIGN.md section 8): superusers only (403 for everyone else,
 * checked before anything is read), every change audited with its before and after. One file per
 * area under routes/; the hook added here runs first for all of them.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireConsoleUser);
  await app.register(adminOverviewRoutes);
  await app.register(adminAgentRoutes);
  await app.register(adminAccessCodeRoutes);
  await app.register(adminCorporateRoutes);
  await app.register(adminApiKeyRoutes);
  await app.register(adminLeadRoutes);
  await app.register(adminOutboxRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminScorecardRoutes);
  await app.register(adminBillingRoutes);
  await app.register(adminRetentionRoutes);
}
