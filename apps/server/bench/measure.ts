import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import autocannon from 'autocannon';

/** What one row of a bench table says. */
export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  errors: number;
  /** CPU the server process spent per request (ms); null where not measured. */
  cpuMs: number | null;
  /** Compared with the bare handler (HTTP endpoints only). */
  http: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function figureOf(
  name: string,
  times: number[],
  values: Pick<Figure, 'rps' | 'errors' | 'cpuMs' | 'http'>,
): Figure {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    ...values,
    rps: Math.round(values.rps),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p975: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
  };
}

/** Autocannon, keeping each response's own latency: an exact p95 (its histogram has none). */
export function load(options: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, times }),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

/** An HTTP request to measure; `body` makes a new body for each request. */
export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: () => string;
  /** Appended to the URL's query for each request (a search that changes every time). */
  query?: () => string;
  /**
   * Servers answering the same API (their origins): `paced` sends each request to the next in
   * turn, as a load balancer's round robin would; without them every request goes to `url`.
   */
  origins?: string[];
}

/** The same target as autocannon options (a body or query made per request with setupRequest). */
export function cannonOptions(target: Target): autocannon.Options {
  if (!target.body && !target.query) return { url: target.url, headers: target.headers };
  const url = new URL(target.url);
  const { body, query } = target;
  const path = url.pathname + url.search;
  return {
    url: url.origin,
    requests: [
      {
        method: target.method ?? (body ? 'POST' : 'GET'),
        path,
        headers: target.headers,
        setupRequest: (request) => ({
          ...request,
          ...(body ? { body: body() } : {}),
          ...(query ? { path: `${path}${url.search ? '&' : '?'}${query()}` } : {}),
        }),
      },
    ],
  };
}

/**
 * An open loop: requests started on a fixed schedule whatever the answers (autocannon's rate
 * option fires all its connections on the same tick, a burst each second). Latency is counted
 * from when a request was due, so a server that falls behind shows it.
 */
export async function paced(
  target: Target,
  options: { rate: number; seconds: number; connections: number },
): Promise<{ times: number[]; errors: number; rps: number }> {
  const url = new URL(target.url);
  const origins = target.origins ?? [url.origin];
  // Up to `connections` in all, shared among the servers (an agent counts its sockets per origin).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Math.max(1, Math.floor(options.connections / origins.length)),
  });
  const path = url.pathname + url.search;
  const { query } = target;
  /** The next request's address: the next server, and the query made for it. */
  const next = (i: number) =>
    new URL(query ? `${path}${url.search ? '&' : '?'}${query()}` : path, origins[i % origins.length]);
  const times: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const send = (due: number, url: URL) =>
    new Promise<void>((resolve) => {
      const body = target.body?.();
      const request = http.request(
        url,
        {
          agent,
          method: target.method ?? 'GET',
          headers: body ? { ...target.headers, 'content-length': Buffer.byteLength(body) } : target.headers,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            times.push(performance.now() - due);
            if ((response.statusCode ?? 500) >= 300) errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(due, next(i)));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { times, errors, rps: times.length / seconds };
}

export interface BenchServer {
  child: ChildProcess;
  bare: string;
  app: string;
  /** CPU time the server process has used so far, in ms. */
  cpu(): Promise<number>;
}

/**
 * Starts a bench script (e.g. bench/serve.ts) in a process of its own, with this process's
 * TypeScript loader; answers the process, the first line it prints (its addresses, or that it is
 * ready) and the lines after it. `node` holds extra options of node's (a CPU profile).
 */
export async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  node: string[] = [],
): Promise<{ child: ChildProcess; first: string; lines: Interface }> {
  const child = spawn(
    process.execPath,
    [...node, ...process.execArgv, path.join(import.meta.dirname, script)],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  return { child, first, lines };
}

/** Starts bench/serve.ts; answers its addresses. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<BenchServer> {
  // BENCH_PROFILE_DIR: the server writes a CPU profile there when it stops (read it with
  // `node bench/profile-summary.mjs <file>`).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const { child, first } = await startProcess('serve.ts', env, profile);
  const urls = JSON.parse(first) as { bare: string; app: string };
  const cpu = async () => {
    const usage = (await (await fetch(urls.bare.replace(/\/bare$/, '/cpu'))).json()) as {
      user: number;
      system: number;
    };
    return (usage.user + usage.system) / 1000;
  };
  return { child, ...urls, cpu };
}

/** Stops a process startProcess started (SIGTERM) and waits for it to end. */
export async function stopServer(server: { child: ChildProcess }): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export function printTable(title: string, figures: Figure[]): void {
  const bare = figures.find((f) => f.name.startsWith('bare'));
  const heads = ['req/s', 'p50 ms', 'p95 ms', 'p97.5 ms', 'p99 ms', 'x bare', 'cpu ms/req', 'errors'];
  console.log(`\n${title}\n`);
  console.log('endpoint'.padEnd(50), ...heads.map((c) => c.padStart(10)));
  const ms = (n: number) => n.toFixed(1);
  for (const f of figures) {
    const ratio = f.http && bare ? (bare.rps / Math.max(f.rps, 1)).toFixed(1) : '-';
    const cpu = f.cpuMs === null ? '-' : f.cpuMs.toFixed(2);
    const cells = [String(f.rps), ms(f.p50), ms(f.p95), ms(f.p975), ms(f.p99), ratio, cpu, String(f.errors)];
    console.log(f.name.padEnd(50), ...cells.map((c) => c.padStart(10)));
  }
}

/** A line of the targets: what is aimed at, this run's figure, and whether it is met. */
export interface Verdict {
  target: string;
  figure: string;
  ok: boolean;
}

/** One line per target, PASS or FAIL first (bench/run.ts gathers them). */
export function printVerdicts(verdicts: Verdict[]): void {
  console.log('\ntargets\n');
  for (const { target, figure, ok } of verdicts)
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${target.padEnd(72)} ${figure}`);
}

export async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Signs in through the API; answers the header that carries the access token. */
export async function login(app: string, email: string, password: string): Promise<Record<string, string>> {
  const { access_token: token } = (await expectOk(
    await fetch(`${app}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
    }),
    `login as ${email}`,
  )) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * The environment of a bench's own runtime and of its server: quiet, no demo data, no job
 * workers, rate limits out of the way. On PostgreSQL the server runs as in production (React's
 * production build renders the intake's e-mails; no development checks): production needs the
 * secrets and addresses set; the workers are off, so nothing is sent through the SMTP address.
 */
export function benchEnv(options: { postgres: boolean; dataDir?: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
    RATE_LIMIT_INTAKE_PER_KEY: '1000000000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
    ...(options.postgres
      ? {
          NODE_ENV: 'production',
          JWT_SECRET: process.env.JWT_SECRET ?? 'bench-jwt-secret-that-is-long-enough-0123456789',
          TOKEN_SECRET: process.env.TOKEN_SECRET ?? 'bench-token-secret-that-is-long-enough-0123456789',
          PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
          SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:2525',
        }
      : {}),
  };
}

/**
 * A bench's own PostgreSQL database: `override` (e.g. ADMIN_BENCH_DATABASE_URL), else DATABASE_URL's
 * database with `suffix`; null without either (the bench says so and stops).
 */
export function benchDatabaseUrl(override: string | undefined, suffix: string): string | null {
  if (override) return override;
  if (!process.env.DATABASE_URL) return null;
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `${url.pathname}${suffix}`;
  return url.toString();
}

/**
 * Creates the database if missing, or drops and creates it with `recreate`; refuses a name
 * without "bench" (benches empty their tables).
 */
export async function ensureBenchDatabase(url: string, options: { recreate?: boolean } = {}): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) throw new Error(`a bench database's name must contain "bench" (got "${name}")`);
  const pg = (await import('pg')).default;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (options.recreate) await client.query(`drop database if exists ${quoted} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${quoted}`);
    if (options.recreate) console.log(`database ${name} recreated`);
  } finally {
    await client.end();
  }
}
