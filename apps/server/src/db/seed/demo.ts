import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { hashPassword } from '../../modules/auth/passwords';
import { accessCodes, agents, groupMemberships, groups, users } from '../schema';
import { DEFAULT_ONBOARDING_STEPS } from '../schema/agents';

/** Demo data for a fresh embedded install: one of each kind of user, at different stages. */
export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO_ACCESS_CODE = 'WELCOME-2026';

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
          accessCode: DEMO_ACCESS_CODE,
          signupStatus: stage.signupStatus,
          agentStatus: stage.agentStatus,
          signUpDate: sql`now() - interval '20 days'`,
          onboardingDate: active ? sql`now() - interval '5 days'` : null,
          timezone: 'America/Denver',
          corporateUserId: corporate!.id,
          corporateUserName: corporate!.name,
          zipcodes: active ? ['85004', '85006', '85008', '85012'] : [],
          onboardingSteps: active
            ? (Object.fromEntries(
                Object.keys(DEFAULT_ONBOARDING_STEPS).map((k) => [k, true]),
              ) as typeof DEFAULT_ONBOARDING_STEPS)
            : DEFAULT_ONBOARDING_STEPS,
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
      logins.push({ role: 'agent', email: stage.email, password: DEMO_PASSWORD, note: stage.note });
    }
  });
  return { logins, accessCode: DEMO_ACCESS_CODE };
}

export function formatDemoBanner(url: string, seeded: { logins: DemoLogin[]; accessCode: string }): string {
  const width = Math.max(...seeded.logins.map((l) => l.email.length));
  const lines = [
    '',
    `Demo data created. Open ${url}`,
    `  Join as a new agent at ${url}/signup with access code: ${seeded.accessCode}`,
    '  Or sign in as:',
    ...seeded.logins.map((l) => `    ${l.email.padEnd(width)}  ${l.password}  (${l.role}: ${l.note})`),
    '',
  ];
  return lines.join('\n');
}
