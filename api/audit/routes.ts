/**
 * `GET /api/admin/audit-log` (react-admin simple-rest list, newest first by default) and
 * `GET /api/admin/audit-log/{id}`. Admin-only through the `/api/admin/*` guard in app.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { parseJsonOr } from '../../core/json.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, jsonContent } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { ListQueryParams, defineList, listPage, listResponse, inMerchants } from '../http/simple-rest.ts';
import type { Selectable } from 'kysely';
import type { AuditLogTable } from '../db/types.ts';
import { allAuditEntries, findAuditEntry, withoutSignIns } from './repository.ts';

const AuditEntry = z
  .object({
    id: z.string(),
    actor_id: z.string().nullable(),
    actor_email: z.string().nullable(),
    action: z.string(),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    details: z.unknown().nullable(),
    ip: z.string().nullable(),
    merchant_id: z.string().nullable().openapi({ description: 'The merchant the entry concerns, if any' }),
    created_at: z.string(),
  })
  .openapi('AuditEntry');

export const auditLogList = defineList({
  resource: 'audit-log',
  sortable: {
    id: 'id',
    created_at: 'created_at',
    action: 'action',
    actor_email: 'actor_email',
    target_type: 'target_type',
  },
  defaultSort: ['created_at', 'DESC'],
  sequence: 'seq',
  filters: {
    q: { search: ['action', 'actor_email', 'target_id'] },
    id: { column: 'id' },
    action: { column: 'action' },
    hide_sign_ins: { where: withoutSignIns },
    actor_id: { column: 'actor_id' },
    actor_email: { column: 'actor_email', op: 'like' },
    target_type: { column: 'target_type' },
    target_id: { column: 'target_id' },
    merchant_id: { column: 'merchant_id' },
    created_at_gte: { column: 'created_at', op: 'gte' },
    created_at_lte: { column: 'created_at', op: 'lte' },
  },
});

/** An entry as the API shows it: every column named, `details` as the JSON it was stored as. */
function toEntry(row: Selectable<AuditLogTable>): z.infer<typeof AuditEntry> {
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    // Written by audit() as JSON; a row from before that (plain text) is shown as it is.
    details: row.details === null ? null : parseJsonOr(row.details, row.details),
    ip: row.ip,
    merchant_id: row.merchant_id,
    created_at: row.created_at,
  };
}

const AUDIT_NOT_FOUND = 'Audit entry not found';

export const auditRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/audit-log',
      tags: ['admin'],
      summary:
        "Audit log (react-admin simple-rest list): every entry for an admin, their merchants' for an owner",
      security,
      'x-access': 'audit.read',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(AuditEntry, 'A page of entries'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      // An owner reads the entries of their own merchants (api/auth/access.ts), filtered in the query.
      const scope = c.get('access')?.scope('audit.read') ?? null;
      const base = allAuditEntries(c.get('deps').database.db);
      const rows = await listPage(c, auditLogList, inMerchants(base, 'merchant_id', scope));
      return c.json(rows.map(toEntry), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/audit-log/{id}',
      tags: ['admin'],
      summary: 'One audit entry',
      security,
      'x-access': 'audit.read',
      request: { params: z.object({ id: z.string().max(64) }) },
      responses: {
        200: jsonContent(AuditEntry, 'The entry'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const row = await findAuditEntry(c.get('deps').database.db, c.req.valid('param').id);
      if (!row) throw new AppError('not_found', AUDIT_NOT_FOUND);
      c.get('access')?.authorize('audit.read', row.merchant_id, AUDIT_NOT_FOUND);
      return c.json(toEntry(row), 200);
    },
  );
