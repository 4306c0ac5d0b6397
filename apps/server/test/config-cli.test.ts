import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'portal-cfg-'));

describe('configuration', () => {
  it('has embedded defaults: ./data, port 3000, secrets generated once and kept', () => {
    const dir = tmp();
    const config = loadConfig({ INIT_CWD: dir });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.join(dir, 'data'));
    expect(config.embedded).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ INIT_CWD: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('refuses to start in production without its secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/JWT_SECRET.*TOKEN_SECRET/);
  });

  it('seeds demo users (published passwords) only on the embedded database unless asked', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://db/portal' }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://db/portal', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });

  it('explains a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short', TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: tmp() })).toThrow(
      /at least 32/,
    );
  });

  it('sizes the database pool and its timeouts from the environment, and refuses what cannot work', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).databasePool).toEqual({
      max: 10,
      statementTimeoutMs: 0,
      idleTimeoutMs: 30_000,
      connectTimeoutMs: 5000,
    });
    const sized = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_POOL_MAX: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '15000',
      DATABASE_IDLE_TIMEOUT_MS: '10000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    }).databasePool;
    expect(sized).toEqual({
      max: 25,
      statementTimeoutMs: 15_000,
      idleTimeoutMs: 10_000,
      connectTimeoutMs: 2000,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_MAX: '1' })).toThrow(
      /DATABASE_POOL_MAX is at least 2/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('starts in production with everything set, without the demo', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      TOKEN_SECRET: 't'.repeat(40),
      PUBLIC_URL: 'https://portal.example.com',
      DATABASE_URL: 'postgres://db.example.com/portal',
      SMTP_URL: 'smtp://mail.example.com:587',
      DATA_DIR: tmp(),
    });
    expect(config.seedDemo).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(config.devMailbox).toBe(false);
    expect(config.allowedOrigins).toEqual(['https://portal.example.com']);
  });
});

const serverDir = path.resolve(import.meta.dirname, '..');
const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });

// Each CLI run is a new process that loads the server's code and the database (seconds of CPU):
// beside the other test workers on a busy 2-core machine, a test of several runs takes minutes.
describe('admin CLI on the embedded database', { timeout: 300_000 }, () => {
  it('creates a superuser and access codes with limits, and explains mistakes', async () => {
    const dataDir = tmp();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const superuser = cli(['create-superuser', 'boss@example.com', 'a-sturdy-passphrase'], env);
    expect(superuser.stderr).toBe('');
    expect(superuser.stdout).toContain('Superuser boss@example.com created.');

    const code = cli(['create-access-code', 'FALL-2027', '--uses', '3', '--expires', '2099-01-31'], env);
    expect(code.stdout).toContain('Access code FALL-2027 created (3 uses, expires 2099-01-31).');

    const duplicate = cli(['create-access-code', 'fall-2027'], env);
    expect(duplicate.status).toBe(2);
    expect(duplicate.stderr).toContain('already exists');
    const badDate = cli(['create-access-code', 'OTHER-1', '--expires', 'tomorrow'], env);
    expect(badDate.stderr).toContain('--expires must be a date as YYYY-MM-DD');
    const weak = cli(['create-superuser', 'weak@example.com', 'password'], env);
    expect(weak.status).toBe(2);
    expect(weak.stderr).toMatch(/common passwords|at least 8/);

    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    const users = await database.executeSql('select email, is_superuser from users');
    expect(users.rows).toEqual([{ email: 'boss@example.com', is_superuser: true }]);
    const codes = await database.executeSql('select code, max_uses from access_codes');
    expect(codes.rows).toEqual([{ code: 'FALL-2027', max_uses: 3 }]);
    await database.close();
  });

  it("changes an agent's status as the transitions allow, and records it", async () => {
    const dataDir = tmp();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    expect(cli(['seed'], env).status).toBe(0);
    const email = 'active.agent@demo.agentportal.local';
    const suspended = cli(['set-agent-status', email, 'suspended', '--reason', 'unpaid invoice'], env);
    expect(suspended.stderr).toBe('');
    expect(suspended.stdout).toContain(`${email}: active -> suspended.`);
    const refused = cli(['set-agent-status', email, 'inactive'], env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('An agent who is suspended cannot become inactive');
    const unknown = cli(['set-agent-status', email, 'retired'], env);
    expect(unknown.stderr).toContain(
      'STATUS must be one of onboarding, active, inactive, suspended, terminated',
    );

    // An intake key: printed once, stored only as its SHA-256, revoked by name.
    const created = cli(['create-api-key', 'Zillow', 'feed'], env);
    expect(created.stderr).toBe('');
    const key = created.stdout.match(/lpk_[A-Za-z0-9]{10}_[A-Za-z0-9_-]{43}/)?.[0];
    expect(key).toBeDefined();
    expect(created.stdout).toContain('It is shown only now');
    const revoked = cli(['revoke-api-key', 'Zillow feed'], env);
    expect(revoked.stdout).toContain('Revoked Zillow feed');
    expect(cli(['revoke-api-key', 'Zillow feed'], env).stderr).toContain('No live API key');
    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    const status = await database.executeSql(
      `select a.agent_status from agents a join users u on u.id = a.user_id where u.email = '${email}'`,
    );
    expect(status.rows).toEqual([{ agent_status: 'suspended' }]);
    const log = await database.executeSql(
      "select actor_email, details from audit_log where action = 'agent_status_change'",
    );
    expect(log.rows).toEqual([
      {
        actor_email: 'cli',
        details: { from: 'active', to: 'suspended', reason: 'unpaid invoice', target_name: 'Alicia Alvarez' },
      },
    ]);
    const keys = await database.executeSql(
      "select name, key_hash, revoked_at is not null as revoked from api_keys where name = 'Zillow feed'",
    );
    expect(keys.rows).toEqual([
      { name: 'Zillow feed', key_hash: createHash('sha256').update(key!).digest('hex'), revoked: true },
    ]);
    await database.close();
  });

  it('sets up a corporate user with a sign-in link, a group, its members and a bound access code', async () => {
    const dataDir = tmp();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://portal.example.com' };
    expect(cli(['seed'], env).status).toBe(0);
    const created = cli(['create-corporate-user', 'office@harbor.example', 'Harbor', 'Homes'], env);
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Corporate user office@harbor.example (Harbor Homes) created.');
    const link = created.stdout.match(/https:\/\/portal\.example\.com\/login\/corporate\/\S+/)?.[0];
    expect(link).toBeDefined();
    const fresh = cli(['corporate-login-link', 'office@harbor.example'], env);
    expect(fresh.stdout).toMatch(/\/login\/corporate\/\S+/);
    expect(cli(['corporate-login-link', 'active.agent@demo.agentportal.local'], env).stderr).toContain(
      'is not a corporate user',
    );

    const group = cli(['create-group', 'Harbor', 'North', '--corporate', 'office@harbor.example'], env);
    expect(group.stderr).toBe('');
    const groupId = group.stdout.trim();
    expect(groupId).toMatch(/^[0-9a-f-]{36}$/);
    const added = cli(['add-to-group', groupId, 'new.agent@demo.agentportal.local', '--manager'], env);
    expect(added.stdout).toContain('new.agent@demo.agentportal.local is in Harbor North as its manager.');
    expect(added.stdout).toContain('linked to another corporate user');
    expect(cli(['add-to-group', groupId, 'nobody@example.com'], env).stderr).toContain(
      'No user has the e-mail',
    );
    const code = cli(['create-access-code', 'HARBOR-1', '--group', groupId], env);
    expect(code.stdout).toContain('agents linked to office@harbor.example, added to the group Harbor North');
    const removed = cli(['remove-from-group', groupId, 'new.agent@demo.agentportal.local'], env);
    expect(removed.stdout).toContain('is no longer in Harbor North');

    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    const codes = await database.executeSql(
      "select u.email, g.name from access_codes c join users u on u.id = c.corporate_user_id join groups g on g.id = c.group_id where c.code = 'HARBOR-1'",
    );
    expect(codes.rows).toEqual([{ email: 'office@harbor.example', name: 'Harbor North' }]);
    const log = await database.executeSql(
      "select action from audit_log where actor_email = 'cli' order by created_at, action",
    );
    expect((log.rows as { action: string }[]).map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'create_corporate_user',
        'create_group',
        'add_manager_to_group',
        'remove_from_group',
      ]),
    );
    await database.close();
  });

  it('says clearly when the server holds the data folder', () => {
    const dataDir = tmp();
    writeFileSync(
      path.join(dataDir, 'server.lock'),
      JSON.stringify({ pid: process.pid, url: 'http://localhost:3000' }),
    );
    const result = cli(['create-access-code', 'LOCKED-1'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('holds the embedded database');
    expect(result.stderr).toContain('stop the server');
  });

  it('prints its usage for an unknown command', () => {
    const result = cli(['frobnicate'], { DATA_DIR: tmp() });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('create-access-code CODE');
  });
});
