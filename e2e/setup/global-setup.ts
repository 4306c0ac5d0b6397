import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The demo corporate user's one-time sign-in link, as the start-up banner prints it. */
    corporateLink: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * Starts the real portal (built web app + API on an embedded database with the demo data)
 * on a free port, once for all browser tests.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with "sudo apt-get install chromium" or set CHROMIUM_PATH.`,
    );
  }
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The portal is not built: run "npm run build" first (npm run test:e2e does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // The journeys sign in and out many times from one address.
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_EMAIL_PER_IP: '1000',
      RATE_LIMIT_CODE_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The portal exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/api/health`);
      if (response.ok && output.includes('ready at')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`The portal did not start within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  for (let waited = 0; !output.includes('/login/corporate/') && waited < 5000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const corporateLink = output.match(/https?:\/\/\S+\/login\/corporate\/\S+/)?.[0];
  if (!corporateLink) throw new Error(`The start-up banner printed no corporate sign-in link:\n${output}`);
  project.provide('corporateLink', corporateLink);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 10_000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
