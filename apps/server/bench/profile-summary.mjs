// Where a CPU profile's time went: `node bench/profile-summary.mjs <file.cpuprofile>` prints the
// share of self time per package (or source folder), then per function. Profiles come from
// `node --cpu-prof`, or from a bench run with BENCH_PROFILE_DIR set (its server process).
import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile>');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

const selfTime = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  total += delta;
  selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
});

const byPackage = new Map();
const byFunction = new Map();
const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time);
for (const [id, time] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url.replace(/.*node_modules\//, 'nm:').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
  add(byFunction, `${functionName || '(anonymous)'} ${where || '(native)'}:${lineNumber}`, time);
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
  const folder = url.match(/\/((apps|packages)\/[^/]+\/src\/[^/]+)/)?.[1];
  const label =
    pkg ??
    folder ??
    (url.startsWith('node:') ? `node:${url.slice(5).split('/')[0]}` : functionName || '(native)');
  add(byPackage, label, time);
}

const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`${(total / 1000).toFixed(0)} ms sampled\n\nby package\n${top(byPackage, 30)}`);
console.log(`\nby function\n${top(byFunction, 40)}`);
