import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type AgentRecord, onboardingProgress } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Production runs the compiled server (ADR 21): `node build.mjs` bundles it into dist/, then
 * `node dist/server.js`. A path that only resolves from src/ (the migrations, the web app), a
 * package that no longer loads outside tsx, or a template import the bundle breaks shows only at
 * run time, so this builds it, starts it on the embedded defaults (PGlite with the demo data,
 * workers on) and uses it through HTTP as a browser would.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const DEMO_AGENT = 'active.agent@demo.agentportal.local';
const DEMO_ADMIN = 'admin@demo.agentportal.local';
const DEMO_PASSWORD = 'portal-demo-2026';

// Once per run: the PostgreSQL pass of the suite (TEST_DATABASE_URL) would only repeat it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the compiled server (dist/server.js)', () => {
  let child: ChildProcess;
  let base = '';
  let dataDir = '';
  let output = '';

  beforeAll(async () => {
    // The web app it serves: built by `npm run build`, or here when this file runs first.
    if (!existsSync(path.join(serverDir, '../web/dist/index.html'))) {
      const web = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
        cwd: path.resolve(serverDir, '../..'),
        encoding: 'utf8',
      });
      expect(web.status, web.stderr).toBe(0);
    }
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);

    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-build-test-'));
    // The embedded defaults, whatever database the rest of the suite runs on.
    const { DATABASE_URL: _, TEST_DATABASE_URL: __, ...env } = process.env;
    child = spawn(process.execPath, ['dist/server.js'], {
      cwd: serverDir,
      env: {
        ...env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        RUN_WORKERS: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`dist/server.js exited (${child.exitCode}):\n${output}`);
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`dist/server.js was not healthy within 45 s:\n${output}`);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (username: string) => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  it('migrates, seeds the demo data and serves the API and the web app', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(output).toContain('Agent portal ready');
    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toContain('text/html');
    // Issue #17 item 5: the page's scripts come from the portal only, no inline script runs, and
    // no source map is built or served.
    const csp = login.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await login.text();
    // The build prerendered the sign-in page (ADR 26): its form is in the HTML itself.
    expect(html).toContain('<form');
    expect(html).toContain('aria-label="Sign in"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = readdirSync(path.join(serverDir, '../web/dist/assets'));
    expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${base}${script}.map`)).status).toBe(404);
  });

  it('signs the demo agent in', async () => {
    const token = await signIn(DEMO_AGENT);
    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(DEMO_AGENT);
    // The active demo agent is consistent with the rules (issue #18 item 6): every onboarding
    // step done, a licence, and a headshot its own session can open.
    const portal = await fetch(`${base}/api/portal/me`, { headers: { authorization: `Bearer ${token}` } });
    const { agent_profile: agent } = (await portal.json()) as { agent_profile: AgentRecord };
    expect(agent.agent_status).toBe('active');
    expect(onboardingProgress(agent)).toBe(100);
    expect(agent.licensed_states).toHaveLength(1);
    const headshot = await fetch(`${base}${agent.agent_headshots_urls[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(headshot.status).toBe(200);
    expect(headshot.headers.get('content-type')).toContain('image/');
  });

  it('renders an account e-mail (a job) and every template (the dev mailbox)', async () => {
    const reset = await fetch(`${base}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_AGENT }),
    });
    expect(reset.status).toBe(202);
    const headers = { authorization: `Bearer ${await signIn(DEMO_ADMIN)}` };

    const templates = await fetch(`${base}/api/dev/templates`, { headers });
    expect(templates.status).toBe(200);
    expect(((await templates.json()) as { items: unknown[] }).items.length).toBeGreaterThan(5);

    type Item = { to: string; subject: string | null; html: string | null };
    let mail: Item | undefined;
    for (let tries = 0; tries < 100 && !mail; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      const box = await fetch(`${base}/api/dev/mailbox?limit=50`, { headers });
      expect(box.status).toBe(200);
      const { items } = (await box.json()) as { items: Item[] };
      mail = items.find((item) => item.to === DEMO_AGENT && /password/i.test(item.subject ?? ''));
    }
    expect(mail, 'no password reset e-mail in the dev mailbox').toBeDefined();
    expect(mail!.html).toContain('<html');
    expect(mail!.html).toContain(`${base}/`);
  });
});
