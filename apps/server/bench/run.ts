import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seedDemo } from '../src/db/seed/demo';
import { startWorkers } from '../src/jobs/workers';
import { closeRuntime, openRuntime } from '../src/runtime';

/**
 * `npm run bench`: throughput and latency of the portal's hot paths against a bare Fastify
 * handler measured in the same run, so the figures mean something on any machine.
 * Uses PostgreSQL when DATABASE_URL is set, else an embedded PGlite in a temporary folder.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: latency.p50 ?? 0,
    p95: latency.p97_5 ?? latency.p95 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATABASE_URL
      ? process.env.DATA_DIR
      : mkdtempSync(path.join(os.tmpdir(), 'portal-bench-')),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
  });
  const deps = await openRuntime(config);
  await seedDemo(deps).catch(() => {});
  await startWorkers(deps.queue, deps);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=active.agent%40demo.agentportal.local&password=portal-demo-2026',
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  console.log(`database: ${deps.database.kind}; ${CONNECTIONS} connections, ${DURATION} s each\n`);
  const figures = [
    await measure('bare Fastify handler', bareUrl),
    await measure('GET /api/health (database round trip)', `${base}/api/health`),
    await measure('GET /api/me (token + user + session check)', `${base}/api/me`, {
      authorization: `Bearer ${token}`,
    }),
    await measure('GET /api/portal/me (agent record)', `${base}/api/portal/me`, {
      authorization: `Bearer ${token}`,
    }),
  ];
  const reference = figures[0]!;
  console.log(
    'endpoint'.padEnd(46),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p97.5 ms'.padStart(9),
    'p99 ms'.padStart(8),
    'x bare'.padStart(8),
    'errors'.padStart(7),
  );
  for (const f of figures) {
    const ratio = (reference.rps / Math.max(f.rps, 1)).toFixed(1);
    console.log(
      f.name.padEnd(46),
      String(f.rps).padStart(8),
      String(f.p50).padStart(8),
      String(f.p95).padStart(9),
      String(f.p99).padStart(8),
      ratio.padStart(8),
      String(f.errors).padStart(7),
    );
  }
  await app.close();
  await bare.close();
  await closeRuntime(deps);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
