import { type APIRequestContext, type Page, request } from 'playwright-core';
import { ADMIN_EMAIL, baseUrl, DEMO_ACCESS_CODE, DEMO_PASSWORD, uniqueEmail } from './browser';

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

let adminToken: string | null = null;

/** The demo superuser's access token, signed in once and again when it has expired. */
async function adminCall<T>(api: APIRequestContext, url: string): Promise<T> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!adminToken) {
      ({ access_token: adminToken } = await call<{ access_token: string }>(api, 'POST', '/api/login', {
        data: { username: ADMIN_EMAIL, password: DEMO_PASSWORD },
      }));
    }
    const response = await api.fetch(url, { headers: { Authorization: `Bearer ${adminToken}` } });
    if (response.status() === 401) {
      adminToken = null;
      continue;
    }
    if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }
  throw new Error(`GET ${url}: the demo superuser could not sign in`);
}

/**
 * The path of the newest registration link e-mailed to `email`, read from the dev mailbox (the
 * local install's outbox) as the demo superuser: what a new agent opens from their e-mail.
 */
export async function registrationLinkPath(email: string): Promise<string> {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    for (let attempt = 0; attempt < 30; attempt++) {
      const { items } = await adminCall<{ items: { to: string; subject: string; links: string[] }[] }>(
        api,
        '/api/dev/mailbox?limit=500',
      );
      const link = items
        .find((m) => m.to === email.toLowerCase() && m.subject === 'Finish creating your account')
        ?.links.find((l) => l.includes('/signup/confirm/'));
      if (link) return new URL(link).pathname;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`no registration link for ${email} in the dev mailbox`);
  } finally {
    await api.dispose();
  }
}

/**
 * After "Create my account": the page says to check the e-mail; the agent opens the link from
 * it in the same browser, which creates the account and opens the first signup step.
 */
export async function openRegistrationLink(page: Page, email: string) {
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor({ state: 'visible' });
  await page.goto(await registrationLinkPath(email));
  await page.waitForURL(/\/signup\/mailingAddress$/);
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
    await call(api, 'POST', '/api/portal/register', {
      data: { email, access_code: DEMO_ACCESS_CODE, password },
    });
    const linkToken = (await registrationLinkPath(email)).split('/').pop();
    const { access_token: token } = await call<{ access_token: string }>(
      api,
      'POST',
      '/api/portal/register/confirm',
      { data: { token: linkToken } },
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
