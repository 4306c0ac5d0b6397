import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on the oldest Node.js the README and the root `engines` promise installs without an
 * EBADENGINE warning: every package in the lock file accepts the lowest version of each release
 * line the root `engines.node` allows. A dependency that moves to a newer Node.js shows here
 * before a fresh clone prints the warning.
 */
const root = path.resolve(import.meta.dirname, '../../..');
// semver is npm's own range grammar; it is installed with the tool chain (vite, drizzle-kit...).
const semver = createRequire(path.join(root, 'package.json'))('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
  validRange(range: string): string | null;
};

type LockEntry = {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const rootEngines = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

/** The lowest version of each release line in the range (">=20.19 <21 || >=22.13" -> 20.19.0, 22.13.0). */
function lowestOfEachLine(range: string): string[] {
  const sets = (semver.validRange(range) ?? '').split('||').map((set) => set.trim());
  return sets.map((set) => semver.minVersion(set)?.version).filter((v): v is string => Boolean(v));
}

describe('the Node.js versions the project promises', () => {
  it('states a range in the root engines that the README repeats', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const setUp = readme.slice(
      readme.indexOf('## Set up'),
      readme.indexOf('## ', readme.indexOf('## Set up') + 3),
    );
    for (const version of lowestOfEachLine(rootEngines)) {
      const [major, minor] = version.split('.');
      expect(setUp).toContain(minor === '0' ? `${major} ` : `${major}.${minor} `);
    }
  });

  it('installs every locked package on the lowest of each promised release line', () => {
    const lines = lowestOfEachLine(rootEngines);
    expect(lines.length).toBeGreaterThan(0);
    const refusing: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      // Binaries for another platform never install here (npm skips them).
      const elsewhere =
        (entry.os && !entry.os.includes(process.platform)) ||
        (entry.cpu && !entry.cpu.includes(process.arch));
      if (!name || !wanted || elsewhere) continue;
      for (const node of lines) {
        if (!semver.satisfies(node, wanted))
          refusing.push(`${name}@${entry.version} wants node ${wanted}, not ${node}`);
      }
    }
    expect(refusing).toEqual([]);
  });
});
