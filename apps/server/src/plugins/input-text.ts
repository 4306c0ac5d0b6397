import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

/**
 * Control characters no text a person types can hold: NUL (PostgreSQL refuses it in text, which
 * made the request fail with a 500), the other C0 controls and DEL. Tab, line feed and carriage
 * return stay: notes and comments have lines.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Deeper than any form the portal has: refused rather than left unread. */
const MAX_DEPTH = 32;

/** What is wrong with a text: a control character, a lone UTF-16 surrogate, or nesting too deep. */
export type TextProblem = 'control' | 'surrogate' | 'depth';

/**
 * A control character first, then well-formed UTF-16 (a high surrogate followed by a low one,
 * never either alone: PostgreSQL refuses a lone one in jsonb and UTF-8 cannot hold it). Both are
 * native scans over the string; a clean one allocates nothing.
 */
function problemOf(text: string): TextProblem | null {
  if (CONTROL.test(text)) return 'control';
  return (text as WellFormed).isWellFormed() ? null : 'surrogate';
}

/** ES2024's String methods (Node 20 has them; the compiler's library is older). */
type WellFormed = string & { isWellFormed(): boolean; toWellFormed(): string };

export interface TextFinding {
  /** The dotted path of the field (a key with a lone surrogate shows it as U+FFFD). */
  field: string;
  problem: TextProblem;
}

/**
 * The first text (a value or a key, at any depth) that cannot be stored, with its field, or null.
 * The path is only put together for a finding, on the way back up: clean input builds no strings.
 */
export function invalidTextIn(value: unknown): TextFinding | null {
  const found = walk(value, 0);
  if (!found) return null;
  if (found.path.length > 0) return { field: found.path.reverse().join('.'), problem: found.problem };
  // A body sent as text (a CSV file): the line, so the sender can find it.
  const text = typeof value === 'string' ? value : '';
  const at = found.problem === 'control' ? text.search(CONTROL) : firstLoneSurrogate(text);
  return { field: `body, line ${text.slice(0, at).split('\n').length}`, problem: found.problem };
}

interface Found {
  /** The field's keys, innermost first. */
  path: string[];
  problem: TextProblem;
}

function walk(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path: [], problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { path: [], problem: 'depth' };
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = walk(value[i], depth + 1);
      if (found) {
        found.path.push(String(i));
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyProblem = problemOf(key);
    if (keyProblem) return { path: [(key as WellFormed).toWellFormed()], problem: keyProblem };
    const found = walk((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.path.push(key);
      return found;
    }
  }
  return null;
}

function firstLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else return i;
  }
  return text.length;
}

const WHY: Record<TextProblem, string> = {
  control: 'control characters (such as NUL) are not allowed; remove them and send again',
  surrogate: 'text must be valid Unicode (a lone surrogate was found); remove it and send again',
  depth: `nested too deeply (at most ${MAX_DEPTH} levels)`,
};

function describe(finding: TextFinding): string {
  return finding.field
    ? `${finding.field}: ${WHY[finding.problem]}`
    : `The request is ${WHY[finding.problem]}`;
}

function invalidTextOf(request: FastifyRequest): TextFinding | null {
  return (
    invalidTextIn(request.query as unknown) ??
    invalidTextIn(request.params as unknown) ??
    invalidTextIn(request.body)
  );
}

/**
 * Every text input of every route (query, path and body, values and keys), before its schema:
 * a control character or a lone surrogate is refused with a 400 naming the field, whatever the
 * route or role, before any database work (SECURITY.md item 27).
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: no promise per request on the hot paths.
  app.addHook('preValidation', (request, _reply, done) => {
    const finding = invalidTextOf(request);
    if (!finding) return done();
    done(badRequest(describe(finding)));
  });
});
