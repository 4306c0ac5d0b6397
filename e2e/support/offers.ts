import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request } from '@playwright/test';
import { DEMO } from './demo';
import { PortalApi } from './portal-api';
import { journeyPortalEnv, type PortalProcess, SERVER_DIR, startPortal } from './portal-process';

/**
 * A portal of a journey's own, started as the global setup starts the shared one (the built web
 * app and the compiled server on an embedded database with the demo data, on a free port): for a
 * journey that changes what the whole network shares, such as the acceptance window of offers,
 * which the journeys on the shared portal must not see.
 */
export interface OwnPortal {
  process: PortalProcess;
  /** The portal's HTTP API from Node, as the `portal` fixture is for the shared one. */
  api: PortalApi;
  /** The address a browser opens: the baseURL of the journey's browser contexts. */
  publicUrl: string;
  stop: () => Promise<void>;
}

export async function startOwnPortal(): Promise<OwnPortal> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-offers-'));
  const web = path.join(folder, 'web');
  cpSync(path.join(SERVER_DIR, '../web/dist'), web, { recursive: true });
  let portal: PortalProcess;
  try {
    portal = await startPortal({
      dataDir: path.join(folder, 'data'),
      publicHost: 'localhost',
      ready: '/login/corporate/',
      env: journeyPortalEnv(web),
    });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const context: APIRequestContext = await request.newContext({ baseURL: portal.url });
  return {
    process: portal,
    api: new PortalApi(context),
    publicUrl: portal.publicUrl,
    stop: async () => {
      await context.dispose();
      await portal.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Sets the network's acceptance window (`routing.acceptance_minutes` in the console's settings)
 * as the demo superuser: 0 turns offers off.
 */
export async function setAcceptanceMinutes(api: PortalApi, minutes: number) {
  const token = await api.signIn(DEMO.superuser.email, DEMO.superuser.password);
  const settings = await api.call<{ routing: { acceptance_minutes: number } }>(
    'PATCH',
    '/api/admin/settings',
    {
      token,
      data: { routing: { acceptance_minutes: minutes } },
    },
  );
  if (settings.routing.acceptance_minutes !== minutes) {
    throw new Error(`The acceptance window reads ${settings.routing.acceptance_minutes}, not ${minutes}.`);
  }
}
