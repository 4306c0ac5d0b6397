import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
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

export interface BenchServer {
  child: ChildProcess;
  bare: string;
  app: string;
  /** CPU time the server process has used so far, in ms. */
  cpu(): Promise<number>;
}

/** Starts bench/serve.ts with this process's TypeScript loader; answers its addresses. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<BenchServer> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(import.meta.dirname, 'serve.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start within 60 s')), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it listened`)));
  });
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

export async function stopServer(server: BenchServer): Promise<void> {
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
