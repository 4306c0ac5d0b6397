#!/usr/bin/env node
// `npm run build -w apps/web`: the browser build (`vite build`, dist/), the prerender build
// (`vite build --ssr src/prerender.tsx`, dist-ssr/) and the prerendered pages
// (scripts/prerender.mjs), one after the other. After a build that passed, dist-ssr/inputs.json
// records a hash of everything the build read, taken before it started, and the id of the build it
// wrote (dist/builds/latest.json).
//
// `node scripts/build.mjs --if-changed` (what `npm start` runs first) builds only when that record
// is missing, the inputs hash differently now, or dist/ no longer holds the build it names. The
// inputs: every file of apps/web and packages/shared but installed packages and build output, the
// root package manifest and lock file (the installed packages), the TypeScript base config, the
// VITE_ variables and NODE_ENV of the environment, and the Node.js version.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WEB = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(WEB, '../..');
const DIST = path.join(WEB, 'dist');
const RECORD = path.join(WEB, 'dist-ssr', 'inputs.json');
const LATEST_BUILD = path.join(DIST, 'builds', 'latest.json');
/** Files the server needs from a build (apps/server/src/plugins/spa.ts). */
const OUTPUTS = ['index.html', 'prerendered.json', 'routes.json'].map((file) => path.join(DIST, file));
/** Not inputs: installed packages, build output, and what tests and tools leave behind. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', 'test-results', 'screenshots', 'coverage']);
const STEPS = [
  ['vite', 'build'],
  ['vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', 'dist-ssr'],
  ['node', 'scripts/prerender.mjs'],
];
const log = (line) => process.stderr.write(`${line}\n`);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      return entry.isFile() ? [full] : [];
    });
}

/** The hash of the build's inputs, named by their paths from the repository root. */
function inputsHash() {
  const files = [
    ...filesUnder(WEB),
    ...filesUnder(path.join(ROOT, 'packages/shared')),
    ...['package.json', 'package-lock.json', 'tsconfig.base.json'].map((file) => path.join(ROOT, file)),
  ]
    .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(ROOT, file);
    hash
      .update(`${file}\0`)
      .update(existsSync(full) ? readFileSync(full) : 'missing')
      .update('\0');
  }
  const environment = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  hash.update(JSON.stringify({ environment, node: process.version }));
  return hash.digest('hex');
}

function upToDate(inputs) {
  if (!existsSync(RECORD) || !existsSync(LATEST_BUILD) || !OUTPUTS.every((file) => existsSync(file))) {
    return false;
  }
  const record = JSON.parse(readFileSync(RECORD, 'utf8'));
  return record.inputs === inputs && record.build === readFileSync(LATEST_BUILD, 'utf8');
}

const started = Date.now();
const inputs = inputsHash();
if (process.argv.includes('--if-changed') && upToDate(inputs)) {
  log(`Web app unchanged since its last build (apps/web/dist, checked in ${Date.now() - started} ms)`);
  process.exit(0);
}

rmSync(RECORD, { force: true });
// The commands as npm runs them: from apps/web, with the installed packages' commands on the PATH.
const bins = [path.join(WEB, 'node_modules/.bin'), path.join(ROOT, 'node_modules/.bin')];
const env = { ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) };
for (const [command, ...args] of STEPS) {
  const step = spawnSync(command === 'node' ? process.execPath : command, args, {
    cwd: WEB,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32' && command !== 'node',
  });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
writeFileSync(RECORD, `${JSON.stringify({ inputs, build: readFileSync(LATEST_BUILD, 'utf8') }, null, 1)}\n`);
log(`Web app built to apps/web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
