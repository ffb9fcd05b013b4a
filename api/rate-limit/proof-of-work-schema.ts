/** A solved proof-of-work challenge in a request body (api/rate-limit/proof-of-work.ts). */
import { z } from '@hono/zod-openapi';

export const ProofOfWork = z
  .object({
    algorithm: z.string().max(20),
    challenge: z.string().max(128),
    salt: z.string().max(200),
    number: z.number().int().min(0),
    signature: z.string().max(128),
  })
  .openapi('ProofOfWork', {
    description:
      'A solved challenge (the `challenge` of a 428 answer, with the `number` whose SHA-256 of salt + number is the challenge); each is good once',
  });
