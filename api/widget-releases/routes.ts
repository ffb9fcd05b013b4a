/**
 * `GET /api/public/widget-releases`: every widget release this server still serves (./store.ts),
 * newest first, with the pinned script's and the package's URLs and hashes — what the console's
 * Developers tab lists and an agency pins. Public, like the files themselves.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { join } from 'node:path';
import { createRouter } from '../http/router.ts';
import { currentVersion, listReleases } from './store.ts';

const Pinned = z.object({ path: z.string(), integrity: z.string() });

const WidgetRelease = z
  .object({
    version: z.string(),
    published_at: z.string(),
    current: z.boolean().openapi({ description: 'The release this server builds pages with' }),
    script: Pinned.openapi({ description: 'The pinned script tag file and its SRI hash' }),
    package: Pinned.nullable().openapi({ description: 'The npm package tarball and its sha512 integrity' }),
  })
  .openapi('WidgetRelease');

export const widgetReleaseRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/widget-releases',
    tags: ['public'],
    summary: 'Widget releases still served, newest first',
    responses: {
      200: {
        description: 'Releases',
        content: { 'application/json': { schema: z.object({ data: z.array(WidgetRelease) }) } },
      },
    },
  }),
  async (c) => {
    const { database, config } = c.get('deps');
    const data = await listReleases(database.db, currentVersion(join(config.staticDir, 'widget')));
    return c.json({ data }, 200);
  },
);
