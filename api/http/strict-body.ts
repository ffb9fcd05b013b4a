/**
 * Unknown request fields are refused, not silently dropped: `strictBodySchema(schema)` is the same
 * zod schema with every object in it closed (an unknown key fails validation with the issue code
 * `unrecognized_keys`, which createRouter answers as 400 naming the field). Objects that declare
 * what else they take (`.loose()`, `.catchall(x)`) keep it. Wrappers are rebuilt around closed
 * copies (optional, nullable, default, pipe/transform, array, union, record, tuple, …); the
 * original schema is left untouched (it documents the route in /api/openapi.json).
 *
 * @example strictBodySchema(z.object({ url: z.string() })).safeParse({ url: 'x', uri: 'y' }).success // false
 */
import { z } from '@hono/zod-openapi';

type Any = z.ZodType;
type Def = Record<string, unknown> & { type: string };

const closed = new WeakMap<Any, Any>();
const NEVER = z.never();

/** `schema` with every object closed to unknown keys (memoised per schema). */
export function strictBodySchema<T extends Any>(schema: T): T {
  let result = closed.get(schema);
  if (!result) {
    result = close(schema);
    closed.set(schema, result);
  }
  return result as T;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function close(schema: Any): Any {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const clone = (changes: Record<string, unknown>) =>
    (schema as unknown as { clone(def: Def): Any }).clone({ ...def, ...changes });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Any>;
      const closedShape = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, strictBodySchema(v)]));
      return clone({ shape: closedShape, catchall: def.catchall ?? NEVER });
    }
    case 'pipe':
      return clone({ in: strictBodySchema(def.in as Any) });
    case 'array':
      return clone({ element: strictBodySchema(def.element as Any) });
    case 'union':
      return clone({ options: (def.options as Any[]).map(strictBodySchema) });
    case 'record':
      return clone({ valueType: strictBodySchema(def.valueType as Any) });
    case 'tuple':
      return clone({ items: (def.items as Any[]).map(strictBodySchema) });
    default:
      return WRAPPERS.has(def.type) ? clone({ innerType: strictBodySchema(def.innerType as Any) }) : schema;
  }
}

/** The field an `unrecognized_keys` issue names: its path and the first unknown key. */
export function unknownFieldOf(issue: { path: PropertyKey[]; keys?: string[] }): string {
  return [...issue.path.map(String), issue.keys?.[0] ?? ''].filter(Boolean).join('.');
}
