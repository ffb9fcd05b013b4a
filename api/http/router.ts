/**
 * Every route is declared with @hono/zod-openapi so /api/openapi.json is generated from the code.
 * `createRouter()` gives a sub-app whose validation failures become 400 `{ error }` naming the field.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../errors.ts';

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.map(String).join('.') || undefined;
        const message = issue?.message ?? 'Invalid request';
        return c.json(errorBody('validation_failed', message, field), 400);
      }
    },
  });
}

/** The error envelope, for response declarations. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_failed' }),
      message: z.string(),
      field: z.string().optional(),
    }),
  })
  .openapi('Error');

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: 'Error', content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  );
