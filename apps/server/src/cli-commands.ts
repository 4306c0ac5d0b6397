// The admin CLI's commands (`npm run admin -- ...`), each run with the runtime open; cli.ts parses
// the command line and holds the data folder.
import { parseArgs } from 'node:util';
import { AGENT_STATUSES, EmailSchema } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from './app-context';
import { accessCodes, agents, type UserRow, users } from './db/schema';
import { audit } from './lib/audit';
import { changeAgentStatus } from './modules/agents/status';
import { assertAcceptablePassword, hashPassword } from './modules/auth/passwords';
import { findUserByEmail } from './modules/auth/users';
import {
  addToGroup,
  corporateLoginLink,
  createCorporateUser,
  createGroup,
  findGroup,
  removeFromGroup,
} from './modules/corporate/service';
import { createApiKey, revokeApiKey } from './modules/leads/api-keys';
import { formatDemoBanner, isDatabaseEmpty, seedDemo } from './seed/demo';

export const USAGE = `Usage: npm run admin -- <command>

  create-superuser EMAIL PASSWORD                 create a superuser (or make an existing user one)
  create-access-code CODE [--uses N] [--expires YYYY-MM-DD] [--description TEXT]
                     [--corporate EMAIL] [--group GROUP_ID]
                                                  create an access code for new agents (who join
                                                  linked to that corporate user and group)
  create-corporate-user EMAIL NAME                create a corporate user; prints a sign-in link
  corporate-login-link EMAIL                      a fresh one-time sign-in link for a corporate user
  create-group NAME --corporate EMAIL             create a group owned by a corporate user
  add-to-group GROUP_ID AGENT_EMAIL [--manager]   add an agent to a group (or make it its manager)
  remove-from-group GROUP_ID AGENT_EMAIL          take an agent out of a group
  set-agent-status EMAIL STATUS [--reason TEXT]  change an agent's status (onboarding, active, inactive,
                                                  suspended, terminated) as a superuser would
  create-api-key NAME                             create a key for a lead-intake client (shown once)
  revoke-api-key NAME|PREFIX                      revoke a client's key(s)
  migrate                                         apply database migrations
  seed                                            add the demo data to an empty database

The CLI works on the same database as the server: DATABASE_URL when set, else PGlite in DATA_DIR.`;

export class UsageError extends Error {}

export type Command = (deps: AppDeps, args: string[]) => Promise<string>;

export const commands: Record<string, Command> = {
  async 'create-superuser'(deps, args) {
    const [rawEmail, password] = args;
    if (!rawEmail || !password) throw new UsageError('create-superuser needs EMAIL and PASSWORD');
    const email = EmailSchema.safeParse(rawEmail);
    if (!email.success) throw new UsageError(`"${rawEmail}" is not a valid e-mail address`);
    assertAcceptablePassword(password);
    const passwordHash = await hashPassword(password);
    const { db } = deps.database;
    const existing = await findUserByEmail(db, email.data);
    if (existing) {
      await db
        .update(users)
        .set({
          isSuperuser: true,
          userRole: 'superuser',
          passwordHash,
          isActive: true,
          updatedAt: sql`now()`,
        })
        .where(sql`${users.id} = ${existing.id}`);
      await audit(db, {
        action: 'cli_promote_superuser',
        targetType: 'user',
        targetId: existing.id,
        targetName: existing.name || existing.email,
        actorEmail: 'cli',
      });
      return `${email.data} is now a superuser (password updated).`;
    }
    const [user] = await db
      .insert(users)
      .values({ email: email.data, passwordHash, isSuperuser: true, isVerified: true, userRole: 'superuser' })
      .returning();
    await audit(db, {
      action: 'cli_create_superuser',
      targetType: 'user',
      targetId: user!.id,
      targetName: email.data,
      actorEmail: 'cli',
    });
    return `Superuser ${email.data} created.`;
  },

  async 'create-access-code'(deps, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        uses: { type: 'string' },
        expires: { type: 'string' },
        description: { type: 'string' },
        corporate: { type: 'string' },
        group: { type: 'string' },
      },
    });
    const code = positionals[0]?.trim();
    if (!code) throw new UsageError('create-access-code needs CODE');
    if (!/^[A-Za-z0-9_-]{4,64}$/.test(code)) {
      throw new UsageError('CODE must be 4 to 64 letters, digits, "-" or "_"');
    }
    const uses = values.uses === undefined ? null : z.coerce.number().int().positive().safeParse(values.uses);
    if (uses && !uses.success) throw new UsageError('--uses must be a whole number above 0');
    let expiresAt: Date | null = null;
    if (values.expires !== undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expires) || Number.isNaN(Date.parse(values.expires))) {
        throw new UsageError('--expires must be a date as YYYY-MM-DD');
      }
      // The code works through the whole day it expires on (UTC).
      expiresAt = new Date(`${values.expires}T23:59:59.999Z`);
      if (expiresAt.getTime() < Date.now()) throw new UsageError('--expires is in the past');
    }
    const { db } = deps.database;
    const [existing] = await db
      .select()
      .from(accessCodes)
      .where(sql`lower(${accessCodes.code}) = ${code.toLowerCase()}`);
    if (existing) throw new UsageError(`Access code ${code} already exists`);
    const binding = await accessCodeBinding(deps, values.corporate, values.group);
    await db.insert(accessCodes).values({
      code,
      maxUses: uses ? uses.data : null,
      expiresAt,
      description: values.description ?? null,
      corporateUserId: binding.corporate?.id ?? null,
      groupId: binding.group?.id ?? null,
    });
    await audit(db, {
      action: 'cli_create_access_code',
      targetType: 'access_code',
      targetId: code,
      targetName: code,
      actorEmail: 'cli',
    });
    const limits = [
      uses ? `${uses.data} uses` : 'unlimited uses',
      expiresAt ? `expires ${values.expires}` : 'no expiry',
    ];
    if (binding.corporate) limits.push(`agents linked to ${binding.corporate.email}`);
    if (binding.group) limits.push(`added to the group ${binding.group.name}`);
    return `Access code ${code} created (${limits.join(', ')}).`;
  },

  async 'create-corporate-user'(deps, args) {
    const [email, ...nameParts] = args;
    const name = nameParts.join(' ').trim();
    if (!email || !name) throw new UsageError('create-corporate-user needs EMAIL and NAME');
    const { user, link } = await createCorporateUser(deps, { email, name, actor: CLI });
    return [
      `Corporate user ${user.email} (${user.name}) created.`,
      '',
      'Sign-in link (works once, for 24 hours; corporate-login-link EMAIL gives a new one):',
      `  ${link}`,
    ].join('\n');
  },

  async 'corporate-login-link'(deps, args) {
    const [email] = args;
    if (!email) throw new UsageError('corporate-login-link needs EMAIL');
    const link = await corporateLoginLink(deps, email, CLI);
    return ['Sign-in link (works once, for 24 hours; earlier links no longer work):', `  ${link}`].join('\n');
  },

  async 'create-group'(deps, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { corporate: { type: 'string' } },
    });
    const name = positionals.join(' ').trim();
    if (!name || !values.corporate) throw new UsageError('create-group needs NAME and --corporate EMAIL');
    const group = await createGroup(deps, { name, corporateEmail: values.corporate, actor: CLI });
    return group.id;
  },

  async 'add-to-group'(deps, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { manager: { type: 'boolean' } },
    });
    const [groupId, agentEmail] = positionals;
    if (!groupId || !agentEmail) throw new UsageError('add-to-group needs GROUP_ID and AGENT_EMAIL');
    const result = await addToGroup(deps, {
      groupId,
      agentEmail,
      isManager: values.manager === true,
      actor: CLI,
    });
    const lines = [
      `${result.user.email} is in ${result.group.name}${values.manager ? ' as its manager' : ''}.`,
    ];
    if (result.linkedToCorporate) lines.push("It is now linked to the group's corporate user.");
    if (result.otherOffice) {
      lines.push(
        "Note: it is linked to another corporate user, so the group's corporate user counts it but does not see its leads.",
      );
    }
    return lines.join('\n');
  },

  async 'remove-from-group'(deps, args) {
    const [groupId, agentEmail] = args;
    if (!groupId || !agentEmail) throw new UsageError('remove-from-group needs GROUP_ID and AGENT_EMAIL');
    const { user, group } = await removeFromGroup(deps, { groupId, agentEmail, actor: CLI });
    return `${user.email} is no longer in ${group.name}.`;
  },

  async 'set-agent-status'(deps, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    });
    const [rawEmail, rawStatus] = positionals;
    if (!rawEmail || !rawStatus) throw new UsageError('set-agent-status needs EMAIL and STATUS');
    const status = z.enum(AGENT_STATUSES).safeParse(rawStatus);
    if (!status.success) throw new UsageError(`STATUS must be one of ${AGENT_STATUSES.join(', ')}`);
    const { db } = deps.database;
    const user = await findUserByEmail(db, rawEmail.trim().toLowerCase());
    if (!user) throw new UsageError(`No user has the e-mail ${rawEmail}`);
    return db.transaction(async (tx) => {
      const [agent] = await tx.select().from(agents).where(eq(agents.userId, user.id)).for('update');
      if (!agent) throw new UsageError(`${user.email} has no agent profile`);
      await changeAgentStatus(tx, agent, {
        to: status.data,
        actor: 'superuser',
        actorEmail: 'cli',
        reason: values.reason ?? 'set with the admin CLI',
      });
      return `${user.email}: ${agent.agentStatus} -> ${status.data}.`;
    });
  },

  async 'create-api-key'(deps, args) {
    const name = args.join(' ').trim();
    if (!name) throw new UsageError('create-api-key needs NAME (the client, e.g. "Zillow feed")');
    if (name.length > 100) throw new UsageError('NAME is too long (at most 100 characters)');
    const { key, row } = await createApiKey(deps.database.db, { name });
    await audit(deps.database.db, {
      action: 'cli_create_api_key',
      targetType: 'api_key',
      targetId: row.id,
      targetName: name,
      actorEmail: 'cli',
      details: { name, prefix: row.prefix },
    });
    return [
      `API key for ${name} (prefix ${row.prefix}):`,
      '',
      `  ${key}`,
      '',
      'It is shown only now: give it to the client, who sends it as "Authorization: Bearer <key>".',
    ].join('\n');
  },

  async 'revoke-api-key'(deps, args) {
    const target = args.join(' ').trim();
    if (!target) throw new UsageError('revoke-api-key needs the NAME or PREFIX of the key');
    const revoked = await revokeApiKey(deps.database.db, target);
    if (revoked.length === 0) throw new UsageError(`No live API key has the name or prefix ${target}`);
    for (const row of revoked) {
      await audit(deps.database.db, {
        action: 'cli_revoke_api_key',
        targetType: 'api_key',
        targetId: row.id,
        targetName: row.name,
        actorEmail: 'cli',
        details: { name: row.name, prefix: row.prefix },
      });
    }
    return `Revoked ${revoked.map((row) => `${row.name} (${row.prefix})`).join(', ')}.`;
  },

  async migrate() {
    return 'Database migrations are applied.';
  },

  async seed(deps) {
    if (!(await isDatabaseEmpty(deps))) return 'The database already has users; demo data was not added.';
    return formatDemoBanner(deps.config.publicUrl, await seedDemo(deps));
  },
};

const CLI = { email: 'cli' };

/** --corporate and --group of create-access-code: a group alone binds its corporate user too. */
async function accessCodeBinding(deps: AppDeps, corporateEmail?: string, groupId?: string) {
  const { db } = deps.database;
  const group = groupId ? await findGroup(db, groupId) : null;
  let corporate: UserRow | null = null;
  if (corporateEmail) {
    corporate = await findUserByEmail(db, corporateEmail.trim().toLowerCase());
    if (!corporate || corporate.userRole !== 'corporate') {
      throw new UsageError(`${corporateEmail} is not a corporate user`);
    }
  } else if (group?.corporateUserId) {
    [corporate = null] = await db.select().from(users).where(eq(users.id, group.corporateUserId));
  }
  if (group && corporate && group.corporateUserId !== corporate.id) {
    throw new UsageError(`The group ${group.name} belongs to another corporate user`);
  }
  return { corporate, group };
}
