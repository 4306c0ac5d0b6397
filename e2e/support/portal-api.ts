import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { DEMO, DEMO_ACCESS_CODE, DEMO_API_KEY } from './demo';

export interface NewAgent {
  email: string;
  password: string;
  lands: RegExp;
}

export interface BrokerOfRecord {
  brokerage: string;
  name: string;
  email: string;
  phone: string;
}

/** One message of the dev mailbox (the local install's outbox), as GET /api/dev/mailbox lists it. */
export interface MailboxItem {
  channel: 'email' | 'sms' | 'call';
  to: string;
  subject: string | null;
  links: string[];
}

/** A seller lead as the intake API takes it. */
export interface IntakeLead {
  lead_type: string;
  first_name: string;
  last_name: string;
  phone: string;
  city: string;
  state: string;
  zip: string;
  external_id: string;
  street?: string;
  email?: string;
}

/** A team member as the agent adds them to their lead recipients. */
export interface TeamMember {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  send_sms: boolean;
  send_email: boolean;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/**
 * The portal's HTTP API, called from outside the browser: what the seller feed posts with the
 * demo intake key, what a person does before the journey starts, and what the superuser reads.
 * One per worker; `request` is bound to the portal's address.
 */
export class PortalApi {
  #superuserToken: string | null = null;

  constructor(readonly request: APIRequestContext) {}

  async call<T>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: { token?: string; data?: unknown } = {},
  ): Promise<T> {
    const response = await this.request.fetch(url, {
      method,
      data: options.data,
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    });
    if (!response.ok()) {
      throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
    }
    return (await response.json()) as T;
  }

  /** Signs in through POST /api/login, as the sign-in form sends it; the access token. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.request.post('/api/login', { form: { username: email, password } });
    expect(response.status(), `signing ${email} in`).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** GET `url` as the demo superuser, signed in once per worker and again when the token has expired. */
  async asSuperuser<T>(url: string): Promise<T> {
    this.#superuserToken ??= await this.signIn(DEMO.superuser.email, DEMO.superuser.password);
    let response = await this.request.get(url, {
      headers: { Authorization: `Bearer ${this.#superuserToken}` },
    });
    if (response.status() === 401) {
      this.#superuserToken = await this.signIn(DEMO.superuser.email, DEMO.superuser.password);
      response = await this.request.get(url, {
        headers: { Authorization: `Bearer ${this.#superuserToken}` },
      });
    }
    if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * The agent answers this month's question on their leads (POST /portal/me/rating), which an
   * active agent is asked once a month before the rest of the portal opens.
   */
  async rateLeads(token: string) {
    await this.call('POST', '/api/portal/me/rating', { token, data: { score: 4 } });
  }

  /**
   * Adds a team member to the signed-in agent's lead recipients (POST /portal/me/recipients), as
   * the agent does on /routing: leads routed to the agent from then on are delivered to them too.
   */
  async addTeamMember(token: string, member: TeamMember) {
    await this.call('POST', '/api/portal/me/recipients', { token, data: member });
  }

  /** The dev mailbox's messages, newest first. */
  async mailbox(): Promise<MailboxItem[]> {
    return (await this.asSuperuser<{ items: MailboxItem[] }>('/api/dev/mailbox?limit=500')).items;
  }

  /** A lead from the seller feed: POST /api/v1/leads with the demo intake key. */
  postLead(lead: IntakeLead): Promise<APIResponse> {
    return this.request.post('/api/v1/leads', {
      headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
      data: lead,
    });
  }

  /**
   * The path of the newest registration link e-mailed to `email`, read from the dev mailbox: what
   * a new agent opens from their e-mail. Waits for the e-mail to be written.
   */
  async registrationLinkPath(email: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          link = (await this.mailbox())
            .find((m) => m.to === email.toLowerCase() && m.subject === 'Finish creating your account')
            ?.links.find((l) => l.includes('/signup/confirm/'));
          return link;
        },
        { message: `a registration link for ${email} in the dev mailbox` },
      )
      .toBeDefined();
    return new URL(link!).pathname;
  }

  /**
   * A new agent who has been through the signup wizard, made through the API the way the wizard
   * saves each step (registration with the demo access code, then one PATCH per step and the
   * onboarding call booked): the next page they see is the onboarding overview, with nothing of
   * onboarding done but what signup itself completes (E&O answered "no"). With `broker`, the
   * broker of record is saved as the Broker of record step saves it (the broker is the billing contact).
   */
  async createAgentReadyForOnboarding(prefix: string, options: { broker?: BrokerOfRecord } = {}) {
    const email = uniqueEmail(prefix);
    const password = `${prefix}-journey-2026`;
    await this.call('POST', '/api/portal/register', {
      data: { email, access_code: DEMO_ACCESS_CODE, password },
    });
    const linkToken = (await this.registrationLinkPath(email)).split('/').pop();
    const { access_token: token } = await this.call<{ access_token: string }>(
      'POST',
      '/api/portal/register/confirm',
      { data: { token: linkToken } },
    );
    const patch = (data: object) => this.call('PATCH', '/api/portal/me/agent_profile', { token, data });
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
    const { slots } = await this.call<{ slots: { starts_at: string }[] }>(
      'GET',
      '/api/portal/me/onboarding-call/slots',
      { token },
    );
    if (!slots[0]) throw new Error('No onboarding call time is open to book.');
    await this.call('POST', '/api/portal/me/onboarding-call', {
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
    const agent: NewAgent = { email, password, lands: /\/onboarding$/ };
    return agent;
  }
}
