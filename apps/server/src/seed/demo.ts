import { LEAD_TYPES, type LeadType } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-context';
import {
  accessCodes,
  agents,
  apiKeys,
  groupMemberships,
  groups,
  type LeadRow,
  leadEvents,
  leads,
  signatureSigners,
  uploads,
  users,
} from '../db/schema';
import { DEFAULT_ONBOARDING_STEPS } from '../db/schema/agents';
import { sha256 } from '../lib/crypto';
import { loadSharp } from '../lib/sharp';
import { hashPassword } from '../modules/auth/passwords';
import { issueInvoice, type MoneyActor, recordPayment, todayUtc } from '../modules/billing/invoices';
import { refreshAgentMoney } from '../modules/billing/totals';
import { corporateLoginLink } from '../modules/corporate/service';
import { refreshAgentStats } from '../modules/leads/stats';
import { addRecipient } from '../modules/recipients/service';
import { signingToken } from '../modules/signing/links';
import { signWithToken } from '../modules/signing/public';
import { generateDocument } from '../modules/signing/service';
import { fileUrl } from '../modules/uploads/service';
import { type DemoAuthor, demoStage, seedDemoActivities } from './demo-lifecycle';

/** Demo data for a fresh embedded install: one of each kind of user, at different stages. */
export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO_ACCESS_CODE = 'WELCOME-2026';
export const DEMO_CORPORATE_EMAIL = 'corporate@demo.agentportal.local';
/** A published intake key, like the demo passwords: embedded mode only, never in production. */
export const DEMO_API_KEY = 'lpk_DemoFeed01_portal-demo-2026-intake-key-for-trying-out1';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  note: string;
}

export async function isDatabaseEmpty(deps: AppDeps): Promise<boolean> {
  const [row] = await deps.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

export interface DemoSeed {
  logins: DemoLogin[];
  accessCode: string;
  /** A one-time sign-in link for the demo corporate user (24 hours). */
  corporateLink: string;
}

export async function seedDemo(deps: AppDeps): Promise<DemoSeed> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { db } = deps.database;
  const logins: DemoLogin[] = [];
  const counter = { leads: 0, invoices: 0 };

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email: 'admin@demo.agentportal.local',
        name: 'Demo Superuser',
        passwordHash,
        isSuperuser: true,
        isVerified: true,
        userRole: 'superuser',
      })
      .returning();
    logins.push({
      role: 'superuser',
      email: admin!.email,
      password: DEMO_PASSWORD,
      note: 'dev mailbox at /dev/mailbox',
    });

    const [corporate] = await tx
      .insert(users)
      .values({
        email: DEMO_CORPORATE_EMAIL,
        name: 'Summit Realty',
        passwordHash,
        isVerified: true,
        userRole: 'corporate',
      })
      .returning();
    logins.push({
      role: 'corporate',
      email: corporate!.email,
      password: DEMO_PASSWORD,
      note: 'office dashboard: two groups, their agents and leads',
    });

    await tx.insert(accessCodes).values({
      code: DEMO_ACCESS_CODE,
      description: 'Demo access code for new agents',
      maxUses: 100,
      createdById: admin!.id,
    });

    const [group, eastGroup] = await tx
      .insert(groups)
      .values([
        { name: 'Summit Realty West', corporateUserId: corporate!.id },
        { name: 'Summit Realty East', corporateUserId: corporate!.id },
      ])
      .returning();

    const stages = [
      {
        email: 'new.agent@demo.agentportal.local',
        first: 'Nina',
        last: 'Newman',
        signupStatus: 'mailingAddress',
        agentStatus: 'onboarding',
        note: 'just registered: signup wizard',
      },
      {
        email: 'onboarding.agent@demo.agentportal.local',
        first: 'Oscar',
        last: 'Ortega',
        signupStatus: 'complete',
        agentStatus: 'onboarding',
        note: 'signup done: onboarding programme',
      },
      {
        email: 'active.agent@demo.agentportal.local',
        first: 'Alicia',
        last: 'Alvarez',
        signupStatus: 'complete',
        agentStatus: 'active',
        note: 'active: receives leads; manages Summit Realty West',
      },
    ] as const;

    for (const [index, stage] of stages.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          email: stage.email,
          name: `${stage.first} ${stage.last}`,
          passwordHash,
          isVerified: true,
          isAgent: true,
          userRole: 'agent',
        })
        .returning();
      const active = stage.agentStatus === 'active';
      const [agent] = await tx
        .insert(agents)
        .values({
          userId: user!.id,
          agentNumber: 1001 + index,
          agent: `${stage.first} ${stage.last}`,
          agentFirstName: stage.first,
          agentLastName: stage.last,
          agentUri: `${stage.first}-${stage.last}`.toLowerCase(),
          agentEmail: stage.email,
          agentPhone: `+1602555010${index}`,
          agentTrackingPhoneNumber: `+1480555020${index}`,
          brokerage: 'Summit Realty',
          // The broker of record co-signs the master agreement (the dev mailbox shows the e-mail).
          brokerOfRecord:
            stage.signupStatus === 'complete'
              ? {
                  name: 'Morgan Summit',
                  phone: '+16025550199',
                  email: 'broker@demo.agentportal.local',
                  is_billing_contact: true,
                  billing_contact: null,
                }
              : null,
          accessCode: DEMO_ACCESS_CODE,
          signupStatus: stage.signupStatus,
          agentStatus: stage.agentStatus,
          signUpDate: sql`now() - interval '20 days'`,
          onboardingDate: active ? sql`now() - interval '5 days'` : null,
          timezone: 'America/Denver',
          corporateUserId: corporate!.id,
          zipcodes: active ? ['85004', '85006', '85008', '85012'] : [],
          // The active agent's agreements are signed below, through the real signing flow.
          onboardingSteps: active
            ? (Object.fromEntries(
                Object.keys(DEFAULT_ONBOARDING_STEPS).map((k) => [
                  k,
                  k !== 'service_agreement' && k !== 'master_referral_agreement',
                ]),
              ) as typeof DEFAULT_ONBOARDING_STEPS)
            : DEFAULT_ONBOARDING_STEPS,
          serviceDocumentAreas: active ? 'Phoenix, AZ: 85004, 85006, 85008, 85012' : '',
          // An active agent has done what activation needs: a licence, E&O
          // answered, a team member on the routing list; the photo and logo are added below.
          licensedStates: active
            ? [
                {
                  state: 'AZ',
                  type: 'Salesperson',
                  license_number: 'SA-702114',
                  exp_date: `${new Date().getUTCFullYear() + 2}-06-30`,
                },
              ]
            : null,
          hasEoCertificate: 'no',
          recipients: [
            {
              first_name: stage.first,
              last_name: stage.last,
              phone_number: `+1602555010${index}`,
              email: stage.email,
              send_sms: true,
              send_email: true,
              phone_call: true,
            },
          ],
        })
        .returning();
      await tx.insert(groupMemberships).values({ groupId: group!.id, agentId: agent!.id, isManager: active });
      if (active) {
        const author = { userId: user!.id, name: `${stage.first} ${stage.last}`, teamMember: 'Jordan Reyes' };
        await seedDemoLeads(tx, agent!.id, DEMO_SELLERS, 'Phoenix', counter, author);
      }
      logins.push({ role: 'agent', email: stage.email, password: DEMO_PASSWORD, note: stage.note });
    }

    // The rest of the office: active agents in other cities, with leads, in both groups.
    for (const [index, office] of OFFICE_AGENTS.entries()) {
      const email = `${office.first}.${office.last}@demo.agentportal.local`.toLowerCase();
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: `${office.first} ${office.last}`,
          passwordHash,
          isVerified: true,
          isAgent: true,
          userRole: 'agent',
        })
        .returning();
      const [agent] = await tx
        .insert(agents)
        .values({
          userId: user!.id,
          agentNumber: 1101 + index,
          agent: `${office.first} ${office.last}`,
          agentFirstName: office.first,
          agentLastName: office.last,
          agentUri: `${office.first}-${office.last}`.toLowerCase(),
          agentEmail: email,
          agentPhone: `+1480555031${index}`,
          brokerage: 'Summit Realty',
          accessCode: DEMO_ACCESS_CODE,
          signupStatus: 'complete',
          agentStatus: 'active',
          signUpDate: sql`now() - interval '120 days'`,
          onboardingDate: sql`now() - interval '100 days'`,
          timezone: 'America/Denver',
          corporateUserId: corporate!.id,
          zipcodes: [office.zip],
          onboardingSteps: Object.fromEntries(
            Object.keys(DEFAULT_ONBOARDING_STEPS).map((k) => [k, true]),
          ) as typeof DEFAULT_ONBOARDING_STEPS,
          onboardingCompletedOverride: true,
          recipients: [
            {
              first_name: office.first,
              last_name: office.last,
              phone_number: `+1480555031${index}`,
              email,
              send_sms: true,
              send_email: true,
              phone_call: true,
            },
          ],
        })
        .returning();
      await tx.insert(groupMemberships).values({
        groupId: office.group === 'west' ? group!.id : eastGroup!.id,
        agentId: agent!.id,
        isManager: false,
      });
      await seedDemoLeads(
        tx,
        agent!.id,
        officeSellers(index, office.zip, office.street),
        office.city,
        counter,
        { userId: user!.id, name: `${office.first} ${office.last}` },
      );
      if (index === 0) {
        logins.push({
          role: 'agent',
          email,
          password: DEMO_PASSWORD,
          note: 'active; member of Summit Realty East',
        });
      }
    }
  });
  await deps.database.db.insert(apiKeys).values({
    name: 'Demo seller feed',
    prefix: DEMO_API_KEY.split('_')[1]!,
    keyHash: sha256(DEMO_API_KEY),
  });
  await refreshAgentStats(deps.database.db);
  await completeDemoOnboarding(deps, 'active.agent@demo.agentportal.local');
  await signDemoAgreements(deps, 'active.agent@demo.agentportal.local');
  const corporateLink = await corporateLoginLink(deps, DEMO_CORPORATE_EMAIL, { email: 'demo seed' });
  return { logins, accessCode: DEMO_ACCESS_CODE, corporateLink };
}

/** A square picture with initials or a word, as an uploaded PNG would be. */
const demoPicture = (text: string, background: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="${background}"/><text x="240" y="290" font-family="DejaVu Sans, sans-serif" font-size="150" font-weight="bold" fill="#ffffff" text-anchor="middle">${text}</text></svg>`;

/**
 * The parts of onboarding the active demo agent has done that the record alone cannot show:
 * a team member on the routing list, added through the same operation as the
 * routing page, and a headshot and brokerage logo stored as confirmed uploads.
 */
async function completeDemoOnboarding(deps: AppDeps, email: string) {
  const { db } = deps.database;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [agent] = await db.select().from(agents).where(eq(agents.userId, user!.id));
  await addRecipient(deps, user!, {
    first_name: 'Jordan',
    last_name: 'Reyes',
    email: 'jordan.reyes@demo.agentportal.local',
    send_sms: false,
    send_email: true,
    phone_call: false,
  });
  const sharp = await loadSharp();
  const urls: Record<'headshot' | 'brokerage_logo', string> = { headshot: '', brokerage_logo: '' };
  const pictures = {
    headshot: demoPicture('AA', '#1d4ed8'),
    brokerage_logo: demoPicture('SR', '#15803d'),
  } as const;
  for (const kind of ['headshot', 'brokerage_logo'] as const) {
    const png = await sharp(Buffer.from(pictures[kind])).png().toBuffer();
    const key = `uploads/${agent!.id}/demo-${kind}.png`;
    await deps.providers.storage.write(key, png, 'image/png');
    const [upload] = await db
      .insert(uploads)
      .values({
        userId: user!.id,
        agentId: agent!.id,
        kind,
        key,
        contentType: 'image/png',
        size: png.length,
        filename: `${kind}.png`,
        status: 'confirmed',
        expiresAt: sql`now()`,
        confirmedAt: sql`now()`,
      })
      .returning({ id: uploads.id });
    urls[kind] = fileUrl(deps, upload!.id);
  }
  await db
    .update(agents)
    .set({ agentHeadshotsUrls: [urls.headshot], brokerageLogoUrls: [urls.brokerage_logo] })
    .where(eq(agents.id, agent!.id));
}

/** Signs both agreements of an agent the way the agent and broker would, so the demo shows completed ones. */
async function signDemoAgreements(deps: AppDeps, email: string) {
  const [user] = await deps.database.db.select().from(users).where(eq(users.email, email));
  const client = { ip: '127.0.0.1', userAgent: 'demo seed' };
  for (const document of ['service', 'master'] as const) {
    const { response } = await generateDocument(deps, user!, { document });
    const link = response.documents[0]!.signers[0]!.sign_document_url!;
    const signature = { kind: 'typed' as const, text: user!.name ?? 'Agent' };
    await signWithToken(deps, link.split('/sign/')[1]!, { signature, consent: true }, client);
    if (document === 'master') {
      const [broker] = await deps.database.db
        .select()
        .from(signatureSigners)
        .where(
          and(
            eq(signatureSigners.requestId, response.signature_request_id),
            eq(signatureSigners.role, 'Broker'),
          ),
        );
      const token = signingToken(deps.config, broker!.id, broker!.linkNonce!);
      await signWithToken(
        deps,
        token,
        { signature: { kind: 'typed', text: broker!.name }, consent: true },
        client,
      );
    }
  }
}

const DEMO_SELLERS: readonly DemoSeller[] = [
  ['Maria', 'Lopez', 'fsbo', '1402 E Roosevelt St', '85006', 'active', 1],
  ['James', 'Carter', 'expired', '2210 N 7th St', '85006', 'active', 3],
  ['Priya', 'Shah', 'inherited', '915 W Palm Ln', '85004', 'active', 6],
  ['Tom', 'Becker', 'absentee', '3301 N 16th St', '85012', 'active', 9],
  ['Linda', 'Nguyen', 'divorced', '540 E McDowell Rd', '85004', 'archived', 16],
  ['Robert', 'King', 'high_sell_score', '1820 E Thomas Rd', '85012', 'active', 23],
  ['Angela', 'Ruiz', 'fsbo', '77 W Portland St', '85004', 'closed', 38],
  ['Kevin', 'Oduya', 'old_expired', '2615 N 12th St', '85006', 'active', 45],
  ['Sofia', 'Marino', 'recent_buyers', '1114 E Oak St', '85006', 'archived', 60],
  ['Daniel', 'Price', 'expired', '4020 N 20th St', '85008', 'active', 74],
];

type DemoSeller = readonly [
  string,
  string,
  LeadType,
  string,
  string,
  'active' | 'archived' | 'closed',
  number,
];

/** The office's other agents: where they sell and which group they are in. */
const OFFICE_AGENTS = [
  {
    first: 'Ethan',
    last: 'Brooks',
    city: 'Scottsdale',
    zip: '85251',
    street: 'E Camelback Rd',
    group: 'east',
  },
  { first: 'Grace', last: 'Kim', city: 'Tempe', zip: '85281', street: 'S Mill Ave', group: 'east' },
  { first: 'Marcus', last: 'Reed', city: 'Mesa', zip: '85201', street: 'W Main St', group: 'east' },
  { first: 'Hannah', last: 'Cole', city: 'Glendale', zip: '85301', street: 'W Glendale Ave', group: 'west' },
] as const;

const SELLER_NAMES = [
  ['Olivia', 'Turner'],
  ['Noah', 'Bennett'],
  ['Emma', 'Foster'],
  ['Liam', 'Hughes'],
  ['Ava', 'Sanders'],
  ['Lucas', 'Perry'],
  ['Mia', 'Jenkins'],
  ['Henry', 'Powell'],
] as const;

/** A handful of leads for an office agent, spread over the last twelve weeks (one closed). */
function officeSellers(agentIndex: number, zip: string, street: string): DemoSeller[] {
  const count = 5 + agentIndex;
  return Array.from({ length: count }, (_, i) => {
    const [first, last] = SELLER_NAMES[(i + agentIndex * 3) % SELLER_NAMES.length]!;
    const status = i === 2 ? 'closed' : i % 4 === 3 ? 'archived' : 'active';
    return [
      first,
      last,
      LEAD_TYPES[(i + agentIndex) % LEAD_TYPES.length]!,
      `${120 + i * 37 + agentIndex * 11} ${street}`,
      zip,
      status,
      2 + i * 9 + agentIndex,
    ] as const;
  });
}

/** Leads for a demo agent, so the workspace and the office dashboard have something to show. */
async function seedDemoLeads(
  tx: Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0],
  agentId: string,
  sellers: readonly DemoSeller[],
  city: string,
  counter: { leads: number; invoices: number },
  author: DemoAuthor,
) {
  const closedLeads: LeadRow[] = [];
  for (const [index, [first, last, type, street, zip, status, daysAgo]] of sellers.entries()) {
    counter.leads += 1;
    const phone = `+1602555${String(3100 + counter.leads).padStart(4, '0')}`;
    const email = `${first}.${last}@example.com`.toLowerCase();
    const createdAt = sql`now() - make_interval(days => ${daysAgo}, hours => ${index * 3})`;
    const closed = status === 'closed';
    const [lead] = await tx
      .insert(leads)
      .values({
        agentId,
        leadType: type,
        status,
        firstName: first,
        lastName: last,
        phone,
        email,
        street,
        city,
        state: 'AZ',
        zip,
        county: 'Maricopa',
        source: 'Demo seller feed',
        externalId: `demo-${counter.leads}`,
        notes: index === 0 ? 'Wants to sell before spring; prefers calls after 5 pm.' : '',
        routing: {
          decision: 'assigned',
          reason: `The only eligible agent for ZIP ${zip}.`,
          candidates: 1,
          decidedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
        },
        closingDate: closed ? sql`(now() - interval '5 days')::date` : null,
        salePrice: closed ? 412000 : null,
        grossCommission: closed ? 12360 : null,
        searchText: [`${first} ${last}`, email, phone.replace(/\D/g, ''), `${street}, ${city}, az ${zip}`]
          .join(' | ')
          .toLowerCase(),
        createdAt,
        updatedAt: createdAt,
        ...demoStage(index, status, createdAt),
      })
      .returning();
    await tx.insert(leadEvents).values({
      leadId: lead!.id,
      kind: 'routed',
      actorType: 'api',
      actorName: 'Demo seller feed',
      details: { reason: `The only eligible agent for ZIP ${zip}.`, candidates: 1, agent_id: agentId },
      createdAt,
    });
    await seedDemoActivities(tx, lead!, index, createdAt, author);
    if (closed) closedLeads.push(lead!);
  }
  // Each closing has its invoice (ADR 66); the first is paid, so a statement shows both.
  const seed: MoneyActor = { id: null, email: null, name: 'Demo data' };
  for (const lead of closedLeads) {
    const [stamped] = await tx
      .update(leads)
      .set({ closedAt: sql`now() - interval '5 days'` })
      .where(sql`${leads.id} = ${lead.id}`)
      .returning();
    const invoice = await issueInvoice(tx, stamped!, seed);
    // In turn: paid in full, paid in part, still open, so every statement has something to show.
    counter.invoices += 1;
    const turn = counter.invoices % 3;
    if (turn !== 0 && invoice.amountCents > 0) {
      const amount = turn === 1 ? invoice.amountCents : Math.min(100_000, invoice.amountCents);
      await recordPayment(
        tx,
        invoice.id,
        {
          amount_cents: amount,
          paid_on: todayUtc(),
          method: 'ach',
          reference: `ACH ${20417 + counter.invoices}`,
        },
        seed,
      );
    }
  }
  await refreshAgentMoney(tx, agentId);
}

export function formatDemoBanner(url: string, seeded: DemoSeed): string {
  const width = Math.max(...seeded.logins.map((l) => l.email.length));
  const lines = [
    '',
    `Demo data created. Open ${url}`,
    `  Join as a new agent at ${url}/signup with access code: ${seeded.accessCode}`,
    '  Or sign in as:',
    ...seeded.logins.map((l) => `    ${l.email.padEnd(width)}  ${l.password}  (${l.role}: ${l.note})`),
    '  The corporate user can also sign in once with this link (24 hours; npm run admin -- corporate-login-link EMAIL for another):',
    `    ${seeded.corporateLink}`,
    `  Post a seller lead (it goes to Alicia Alvarez, who serves ZIP 85004):`,
    `    curl -X POST ${url}/api/v1/leads -H 'Authorization: Bearer ${DEMO_API_KEY}' \\`,
    `      -H 'Content-Type: application/json' -d '{"lead_type":"fsbo","first_name":"Jo","phone":"6025550123","zip":"85004"}'`,
    '',
  ];
  return lines.join('\n');
}
