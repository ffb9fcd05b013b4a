/**
 * Liveness (`/healthz`: the process answers, whatever the database does) and readiness (`/readyz`:
 * the database answers within READY_TIMEOUT_MS; 503 otherwise, with a warn line saying which — a
 * stall or an error — so a load balancer stops sending traffic and an on-call person can see why).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponses } from '../http/router.ts';
import { databaseAnswers } from './repository.ts';

/** Readiness answers within this, whatever the database does. */
export const READY_TIMEOUT_MS = 2_000;

const Health = z.object({ status: z.literal('ok') }).openapi('Health');
const Ready = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() }).openapi('Ready');

export const healthRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      tags: ['health'],
      summary: 'The process is up',
      responses: { 200: { description: 'Up', content: { 'application/json': { schema: Health } } } },
    }),
    (c) => c.json({ status: 'ok' as const }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/readyz',
      tags: ['health'],
      summary: 'The database is reachable',
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: Ready } } },
        503: { description: 'Not ready', content: { 'application/json': { schema: Ready } } },
        ...errorResponses(500),
      },
    }),
    async (c) => {
      const { database, logger } = c.get('deps');
      const answer = await databaseAnswers(database.db, READY_TIMEOUT_MS);
      if (answer.ok) return c.json({ status: 'ok' as const, database: database.dialect }, 200);
      if (answer.stalled)
        logger.warn(
          { database: database.describe, waitedMs: READY_TIMEOUT_MS },
          'database stall: no answer to the readiness probe',
        );
      else
        logger.warn(
          { database: database.describe, err: answer.error },
          'database unreachable: the readiness probe failed',
        );
      return c.json({ status: 'unavailable' as const, database: database.dialect }, 503);
    },
  );
