import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { benchDatabaseUrl, ensureBenchDatabase } from './measure';

/**
 * `npm run bench:start` (and part of `npm run bench`): how long `node dist/server.js` takes from
 * its spawn to the first 200 from /api/health (target: a warm start in < 3 s, ADR 21). Builds the
 * server first if dist/ is missing or older than the sources.
 *
 * Cold: the first start on an empty data folder / database (migrations, pg-boss's schema, the
 * demo data on PGlite). Warm: the next starts on the same one, median of BENCH_START_RUNS (3).
 * PGlite in a temporary DATA_DIR always; PostgreSQL as well when DATABASE_URL is set, in its own
 * database (START_BENCH_DATABASE_URL, else DATABASE_URL's database name suffixed "_start"; the name
 * must contain "bench"), dropped and created again for the cold start.
 *
 * Besides the wall time, the CPU time the server process had used by then: all its threads, and
 * its main thread alone (Linux only). Those move least with whatever else the machine is running;
 * the main thread's is about what the wall time would be on an idle machine.
 */
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const TARGET_S = 3;
const serverDir = path.resolve(import.meta.dirname, '..');

interface Start {
  wall: number;
  /** All the process's threads (V8 compiles and collects garbage beside the main one). */
  cpu: number | null;
  /** The main thread alone: about the wall time on an otherwise idle machine. */
  main: number | null;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** User + system CPU seconds a process (or one thread) has used so far (from /proc; null elsewhere). */
function cpuSeconds(stat: string): number | null {
  try {
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One start: spawn, poll /api/health every 20 ms until it answers 200, stop. */
async function measureStart(env: NodeJS.ProcessEnv): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was healthy`))),
  );
  exited.catch(() => {});
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('no healthy /api/health within 120 s');
      const healthy = await Promise.race([
        fetch(`${base}/api/health`).then(
          (response) => response.status === 200,
          () => false,
        ),
        exited,
      ]);
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wall = (performance.now() - started) / 1000;
    const pid = child.pid!;
    return { wall, cpu: cpuSeconds(`/proc/${pid}/stat`), main: cpuSeconds(`/proc/${pid}/task/${pid}/stat`) };
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function series(label: string, env: NodeJS.ProcessEnv, lines: string[]) {
  const cold = await measureStart(env);
  const warm: Start[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await measureStart(env));
  const middle = (key: keyof Start) => {
    const values = warm.map((w) => w[key]).filter((v): v is number => v !== null);
    return values.length > 0 ? median(values) : null;
  };
  const wall = middle('wall')!;
  const fmt = (s: number | null) => (s === null ? '-' : s.toFixed(2)).padStart(8);
  lines.push(`${`${label} cold`.padEnd(34)}${fmt(cold.wall)}${fmt(cold.cpu)}${fmt(cold.main)}`);
  lines.push(
    `${`${label} warm (median of ${RUNS})`.padEnd(34)}${fmt(wall)}${fmt(middle('cpu'))}${fmt(middle('main'))}   ${
      wall < TARGET_S ? 'PASS' : 'FAIL'
    } (< ${TARGET_S} s)   runs: ${warm.map((w) => w.wall.toFixed(2)).join(', ')}`,
  );
}

async function recreateDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) throw new Error(`a bench database's name must contain "bench" (got "${name}")`);
  const pg = (await import('pg')).default;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await client.end();
  }
  await ensureBenchDatabase(url);
}

async function main() {
  const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], {
    cwd: serverDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server build failed');

  const { DATABASE_URL: _, ...base } = process.env;
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-bench-'));
  try {
    await series('PGlite', { ...base, DATA_DIR: dataDir }, lines);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const url = benchDatabaseUrl(process.env.START_BENCH_DATABASE_URL, '_start');
  if (url) {
    await recreateDatabase(url);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-start-bench-'));
    try {
      await series('PostgreSQL', { ...base, DATABASE_URL: url, DATA_DIR: scratch }, lines);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  } else {
    lines.push('PostgreSQL: skipped (set DATABASE_URL to measure it)');
  }

  const [load] = os.loadavg();
  console.log(
    `\nStart of node dist/server.js to the first healthy /api/health (${os.cpus().length} CPUs, load ${load!.toFixed(1)})\n`,
  );
  console.log(`${''.padEnd(34)}${'wall s'.padStart(8)}${'cpu s'.padStart(8)}${'main s'.padStart(8)}`);
  for (const line of lines) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
