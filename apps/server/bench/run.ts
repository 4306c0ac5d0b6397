import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `npm run bench`: every bench of the project, one after the other (they would disturb each
 * other side by side), each printing its own tables; then every PASS and FAIL line they printed,
 * gathered in one list. A bench that fails to run counts as a FAIL. PostgreSQL when DATABASE_URL
 * is set (the figures of the targets are PostgreSQL's); the benches' own variables are in each
 * file's header. `npm run bench -- leads start` runs only those. `scale` (bench/scale.ts, the
 * portal at a hundred times today's network) runs only when named, `npm run bench -- scale`: its
 * first run generates millions of rows for a long time.
 */
const BENCHES: { name: string; command: string[]; onlyWhenNamed?: boolean }[] = [
  { name: 'leads', command: ['bench/leads.ts'] },
  { name: 'admin', command: ['bench/admin.ts'] },
  { name: 'signing', command: ['bench/signing.ts'] },
  { name: 'delivery', command: ['bench/delivery.ts'] },
  { name: 'events', command: ['bench/events.ts'] },
  { name: 'offers', command: ['bench/offers.ts'] },
  { name: 'upload', command: ['bench/upload-memory.ts'] },
  { name: 'start', command: ['bench/start.ts'] },
  { name: 'lighthouse', command: ['../../scripts/lighthouse.mjs'] },
  { name: 'scale', command: ['bench/scale.ts'], onlyWhenNamed: true },
];

const chosen = process.argv.slice(2);
/** A line that judges a target: PASS or FAIL as a word of its own, at its start or its end. */
const VERDICT = /(^|\s)(PASS|FAIL)(\s|$)/;
/** A bench's own count of its verdicts, not a verdict. */
const TALLY = /\d+ PASS, \d+ FAIL/;
const verdicts: string[] = [];

function runBench(bench: { name: string; command: string[] }): Promise<number> {
  const [script, ...args] = bench.command;
  const file = path.resolve(import.meta.dirname, '..', script!);
  const loader = file.endsWith('.ts') ? process.execArgv : [];
  const child = spawn(process.execPath, [...loader, file, ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A verdict on an indented line belongs to the heading above it (Lighthouse's pages).
  let heading = '';
  createInterface({ input: child.stdout! }).on('line', (line) => {
    console.log(line);
    const judged = VERDICT.test(line) && !TALLY.test(line);
    if (!judged && /^\S/.test(line)) heading = line.trim();
    if (judged) {
      const where = /^\s/.test(line) && heading ? `${heading}: ` : '';
      verdicts.push(`${bench.name.padEnd(11)} ${where}${line.trim()}`);
    }
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

for (const bench of BENCHES) {
  if (chosen.length > 0 ? !chosen.includes(bench.name) : bench.onlyWhenNamed) continue;
  console.log(`\n=== bench: ${bench.name} ===`);
  const code = await runBench(bench);
  if (code !== 0) verdicts.push(`${bench.name.padEnd(11)} FAIL  the bench exited with ${code}`);
}

console.log('\n=== targets ===\n');
for (const line of verdicts) console.log(line);
const failed = verdicts.filter((line) => /(^|\s)FAIL(\s|$)/.test(line)).length;
console.log(`\n${verdicts.length - failed} PASS, ${failed} FAIL`);
