#!/usr/bin/env node
// Runs every test suite and ends with one plain line: "N passed, N failed".
//   1. shared rules, web components and the API on PGlite
//   2. the API again on PostgreSQL, when one is reachable (always under CI=true)
//   3. the browser journeys in Chromium (Playwright) and the compiled server's own check, when
//      Chromium is installed (always under CI=true)
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
/** How long each phase took, printed before the last line. */
const times = [];
function minutesAndSeconds(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

function vitest(label, args, env = {}) {
  const outputFile = path.join(reports, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  times.push(`${label}: ${minutesAndSeconds(Date.now() - started)}`);
  console.log(`\n=== ${label}: ${minutesAndSeconds(Date.now() - started)} ===`);
  if (!existsSync(outputFile)) {
    problems.push(`${label}: vitest produced no report (exit ${result.status})`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  times.push(...projectSpans(report));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that failed to load counts as a failure even if no test inside it ran.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  totals.failed += brokenFiles;
  // Named again at the end, where a reader of the log's last lines finds them.
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failures = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failures.length === 0) {
      problems.push(
        `${label}: ${where} failed outside its tests (its loading or a hook): ${firstLine(file.message)}`,
      );
    }
    for (const test of failures) {
      problems.push(`${label}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  if (result.status !== 0 && report.numFailedTests + brokenFiles === 0) {
    problems.push(`${label}: vitest exited ${result.status}`);
    totals.failed += 1;
  }
}

/** A failure's first line, short enough for the log's last lines. */
function firstLine(message) {
  const line =
    String(message ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}

/** Each workspace's span in a run of several (from its first file's start to its last file's end). */
function projectSpans(report) {
  const spans = new Map();
  for (const file of report.testResults) {
    const where = path.relative(root, file.name).split(path.sep).slice(0, 2).join('/');
    const span = spans.get(where) ?? { start: file.startTime, end: file.endTime };
    spans.set(where, { start: Math.min(span.start, file.startTime), end: Math.max(span.end, file.endTime) });
  }
  if (spans.size < 2) return [];
  return [...spans].map(([where, span]) => `  ${where}: ${minutesAndSeconds(span.end - span.start)}`);
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

const testsStarted = Date.now();
vitest('unit-and-api-pglite', ['--project', 'shared', '--project', 'web', '--project', 'server']);

const pgUrl = await postgresUrl();
if (pgUrl) {
  // The suites whose SQL or behaviour differs between the engines (POSTGRES_SUITES in
  // apps/server/vitest.config.ts); the others ran on PGlite above.
  vitest('api-postgres', ['--project', 'server-pg'], { TEST_DATABASE_URL: pgUrl });
} else if (ci) {
  problems.push('PostgreSQL is not reachable at 127.0.0.1:5432 (CI=true needs it)');
  totals.failed += 1;
} else {
  console.log(
    '\nPostgreSQL not reachable at 127.0.0.1:5432: the API suite ran on PGlite only. Set TEST_DATABASE_URL to run it on PostgreSQL too.',
  );
}
const apiFinished = Date.now();

/** The browser journeys on Playwright (playwright.config.ts), counted from its JSON report. */
function playwright(label) {
  const outputFile = path.join(reports, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const result = spawnSync('npx', ['playwright', 'test'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_REPORT: outputFile },
  });
  if (!existsSync(outputFile)) {
    problems.push(`${label}: playwright produced no report (exit ${result.status})`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  const { stats, errors = [] } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  // An error outside any test (the global setup, a file that failed to load) counts as a failure.
  totals.failed += errors.length;
  for (const error of errors) problems.push(`${label}: ${firstLine(error.message)}`);
  const unexpected = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        problems.push(
          `${label}: ${spec.file}:${spec.line} › ${[...here.slice(1), spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) unexpected(child, here);
  };
  for (const suite of report.suites ?? []) unexpected(suite, []);
  if (result.status !== 0 && stats.unexpected + errors.length === 0) {
    problems.push(`${label}: playwright exited ${result.status}`);
    totals.failed += 1;
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  console.log('\n=== building the portal for the browser tests ===');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    problems.push('web build failed');
    totals.failed += 1;
  } else {
    playwright('e2e-chromium');
  }
} else if (ci) {
  problems.push(`Chromium is missing at ${chromium} (CI=true needs it: apt-get install chromium)`);
  totals.failed += 1;
} else {
  console.log(
    `\nChromium not found at ${chromium}: the browser tests were skipped. Install it with "sudo apt-get install chromium" (Debian/Ubuntu) or set CHROMIUM_PATH.`,
  );
}

if (Date.now() - apiFinished > 1000) {
  times.push(`build and browser journeys: ${minutesAndSeconds(Date.now() - apiFinished)}`);
}
console.log(`\ntimes: ${minutesAndSeconds(Date.now() - testsStarted)} in all`);
for (const line of times) console.log(`  ${line}`);
for (const problem of problems) console.log(`problem: ${problem}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
