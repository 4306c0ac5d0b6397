// `node --test scripts/check-narrative.test.mjs` (part of `npm run lint`): the narrative check
// finds what it is meant to find, lets the system's own words pass, and passes this repository.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkRepository, findNarrative } from './check-narrative.mjs';

const SCRIPT = path.join(import.meta.dirname, 'check-narrative.mjs');
const ROOT = path.resolve(import.meta.dirname, '..');

const lines = (file, text) => findNarrative(file, text).map((hit) => hit.line);

test('finds the marks of a build diary in source and docs', () => {
  const source = [
    '// The routing statement reads the index (ADR 22, session 16 addendum).',
    '/** Quotas per account (issue #17 item 4). */',
    "it('refuses it (Issue 18)', () => {});",
    '// p95 147 ms before this session, 27 ms after.',
    '// Measured on main: 60 leads/s.',
    '// A PGlite warm start of 2.32 s (was 3.48 s).',
    '// The review found a race between two transactions.',
    '// Measured on 2026-11-24 on this machine: 915 leads/s.',
    '// The intake (2026-11-25, a faster machine) did 950 leads/s.',
  ].join('\n');
  assert.deepEqual(lines('apps/server/src/x.ts', source), [1, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

  const markdown = [
    '# 22. Hot paths',
    '',
    '## Addendum (2026-11-24): production mode',
    'Its last run (2026-11-24, this 2-core machine): 3.1 s.',
    '| target | before -> after |',
    "Lighthouse on this session's machine: 96.",
    'The figures of main at e31fcbe.',
  ].join('\n');
  assert.deepEqual(lines('docs/decisions/0022-hot-paths.md', markdown), [3, 3, 4, 4, 5, 6, 7]);
});

test('lets the system describe itself', () => {
  const source = [
    "summary: 'End this session',",
    "it('ends only this session, not the user’s other devices', async () => {});",
    '// anyone else gets 404 and a request without a session 401',
    "const NOW = new Date('2026-03-02T09:00:00Z');",
    '/** Days since 1970-01-01 of a calendar date, or null when it is not one (2026-02-30). */',
    '/** The name printed as the issuer and the e-mails\u2019 sender. */',
  ].join('\n');
  assert.deepEqual(lines('apps/server/src/x.ts', source), []);

  const markdown = [
    '# 5. An outbox table',
    '',
    'Date: 2026-11-21. Status: superseded in part by ADR 18.',
    '',
    '`npm run admin -- create-access-code CODE --expires 2027-01-31` makes a code.',
    '```sh',
    'curl -d \'{"closing_date":"2026-11-20"}\'',
    '```',
    'Keeps this session and ends every other one.',
  ].join('\n');
  assert.deepEqual(lines('docs/decisions/0005-outbox.md', markdown), []);
  // The status line's date is an ADR's alone.
  assert.deepEqual(lines('README.md', 'Date: 2026-11-21. Status: accepted.'), [1]);
});

test('the command prints file:line and exits 1 on a planted example, 0 without it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-narrative-'));
  try {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs', 'notes.md'), '# Notes\n\nHow the intake stores leads.\n');
    writeFileSync(path.join(dir, 'package-lock.json'), '{"session 12": "issue #3"}\n');
    const clean = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' });
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);

    writeFileSync(path.join(dir, 'docs', 'notes.md'), '# Notes\n\nSession 14 made the intake faster.\n');
    const planted = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' });
    assert.equal(planted.status, 1);
    assert.match(planted.stdout, /^docs\/notes\.md:3: a work session by number \("Session 14"\)$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('this repository tells no build history', () => {
  assert.deepEqual(checkRepository(ROOT), []);
});
