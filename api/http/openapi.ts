/**
 * Small building blocks for `createRoute` declarations that every admin router repeats: the `{id}`
 * path parameter, a JSON response, the bearer-token security requirement.
 */
import { z } from '@hono/zod-openapi';

/** `{id}` path parameter: 1..`max` characters. */
export const idParam = (max = 100) =>
  z.object({
    id: z
      .string()
      .min(1)
      .max(max)
      .openapi({ param: { name: 'id', in: 'path' } }),
  });

/** The usual `{id}` path parameter (ids are UUIDs; 100 leaves room for imported ones). */
export const IdParam = idParam();

/** A JSON response declaration: `responses: { 200: jsonContent(Schema, 'The thing') }`. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** Routes behind the console's bearer token (or session cookie). */
export const bearerSecurity = [{ bearerAuth: [] }];
