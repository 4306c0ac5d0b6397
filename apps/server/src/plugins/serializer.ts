import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema (ADR 42): a compiled writer that knows the shape is several times faster than zod's
 * encode followed by JSON.stringify, and like zod it leaves out any field the schema does not
 * declare, so nothing private leaks through a response that carries more than its schema.
 *
 * It does not check values. With `checkResponses` (the tests), each response is also encoded
 * through zod as before, a wrong value fails the request, and the compiled writer's output must
 * equal zod's: a schema the writer reads differently fails the test that sends it.
 */
type JsonSchema = Record<string, unknown>;

/** Keywords that only validate: the writer ignores them or, for `default`, would invent values. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'default',
  'propertyNames',
  'description',
  'title',
  'examples',
]);

const isNullSchema = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'null';

/**
 * The schema as the writer reads it fastest: validation keywords dropped, `format` kept only
 * where it changes the output (date-time writes a Date as ISO text), and "X or null" written as a
 * type list rather than anyOf, which the writer would resolve per value with a validator.
 */
export function writerSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(writerSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = schema as JsonSchema;
  const branches = source.anyOf ?? source.oneOf;
  if (Array.isArray(branches) && branches.length === 2 && branches.some(isNullSchema)) {
    const other = branches.find((branch) => !isNullSchema(branch)) as JsonSchema | undefined;
    if (other && typeof other.type === 'string') {
      const { anyOf: _a, oneOf: _o, ...rest } = source;
      return writerSchema({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === 'format' && value !== 'date-time') continue;
    if (key === 'properties' || key === 'definitions' || key === '$defs') {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, child]) => [name, writerSchema(child)]),
      );
    } else {
      out[key] = typeof value === 'object' ? writerSchema(value) : value;
    }
  }
  return out;
}

const PRE_WRITTEN = Symbol('pre-written JSON');
interface PreWritten {
  [PRE_WRITTEN]: string;
}

/**
 * An answer whose JSON is already written (by PostgreSQL, for the leads pages): the serializer
 * sends it as it is. Typed as the route's answer so that handlers keep their types; only the
 * serializer reads it. The tests check it against the route's schema like any other answer.
 */
export function preWritten<T>(json: string): T {
  return { [PRE_WRITTEN]: json } as PreWritten as unknown as T;
}

const preWrittenText = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && PRE_WRITTEN in data ? (data as PreWritten)[PRE_WRITTEN] : null;

function resolveSchema(maybeSchema: unknown): ZodType {
  if (maybeSchema instanceof z.ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(maybeSchema)}`);
}

/** A compiled writer for a zod schema's output, as the routes' answers are written. */
export function compileWriter<T>(schema: ZodType<T>): (data: T) => string {
  return fastJson(
    writerSchema(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }),
    ) as Parameters<typeof fastJson>[0],
  );
}

export function createSerializerCompiler(options: {
  checkResponses: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    // Compiled on the route's first answer, not at start (a warm start stays under 3 s).
    let compiled: ((data: unknown) => string) | undefined;
    const write = (data: unknown) => {
      compiled ??= compileWriter(schema);
      return compiled(data);
    };
    if (!options.checkResponses) return (data: unknown) => preWrittenText(data) ?? write(data);
    return (data: unknown) => {
      const text = preWrittenText(data);
      if (text !== null) {
        const parsed: unknown = JSON.parse(text);
        const result = z.safeEncode(schema, parsed);
        if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
        if (!isDeepStrictEqual(result.data, parsed)) {
          throw new Error(
            `${method} ${url} answered fields its schema does not declare: ${text.slice(0, 500)}`,
          );
        }
        return text;
      }
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const written = write(data);
      const expected = JSON.stringify(result.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The compiled writer of ${method} ${url} wrote ${written.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}
