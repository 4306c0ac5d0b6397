import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../scripts/portal-browser.mjs';
import { journeyPortalEnv, SERVER_DIR, startPortal } from './support/portal-process';

/**
 * Starts the real portal once for every worker: the built web app and the compiled server on an
 * embedded database with the demo data, on a free port. The workers read where it is from
 * PORTAL_URL (the browser's address, which the portal also writes into its links), PORTAL_API_URL
 * (the same server on 127.0.0.1, for calls from Node) and PORTAL_CORPORATE_LINK (the demo corporate
 * user's one-time sign-in link, as the start-up banner prints it).
 */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with "sudo apt-get install chromium" or set CHROMIUM_PATH.`,
    );
  }
  const webDist = path.join(SERVER_DIR, '../web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The portal is not built: run "npm run build" first (npm run test:e2e does).');
  }
  // The server's bundle follows its sources: rebuilt here only when one has changed since.
  const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The server did not build:\n${build.stderr}`);

  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const dataDir = path.join(folder, 'data');
  // The web app as built now: a build started while the journeys run (npm start builds) replaces
  // apps/web/dist, and pages open then would ask for scripts that are gone.
  const web = path.join(folder, 'web');
  cpSync(webDist, web, { recursive: true });
  const portal = await startPortal({
    dataDir,
    publicHost: 'localhost',
    ready: '/login/corporate/',
    env: journeyPortalEnv(web),
  });
  const corporateLink = portal.output().match(/https?:\/\/\S+\/login\/corporate\/\S+/)?.[0];
  if (!corporateLink) {
    await portal.stop();
    throw new Error(`The start-up banner printed no corporate sign-in link:\n${portal.output()}`);
  }
  process.env.PORTAL_URL = portal.publicUrl;
  process.env.PORTAL_API_URL = portal.url;
  process.env.PORTAL_CORPORATE_LINK = corporateLink;

  return async () => {
    await portal.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
