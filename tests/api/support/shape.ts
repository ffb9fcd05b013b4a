/**
 * An answer matches the schema its OpenAPI document names for it (decision record 0005: every field
 * of a response is declared, none left as a free-form record). Fails with zod's own list of what
 * differs, so a field the mapper adds but the schema lacks — or a wrong type — names itself.
 */
import type { z } from '@hono/zod-openapi';
import { expect } from 'vitest';

export function expectShape(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success ? [] : result.error.issues).toEqual([]);
}
