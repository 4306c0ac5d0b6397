import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type AgentRecord, onboardingProgress } from '@portal/shared';
import { DEMO } from '../support/demo';
import { type PortalProcess, SERVER_DIR, startPortal } from '../support/portal-process';

/**
 * Production runs the compiled server (ADR 21): `node build.mjs` bundles it into dist/, then
 * `node dist/server.js`. A path that only resolves from src/ (the migrations, the web app), a
 * package that no longer loads outside tsx, or a template import the bundle breaks shows only at
 * run time, so this builds it, starts it on the embedded defaults (PGlite with the demo data,
 * workers on) and uses it through HTTP as a browser would. A portal of its own, on a fresh data
 * folder: what it checks is the demo data as seeded, which the journeys change.
 */
const DEMO_AGENT = DEMO.activeAgent.email;
const DEMO_ADMIN = DEMO.superuser.email;
const DEMO_PASSWORD = DEMO.superuser.password;

// The tests share one server, started once.
test.describe.configure({ mode: 'default' });

test.describe('the compiled server (dist/server.js)', () => {
  let portal: PortalProcess | undefined;
  let base = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The web app it serves: built by `npm run build`, or here when this file runs first.
    if (!existsSync(path.join(SERVER_DIR, '../web/dist/index.html'))) {
      const web = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
        cwd: path.resolve(SERVER_DIR, '../..'),
        encoding: 'utf8',
      });
      expect(web.status, web.stderr).toBe(0);
    }
    // Each file is written whole under another name and renamed: the journeys' portal, started
    // from the same dist/, is not disturbed.
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);

    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-build-test-'));
    // The embedded defaults, whatever database the rest of the suite runs on.
    const { DATABASE_URL: _, TEST_DATABASE_URL: __, ...env } = process.env;
    portal = await startPortal({
      dataDir,
      env: { ...env, NODE_ENV: 'development', RUN_WORKERS: 'true', LOG_LEVEL: 'warn' },
    });
    base = portal.url;
  });

  test.afterAll(async () => {
    await portal?.stop();
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

  test('migrates, seeds the demo data and serves the API and the web app', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(portal!.output()).toContain('Agent portal ready');
    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toContain('text/html');
    // The page's scripts come from the portal only, no inline script runs, and no source map is
    // built or served.
    const csp = login.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await login.text();
    // The build prerendered the sign-in page (ADR 49): its form is in the HTML itself.
    expect(html).toContain('<form');
    expect(html).toContain('aria-label="Sign in"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = readdirSync(path.join(SERVER_DIR, '../web/dist/assets'));
    expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${base}${script}.map`)).status).toBe(404);
  });

  test('signs the demo agent in', async () => {
    const token = await signIn(DEMO_AGENT);
    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(DEMO_AGENT);
    // The active demo agent is consistent with the rules: every onboarding step done, a licence,
    // and a headshot its own session can open.
    const portalMe = await fetch(`${base}/api/portal/me`, { headers: { authorization: `Bearer ${token}` } });
    const { agent_profile: agent } = (await portalMe.json()) as { agent_profile: AgentRecord };
    expect(agent.agent_status).toBe('active');
    expect(onboardingProgress(agent)).toBe(100);
    expect(agent.licensed_states).toHaveLength(1);
    const headshot = await fetch(`${base}${agent.agent_headshots_urls[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(headshot.status).toBe(200);
    expect(headshot.headers.get('content-type')).toContain('image/');
  });

  test('renders an account e-mail (a job) and every template (the dev mailbox)', async () => {
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
    // The e-mail is written by a job: the mailbox has it once the job has run.
    await expect
      .poll(
        async () => {
          const box = await fetch(`${base}/api/dev/mailbox?limit=50`, { headers });
          expect(box.status).toBe(200);
          const { items } = (await box.json()) as { items: Item[] };
          mail = items.find((item) => item.to === DEMO_AGENT && /password/i.test(item.subject ?? ''));
          return mail;
        },
        { message: 'no password reset e-mail in the dev mailbox', timeout: 20_000 },
      )
      .toBeDefined();
    expect(mail!.html).toContain('<html');
    expect(mail!.html).toContain(`${base}/`);
  });
});
