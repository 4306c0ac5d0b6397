import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/portal-browser.mjs';

export const SERVER_DIR = path.resolve(import.meta.dirname, '../../apps/server');

export interface PortalProcess {
  /** http://127.0.0.1:<port>, where the portal listens. */
  url: string;
  /** The address the portal writes into its links (PUBLIC_URL), which a browser opens. */
  publicUrl: string;
  /** Everything the process has printed so far. */
  output: () => string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts the compiled portal (`node dist/server.js`, what `npm start` runs) on a free port with
 * `env`, and resolves once /api/health answers 200 and the start-up banner is out.
 */
export async function startPortal(options: {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The address the portal writes into its links; its own address when not given. */
  publicHost?: 'localhost' | '127.0.0.1';
  /** A line of the start-up banner to wait for besides health. */
  ready?: string;
}): Promise<PortalProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: SERVER_DIR,
    env: {
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: options.dataDir,
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/server.js exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy && (!options.ready || output.includes(options.ready))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`dist/server.js was not ready within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, publicUrl, output: () => output, child, stop };
}

/**
 * What the journeys' portals run with: the demo data on an embedded database, the dev mailbox,
 * the web app as built in `webDist`, and sign-in limits raised (the journeys sign in and out many
 * times from one address).
 */
export const journeyPortalEnv = (webDist: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: '',
  SMTP_URL: '',
  WEB_DIST: webDist,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_EMAIL_PER_IP: '1000',
  RATE_LIMIT_CODE_PER_IP: '1000',
});
