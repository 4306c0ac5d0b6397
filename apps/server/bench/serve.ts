import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { closeRuntime, openRuntime } from '../src/runtime';

/**
 * The server process of `bench/leads.ts`: the portal API and a bare Fastify handler, each on a
 * free loopback port (and `/cpu` beside the bare one), in a process of their own so that the load generator does not share their
 * event loop. Prints both addresses as one JSON line; stops on SIGTERM. No job workers: in
 * production they are a process of their own too (RUN_WORKERS=false, `npm run worker`).
 */
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
// The CPU this process has used, read before and after each run: CPU per request is the figure
// least moved by whatever else the machine is doing.
bare.get('/cpu', async () => process.cpuUsage());
await bare.listen({ port: 0, host: '127.0.0.1' });

const deps = await openRuntime(loadConfig(process.env));
const app = await buildApp(deps);
// Requests still running when the load generator hung up: waited for before the pool closes.
let running = 0;
app.addHook('onRequest', async () => {
  running += 1;
});
app.addHook('onSend', async () => {
  running -= 1;
});
await app.listen({ port: 0, host: '127.0.0.1' });

const address = (server: typeof app.server) =>
  `http://127.0.0.1:${(server.address() as { port: number }).port}`;
process.stdout.write(
  `${JSON.stringify({ bare: `${address(bare.server)}/bare`, app: address(app.server) })}\n`,
);

process.on('SIGTERM', async () => {
  for (let waited = 0; running > 0 && waited < 30_000; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  await app.close();
  await bare.close();
  await closeRuntime(deps);
  process.exit(0);
});
