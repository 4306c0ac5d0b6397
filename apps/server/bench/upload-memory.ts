import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { agents, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { closeRuntime, openRuntime } from '../src/runtime';

/**
 * `npm run bench:upload`: a 200 MB video streamed through the local storage provider, with the
 * server's resident memory sampled throughout. The point: memory stays flat (the body is never
 * buffered). Prints baseline, peak and the difference; not a pass/fail test.
 */
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 200) * 1024 * 1024;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-upload-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const deps = await openRuntime(config);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;

  const password = 'bench-upload-password-1';
  const [user] = await deps.database.db
    .insert(users)
    .values({ email: 'bench@example.com', passwordHash: await hashPassword(password), isAgent: true })
    .returning();
  await deps.database.db
    .insert(agents)
    .values({ userId: user!.id, agentUri: 'bench', signupStatus: 'complete' });
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=bench%40example.com&password=${password}`,
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const ticket = (await (
    await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'fsbo_video', fileKey: 'big.mp4', contentType: 'video/mp4', size: SIZE }),
    })
  ).json()) as { upload_url: string; upload_id: string };

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);

  const chunk = Buffer.alloc(1024 * 1024, 7);
  const first = Buffer.alloc(1024 * 1024, 7);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]).copy(first);
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const request = http.request(
      `${base}${ticket.upload_url}`,
      { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-length': SIZE } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`PUT ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    Readable.from(
      (function* () {
        for (let sent = 0; sent < SIZE; sent += chunk.length) yield sent === 0 ? first : chunk;
      })(),
    ).pipe(request);
  });
  const seconds = (Date.now() - started) / 1000;
  const confirm = await fetch(`${base}/api/upload/${ticket.upload_id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  clearInterval(sampler);

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `uploaded ${mb(SIZE)} in ${seconds.toFixed(1)} s (${mb(SIZE / seconds)}/s), confirm ${confirm.status}`,
  );
  console.log(
    `server process RSS: baseline ${mb(baseline)}, peak ${mb(peak)}, growth ${mb(peak - baseline)}`,
  );
  console.log(`growth as a share of the file: ${(((peak - baseline) / SIZE) * 100).toFixed(1)}%`);
  await app.close();
  await closeRuntime(deps);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
