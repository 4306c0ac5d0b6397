import { type APIRequestContext, request } from 'playwright-core';
import { baseUrl, DEMO_ACCESS_CODE, uniqueEmail } from './browser';

export interface NewAgent {
  email: string;
  password: string;
}

export interface BrokerOfRecord {
  brokerage: string;
  name: string;
  email: string;
  phone: string;
}

async function call<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { token?: string; data?: unknown } = {},
): Promise<T> {
  const response = await api.fetch(url, {
    method,
    data: options.data,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
  });
  if (!response.ok()) {
    throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/**
 * A new agent who has been through the signup wizard, made through the API the way the wizard
 * saves each step (registration with the demo access code, then one PATCH per step and the
 * onboarding call booked): the next page they see is the onboarding overview, with nothing of
 * onboarding done but what signup itself completes (E&O answered "no"). With `broker`, the
 * broker of record is saved as the Broker of record step saves it (the broker is the billing contact).
 */
export async function createAgentReadyForOnboarding(
  prefix: string,
  options: { broker?: BrokerOfRecord } = {},
): Promise<NewAgent> {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-journey-2026`;
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const { access_token: token } = await call<{ access_token: string }>(
      api,
      'POST',
      '/api/portal/register',
      {
        data: { email, access_code: DEMO_ACCESS_CODE, password },
      },
    );
    const patch = (data: object) => call(api, 'PATCH', '/api/portal/me/agent_profile', { token, data });
    const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    await patch({
      mailing_address: { street: '12 Palm Lane', city: 'Phoenix', state: 'AZ', zip: '85004' },
      agent_first_name: 'Robin',
      agent_last_name: 'Okafor',
      agent_phone: `(602) 555-${digits}`,
      mobile_device: 'android',
      signup_status: 'timezone',
    });
    await patch({ timezone: 'America/Denver', signup_status: 'sms' });
    await patch({ sms_test: 'yes', signup_status: 'email' });
    await patch({ email_test: 'yes', signup_status: 'saveTheNumber' });
    await patch({ signup_status: 'lsa' });
    await patch({ google: { lsa: 'no' }, signup_status: 'googleAds' });
    await patch({ google: { ads: 'no' }, signup_status: 'eoInsurance' });
    await patch({ has_eo_certificate: 'no', signup_status: 'zoom' });
    const { slots } = await call<{ slots: { starts_at: string }[] }>(
      api,
      'GET',
      '/api/portal/me/onboarding-call/slots',
      { token },
    );
    if (!slots[0]) throw new Error('No onboarding call time is open to book.');
    await call(api, 'POST', '/api/portal/me/onboarding-call', {
      token,
      data: { starts_at: slots[0].starts_at },
    });
    await patch({ signup_status: 'countdown' });
    await patch({ signup_status: 'complete' });
    if (options.broker) {
      const { brokerage, ...broker } = options.broker;
      await patch({
        brokerage,
        broker_of_record: { ...broker, is_billing_contact: true, billing_contact: null },
      });
    }
    return { email, password };
  } finally {
    await api.dispose();
  }
}
