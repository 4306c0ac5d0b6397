#!/usr/bin/env node
// Runs every test suite and ends with one plain line: "N passed, N failed".
//   1. shared rules, web components and the API on PGlite
//   2. the API again on PostgreSQL, when one is reachable (always under CI=true)
//   3. the browser journeys in Chromium, when Chromium is installed (always under CI=true)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
const reports = path.join(root, '.data-test', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function vitest(label, args, env = {}) {
  const outputFile = path.join(reports, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (!existsSync(outputFile)) {
    problems.push(`${label}: vitest produced no report (exit ${result.status})`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that failed to load counts as a failure even if no test inside it ran.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  totals.failed += brokenFiles;
  if (result.status !== 0 && report.numFailedTests + brokenFiles === 0) {
    problems.push(`${label}: vitest exited ${result.status}`);
    totals.failed += 1;
  }
}

async function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

vitest('unit-and-api-pglite', ['--project', 'shared', '--project', 'web', '--project', 'server']);

const pgUrl = await postgresUrl();
if (pgUrl) {
  vitest('api-postgres', ['--project', 'server-pg'], { TEST_DATABASE_URL: pgUrl });
} else if (ci) {
  problems.push('PostgreSQL is not reachable at 127.0.0.1:5432 (CI=true needs it)');
  totals.failed += 1;
} else {
  console.log(
    '\nPostgreSQL not reachable at 127.0.0.1:5432: the API suite ran on PGlite only. Set TEST_DATABASE_URL to run it on PostgreSQL too.',
  );
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  console.log('\n=== building the portal for the browser tests ===');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    problems.push('web build failed');
    totals.failed += 1;
  } else {
    vitest('e2e-chromium', ['--project', 'e2e']);
  }
} else if (ci) {
  problems.push(`Chromium is missing at ${chromium} (CI=true needs it: apt-get install chromium)`);
  totals.failed += 1;
} else {
  console.log(
    `\nChromium not found at ${chromium}: the browser tests were skipped. Install it with "sudo apt-get install chromium" (Debian/Ubuntu) or set CHROMIUM_PATH.`,
  );
}

for (const problem of problems) console.log(`problem: ${problem}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
