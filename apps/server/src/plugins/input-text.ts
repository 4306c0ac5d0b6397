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

const MAX_DEPTH = 32;

/** The first field (dotted path) whose text holds a control character, or null. */
export function fieldWithControlCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') {
    const at = value.search(CONTROL);
    if (at < 0) return null;
    if (path) return path;
    // A body sent as text (a CSV file): the line, so the sender can find it.
    return `body, line ${value.slice(0, at).split('\n').length}`;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const found = fieldWithControlCharacter(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

function controlCharacterField(request: FastifyRequest): string | null {
  return (
    fieldWithControlCharacter(request.query as unknown) ??
    fieldWithControlCharacter(request.params as unknown) ??
    fieldWithControlCharacter(request.body)
  );
}

/**
 * Every text input of every route, before its schema: a control character is refused with a
 * 400 naming the field (issue #17 item 1), whatever route or role.
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: no promise per request on the hot paths.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = controlCharacterField(request);
    if (!field) return done();
    done(
      badRequest(`${field}: control characters (such as NUL) are not allowed; remove them and send again`),
    );
  });
});
