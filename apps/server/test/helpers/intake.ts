import { createApiKey } from '../../src/modules/leads/api-keys';
import type { TestContext } from './app';

/** A complete seller lead for ZIP 85004 (Phoenix), with `overrides`. */
export const sellerLead = (overrides: object = {}) => ({
  lead_type: 'fsbo',
  first_name: 'Jane',
  last_name: 'Seller',
  phone: '(602) 555-0199',
  email: 'jane.seller@example.com',
  street: '12 Palm Ave',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  ...overrides,
});

/** A new API key, and POST /api/v1/leads with it (a payload object, or text sent as it is). */
export async function intakeClient(ctx: TestContext, name = 'Seller feed') {
  const { key } = await createApiKey(ctx.deps.database.db, { name });
  return (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
}
