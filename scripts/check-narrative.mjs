#!/usr/bin/env node
// `node scripts/check-narrative.mjs` (part of `npm run lint`): the repository describes the
// system as it is. History belongs to git; a change of mind is a new ADR that supersedes the old
// one. This check fails on the marks of a build diary in any text file git tracks or would track
// (docs, source, tests, scripts, migrations, configuration): work sessions by number, issue
// numbers, addenda, "before -> after" tables, figures of "this session", commits named as a
// point in time, and dates in the prose of the Markdown files. It prints file:line and the
// matched words for each, and exits 1 when it found any.
//
// Dates: a Markdown line may not carry a date outside code (`...` or a fenced block), with one
// exception, the status line of an ADR (`Date: YYYY-MM-DD. Status: ...` at the top of a file in
// docs/decisions), which records when the decision was taken and is not a narrative. Source
// files may carry dates as data (test fixtures, examples of a format), so there only a date
// given as the time of a run is refused.
//
// Not scanned: package-lock.json, node_modules, Drizzle's migration snapshots (generated JSON),
// binary files, and this check and its test, which spell out what they look for.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Patterns refused in every text file. */
export const EVERYWHERE = [
  { what: 'a work session by number', re: /\bsessions? \d{1,2}\b/i },
  { what: 'an issue number', re: /\bissues? #?\d+\b|\(#\d+\)/i },
  { what: 'an issue as the reason', re: /\b(this|the) issue\b/i },
  { what: 'an addendum', re: /\baddend(um|a)\b/i },
  {
    what: 'the figures of a work session',
    re: /\b(before|after|since|during|from|in|of|for) this session\b|\bthis session's (machine|changes?|figures?|runs?|work)\b/i,
  },
  { what: 'a before/after history', re: /\bbefore (->|→|to) after\b/i },
  { what: 'a point in history', re: /\bmeasured on main\b|\b(main at|commit) [0-9a-f]{7,40}\b/i },
  { what: 'a review as history', re: /\b(after|since) (the )?review\b|\bthe review('s)? (found|finding)/i },
  {
    what: 'a dated run',
    re: /\b(measured|last run|latest run|as of)\b[^.]*\b20\d\d-\d\d-\d\d\b|\(20\d\d-\d\d-\d\d, /i,
  },
  { what: 'a superseded figure', re: /\((was|were) [\d.,]+( |\))/i },
];

const DATE = /\b20\d\d-\d\d-\d\d\b/;
/** An ADR's status line, the one place a Markdown date is allowed. */
const ADR_STATUS = /^(Date: 20\d\d-\d\d-\d\d\. )?Status: /;

const SKIPPED = [
  /(^|\/)package-lock\.json$/,
  /(^|\/)node_modules\//,
  /(^|\/)migrations\/meta\//,
  /^scripts\/check-narrative(\.test)?\.mjs$/,
];

/** Markdown: the line without its inline code spans. */
const withoutCode = (line) => line.replace(/`[^`]*`/g, '``');

/**
 * The narrative found in one file's text: `{ line, what, text }` for each offending line.
 * `file` is the path from the repository root (it decides the Markdown and ADR rules).
 */
export function findNarrative(file, text) {
  const found = [];
  const markdown = file.endsWith('.md');
  const adr = markdown && /(^|\/)docs\/decisions\//.test(file);
  let fenced = false;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (markdown && /^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    const prose = markdown ? (fenced ? '' : withoutCode(line)) : line;
    for (const { what, re } of EVERYWHERE) {
      const match = (markdown ? prose : line).match(re);
      if (match) found.push({ line: index + 1, what, text: match[0] });
    }
    if (markdown && !(adr && ADR_STATUS.test(line))) {
      const match = prose.match(DATE);
      if (match) found.push({ line: index + 1, what: 'a date in prose', text: match[0] });
    }
  });
  return found;
}

/** The files git tracks or would track (new files not ignored), from `root`. */
export function repositoryFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter(Boolean))];
}

/** Every finding in the repository at `root`, as `file:line: what ("words")` lines. */
export function checkRepository(root) {
  const lines = [];
  for (const file of repositoryFiles(root)) {
    if (SKIPPED.some((re) => re.test(file))) continue;
    const full = path.join(root, file);
    if (!existsSync(full)) continue; // deleted in the working tree
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // binary
    for (const hit of findNarrative(file, bytes.toString('utf8'))) {
      lines.push(`${file}:${hit.line}: ${hit.what} ("${hit.text}")`);
    }
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const lines = checkRepository(root);
  for (const line of lines) console.log(line);
  if (lines.length > 0) {
    console.log(
      `\n${lines.length} line(s) tell the history of the work instead of the system as it is: ` +
        'describe what the code does and why (history belongs to git; a change of mind is a new ADR).',
    );
    process.exit(1);
  }
}
