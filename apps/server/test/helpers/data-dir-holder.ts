import { createInterface } from 'node:readline';
import type { Config } from '../../src/config';
import { lockDataDir } from '../../src/data-dir-lock';

/**
 * A second process for the data-folder guard's tests: `node --import tsx data-dir-holder.ts DIR
 * OPTIONS_JSON`. It waits for `lock` on stdin (so that the test can first rewrite the lock file
 * with this child's PID), tries to take the folder and prints one JSON line with the outcome;
 * `exit` then ends it without releasing, as a crash that still runs exit handlers would.
 */
const [dataDir = '', options = '{}'] = process.argv.slice(2);
const config = { dataDir, databaseUrl: undefined } as Config;

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'exit') process.exit(0);
  if (line !== 'lock') return;
  Promise.resolve()
    .then(() => lockDataDir(config, { role: 'server', url: 'http://child.test' }, JSON.parse(options)))
    .then(
      () => console.log(JSON.stringify({ held: true, pid: process.pid })),
      (error: Error) => console.log(JSON.stringify({ held: false, message: error.message })),
    );
});
lines.on('close', () => process.exit(0));
console.log(JSON.stringify({ ready: true, pid: process.pid }));
