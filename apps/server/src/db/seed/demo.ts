import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { sha256 } from '../../lib/crypto';
import { hashPassword } from '../../modules/auth/passwords';
import { refreshAgentStats } from '../../modules/leads/stats';
import { signingToken } from '../../modules/signing/links';
import { signWithToken } from '../../modules/signing/public';
import { generateDocument } from '../../modules/signing/service';
import {
  accessCodes,
  agents,
  apiKeys,
  groupMemberships,
  groups,
  leadEvents,
  leads,
  signatureSigners,
  users,
} from '../schema';
import { DEFAULT_ONBOARDING_STEPS } from '../schema/agents';

/** Demo data for a fresh embedded install: one of each kind of user, at different stages. */
export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO_ACCESS_CODE = 'WELCOME-2026';
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

export async function seedDemo(deps: AppDeps): Promise<{ logins: DemoLogin[]; accessCode: string }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { db } = deps.database;
  const logins: DemoLogin[] = [];

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
        email: 'corporate@demo.agentportal.local',
        name: 'Summit Realty Corporate',
        passwordHash,
        isVerified: true,
        userRole: 'corporate',
      })
      .returning();
    logins.push({
      role: 'corporate',
      email: corporate!.email,
      password: DEMO_PASSWORD,
      note: 'sees linked agents',
    });

    await tx.insert(accessCodes).values({
      code: DEMO_ACCESS_CODE,
      description: 'Demo access code for new agents',
      maxUses: 100,
      createdById: admin!.id,
    });

    const [group] = await tx
      .insert(groups)
      .values({ name: 'Summit Realty West', corporateUserId: corporate!.id })
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
        note: 'active: receives leads; group manager',
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
          corporateUserName: corporate!.name,
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
      if (active) await seedDemoLeads(tx, agent!.id);
      logins.push({ role: 'agent', email: stage.email, password: DEMO_PASSWORD, note: stage.note });
    }
  });
  await deps.database.db.insert(apiKeys).values({
    name: 'Demo seller feed',
    prefix: DEMO_API_KEY.split('_')[1]!,
    keyHash: sha256(DEMO_API_KEY),
  });
  await refreshAgentStats(deps.database.db);
  await signDemoAgreements(deps, 'active.agent@demo.agentportal.local');
  return { logins, accessCode: DEMO_ACCESS_CODE };
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

const DEMO_SELLERS = [
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
] as const;

/** Leads for the active demo agent, so the workspace has something to show on first start. */
async function seedDemoLeads(
  tx: Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0],
  agentId: string,
) {
  for (const [index, [first, last, type, street, zip, status, daysAgo]] of DEMO_SELLERS.entries()) {
    const phone = `+1602555${String(3100 + index).padStart(4, '0')}`;
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
        city: 'Phoenix',
        state: 'AZ',
        zip,
        county: 'Maricopa',
        source: 'Demo seller feed',
        externalId: `demo-${index + 1}`,
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
        searchText: [`${first} ${last}`, email, phone.replace(/\D/g, ''), `${street}, phoenix, az ${zip}`]
          .join(' | ')
          .toLowerCase(),
        createdAt,
        updatedAt: createdAt,
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
  }
  await tx
    .update(agents)
    .set({ totalClosings: 1, totalGrossCommissionEarned: 12360 })
    .where(sql`${agents.id} = ${agentId}`);
}

export function formatDemoBanner(url: string, seeded: { logins: DemoLogin[]; accessCode: string }): string {
  const width = Math.max(...seeded.logins.map((l) => l.email.length));
  const lines = [
    '',
    `Demo data created. Open ${url}`,
    `  Join as a new agent at ${url}/signup with access code: ${seeded.accessCode}`,
    '  Or sign in as:',
    ...seeded.logins.map((l) => `    ${l.email.padEnd(width)}  ${l.password}  (${l.role}: ${l.note})`),
    `  Post a seller lead (it goes to Alicia Alvarez, who serves ZIP 85004):`,
    `    curl -X POST ${url}/api/v1/leads -H 'Authorization: Bearer ${DEMO_API_KEY}' \\`,
    `      -H 'Content-Type: application/json' -d '{"lead_type":"fsbo","first_name":"Jo","phone":"6025550123","zip":"85004"}'`,
    '',
  ];
  return lines.join('\n');
}
