/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponses } from '../http/router.ts';
import { databaseAnswers } from './repository.ts';

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
      const { database } = c.get('deps');
      return (await databaseAnswers(database.db))
        ? c.json({ status: 'ok' as const, database: database.dialect }, 200)
        : c.json({ status: 'unavailable' as const, database: database.dialect }, 503);
    },
  );
