/**
 * The demo data the journeys start from (apps/server/src/seed/demo.ts) and Chromium; shared by
 * the browser tests and e2e/page-shots.ts. Chromium, its flags and the demo password come from
 * the measuring scripts' module, so the two cannot drift apart.
 */
import { DEMO_PASSWORD } from '../../scripts/portal-browser.mjs';

export { CHROMIUM, CHROMIUM_FLAGS, DEMO_PASSWORD } from '../../scripts/portal-browser.mjs';

export const DEMO_ACCESS_CODE = 'WELCOME-2026';
/** The demo intake key the embedded seed publishes. */
export const DEMO_API_KEY = 'lpk_DemoFeed01_portal-demo-2026-intake-key-for-trying-out1';
export const ADMIN_EMAIL = 'admin@demo.agentportal.local';

/** Someone who signs in with a password, and the page the portal opens for them afterwards. */
export interface Login {
  email: string;
  password: string;
  lands: RegExp;
}

/**
 * An active agent of the demo office, with the leads of one ZIP code. Signed in, such an agent is
 * first asked to rate the month's leads (PortalApi.rateLeads answers it), then sees them.
 */
export interface OfficeAgent extends Login {
  name: string;
  zip: string;
  city: string;
}

const demo = (email: string, lands: RegExp): Login => ({ email, password: DEMO_PASSWORD, lands });
const officeAgent = (name: string, zip: string, city: string): OfficeAgent => ({
  ...demo(`${name.replace(' ', '.').toLowerCase()}@demo.agentportal.local`, /\/leads$/),
  name,
  zip,
  city,
});

/**
 * The demo sign-ins. A journey that changes someone's data has them to itself, so that journeys
 * running at the same time do not see each other's changes: Alicia Alvarez's team (lead routing),
 * Ethan Brooks's leads (a lead closed with a commission), Grace Kim's e-mails to a lead, Marcus
 * Reed's leads, team and choice of view (a lead worked from the queue and the board).
 */
export const DEMO = {
  superuser: demo(ADMIN_EMAIL, /\/admin$/),
  /** Summit Realty's office: its groups' agents and leads. */
  corporateUser: demo('corporate@demo.agentportal.local', /\/leads$/),
  /** Alicia Alvarez: an active agent with a team member, who manages Summit Realty West. */
  activeAgent: { ...demo('active.agent@demo.agentportal.local', /\/leads$/), name: 'Alicia Alvarez' },
  /** Oscar Ortega: signup done, in the onboarding programme. */
  onboardingAgent: demo('onboarding.agent@demo.agentportal.local', /\/onboarding$/),
  /** Nina Newman: just registered, at the first step of the signup wizard. */
  newAgent: demo('new.agent@demo.agentportal.local', /\/signup\/mailingAddress$/),
  /** Summit Realty East. */
  ethanBrooks: officeAgent('Ethan Brooks', '85251', 'Scottsdale'),
  graceKim: officeAgent('Grace Kim', '85281', 'Tempe'),
  marcusReed: officeAgent('Marcus Reed', '85201', 'Mesa'),
} as const;
