/**
 * `/api/admin/outbox`: the sync deliveries (simple-rest list and one job) and the manual retry,
 * which gives a job a fresh set of attempts and delivers it at once, answering with the outcome.
 */
import { createRoute } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, inMerchants, ListQueryParams, listPage, listResponse } from '../http/simple-rest.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Trx } from '../db/database.ts';
import type { OutboxJob } from '../db/types.ts';
import { allJobs, findJob } from './repository.ts';
import { JOB_NOT_FOUND, retryJob } from './service.ts';
import { ApiJob, toApiJob } from './schema.ts';
import type { OutboxHandlers } from './delivery.ts';

const jobList = defineList({
  resource: 'outbox',
  sortable: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    next_attempt_at: 'next_attempt_at',
    status: 'status',
    attempts: 'attempts',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    id: { column: 'id' },
    status: { column: 'status' },
    kind: { column: 'kind' },
    merchant_id: { column: 'merchant_id' },
    payment_id: { column: 'payment_id' },
    refund_id: { column: 'refund_id' },
  },
});

/**
 * Who may see and retry which jobs, given by api/app.ts from the console's access rules: the action
 * the routes declare, the merchants whose jobs a list shows (null: all), a check that throws
 * 404/403 unless the user may act on a job of `merchantId`, and how a retry is recorded in the audit
 * log (the outbox is infrastructure: it knows neither the access rules nor the audit log).
 */
export interface OutboxAccess {
  action: string;
  scope: (c: Context<AppEnv>) => readonly string[] | null;
  authorize: (c: Context<AppEnv>, merchantId: string | undefined, notFound: string) => void;
  /** In the retry's transaction: say who retried `job` (from the request `c`). */
  recordRetry: (c: Context<AppEnv>, trx: Trx, job: OutboxJob) => Promise<unknown>;
}

/** The routes, delivering through the owning domain's handlers (given by api/app.ts). */
export const outboxRoutes = (handlers: OutboxHandlers, access: OutboxAccess) =>
  createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/outbox',
        tags: ['admin'],
        security,
        'x-access': access.action,
        summary:
          'List accounting-sync deliveries (simple-rest; filter by payment_id, status, kind, merchant_id)',
        request: { query: ListQueryParams },
        responses: {
          200: listResponse(ApiJob, 'A page of jobs'),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => {
        const deps = c.get('deps');
        const scope = access.scope(c);
        const rows = await listPage(c, jobList, inMerchants(allJobs(deps.database.db), 'merchant_id', scope));
        return c.json(
          rows.map((j) => toApiJob(j, deps.config.outbox.maxAttempts)),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/outbox/{id}',
        tags: ['admin'],
        security,
        'x-access': access.action,
        summary: 'One accounting-sync delivery',
        request: { params: IdParam },
        responses: { 200: json(ApiJob, 'The job'), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const deps = c.get('deps');
        const job = await findJob(deps.database.db, c.req.valid('param').id);
        access.authorize(c, job?.merchant_id, JOB_NOT_FOUND);
        if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
        return c.json(toApiJob(job, deps.config.outbox.maxAttempts), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/outbox/{id}/retry',
        tags: ['admin'],
        security,
        'x-access': access.action,
        summary: 'Retry a delivery now (a failed one gets a fresh set of attempts); answers with the outcome',
        request: { params: IdParam },
        responses: { 200: json(ApiJob, 'The job after the attempt'), ...errorResponses(401, 403, 404, 409) },
      }),
      async (c) => {
        const deps = c.get('deps');
        const { id } = c.req.valid('param');
        access.authorize(c, (await findJob(deps.database.db, id))?.merchant_id, JOB_NOT_FOUND);
        const job = await retryJob(deps, handlers, id, (trx, before) => access.recordRetry(c, trx, before));
        return c.json(toApiJob(job, deps.config.outbox.maxAttempts), 200);
      },
    );
