import { parseArgs } from 'node:util';
import { EmailSchema } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from './app-context';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { accessCodes, users } from './db/schema';
import { formatDemoBanner, isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { audit } from './lib/audit';
import { AppError } from './lib/errors';
import { assertAcceptablePassword, hashPassword } from './modules/auth/passwords';
import { revokeAllSessions } from './modules/auth/sessions';
import { findUserByEmail } from './modules/auth/users';
import { closeRuntime, holderOfDataDir, openRuntime } from './runtime';

const USAGE = `Usage: npm run admin -- <command>

  create-superuser EMAIL PASSWORD                 create a superuser (or make an existing user one)
  create-access-code CODE [--uses N] [--expires YYYY-MM-DD] [--description TEXT]
                                                  create an access code for new agents
  migrate                                         apply database migrations
  seed                                            add the demo data to an empty database

The CLI works on the same database as the server: DATABASE_URL when set, else PGlite in DATA_DIR.`;

class UsageError extends Error {}

type Command = (deps: AppDeps, args: string[]) => Promise<string>;

const commands: Record<string, Command> = {
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
      actorEmail: 'cli',
    });
    return `Superuser ${email.data} created.`;
  },

  async 'create-access-code'(deps, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { uses: { type: 'string' }, expires: { type: 'string' }, description: { type: 'string' } },
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
    await db.insert(accessCodes).values({
      code,
      maxUses: uses ? uses.data : null,
      expiresAt,
      description: values.description ?? null,
    });
    await audit(db, {
      action: 'cli_create_access_code',
      targetType: 'access_code',
      targetId: code,
      actorEmail: 'cli',
    });
    const limits = [
      uses ? `${uses.data} uses` : 'unlimited uses',
      expiresAt ? `expires ${values.expires}` : 'no expiry',
    ];
    return `Access code ${code} created (${limits.join(', ')}).`;
  },

  async migrate() {
    return 'Database migrations are applied.';
  },

  async seed(deps) {
    if (!(await isDatabaseEmpty(deps))) return 'The database already has users; demo data was not added.';
    return formatDemoBanner(deps.config.publicUrl, await seedDemo(deps));
  },
};

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(USAGE);
    process.exit(name && name !== 'help' && name !== '--help' ? 2 : 0);
  }
  loadDotEnv();
  const config = loadConfig();
  const holder = holderOfDataDir(config);
  if (holder) {
    console.error(
      `The portal server (pid ${holder.pid}, ${holder.url}) holds the embedded database in ${config.dataDir}.\n` +
        'PGlite can be opened by one process only: stop the server (Ctrl+C), run this command, then start it again.\n' +
        'With DATABASE_URL (PostgreSQL) the CLI and the server can run side by side.',
    );
    process.exit(1);
  }
  const deps = await openRuntime(config);
  try {
    console.log(await command(deps, args));
  } finally {
    await closeRuntime(deps);
  }
}

main().catch((error) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
    console.error(`Error: ${error.message}`);
    if (error instanceof UsageError) console.error(`\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
