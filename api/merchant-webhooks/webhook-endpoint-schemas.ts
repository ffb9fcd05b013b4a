/**
 * The webhook endpoint and event schemas of the integrator API (`/api/v1/webhook_endpoints`,
 * `/api/v1/events`) and the console's routes for the same resources.
 */
import { z } from '@hono/zod-openapi';
import { EVENT_TYPES } from './webhook-events.ts';
import { ALL_EVENTS } from './webhook-fanout.ts';
import { ROTATION_OVERLAP_HOURS } from './webhook-secret.ts';

const time = z.string().openapi({ format: 'date-time' });
export const Version = z.enum(['v1', '2026-11']).openapi({
  description:
    "The body's shape: `2026-11` (the default) events with integer minor units; `v1` the spec's body (decimal `Amount`, …). Every event type reaches both.",
});
export const EventType = z.enum(EVENT_TYPES);
export const EnabledEvents = z
  .array(z.enum([...EVENT_TYPES, ALL_EVENTS]))
  .min(1, 'enabled_events needs at least one type (or "*")')
  .max(20)
  .openapi({
    description: 'The event types sent to it; `["*"]` (the default): every type, those added later too',
    example: ['payment.succeeded', 'invoice.paid'],
  });
export const Url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => URL.canParse(v) && /^https?:/i.test(v), 'url must be an http(s) URL')
  .openapi({ example: 'https://hooks.example.com/invoicepay' });

export const Endpoint = z
  .object({
    object: z.literal('webhook_endpoint'),
    id: z.string(),
    merchant_id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    enabled_events: z.array(z.string()),
    api_version: Version,
    status: z.enum(['enabled', 'disabled']),
    previous_secret_valid_until: time.nullable().openapi({
      description: 'After a rotation: until when deliveries also carry the old secret’s signature',
    }),
    created_at: time,
    updated_at: time,
  })
  .openapi('WebhookEndpoint');
export const CreatedEndpoint = Endpoint.extend({
  secret: z.string().openapi({
    description: 'The signing secret (`whsec_…`): shown here only; keep it where the receiver verifies',
    example: 'whsec_…',
  }),
}).openapi('WebhookEndpointCreated');
export const UpdateBody = z
  .object({
    url: Url.optional(),
    description: z.string().trim().max(200).nullish(),
    enabled_events: EnabledEvents.optional(),
    api_version: Version.optional(),
    disabled: z
      .boolean()
      .optional()
      .openapi({ description: 'true: nothing is sent to it (queued deliveries stop) until set false' }),
  })
  .openapi('WebhookEndpointUpdate');
export const Deleted = z
  .object({ object: z.literal('webhook_endpoint'), id: z.string(), deleted: z.literal(true) })
  .openapi('WebhookEndpointDeleted');
export const RotateBody = z
  .object({
    keep_previous_hours: z
      .number()
      .int()
      .min(0)
      .max(ROTATION_OVERLAP_HOURS)
      .optional()
      .openapi({
        description: `How long the old secret keeps signing too (default ${ROTATION_OVERLAP_HOURS}; 0 for a leaked secret)`,
      }),
  })
  .openapi('WebhookSecretRotation');
export const Secret = z
  .object({
    secret: z.string(),
    previous_secret_valid_until: time.nullable(),
  })
  .openapi('WebhookEndpointSecret');

const Delivery = z
  .object({
    id: z.string(),
    endpoint_id: z
      .string()
      .nullable()
      .openapi({ description: "null: the merchant's automation webhook (set in the console)" }),
    status: z.enum(['pending', 'processing', 'delivered', 'failed', 'canceled']),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    delivered_at: time.nullable(),
    created_at: time,
  })
  .openapi('EventDelivery');
export const Event = z
  .object({
    id: z.string().openapi({ example: 'evt_3f0c…' }),
    object: z.literal('event'),
    type: EventType,
    api_version: z.literal('2026-11'),
    created: time,
    data: z.object({
      object: z
        .record(z.string(), z.unknown())
        .openapi({ description: 'The payment, refund, invoice, write-off or dispute, as when it happened' }),
    }),
    merchant_id: z.string(),
    deliveries: z.array(Delivery).optional().openapi({
      description: 'Where it was sent (one per receiver and resend); on GET /api/v1/events/{id} only',
    }),
  })
  .openapi('Event');
export const ResendBody = z
  .object({
    endpoint_id: z.string().max(100).nullish().openapi({
      description: "The endpoint to send it to; omitted or null: the merchant's automation webhook",
    }),
  })
  .openapi('EventResend');
export const Resent = z
  .object({
    object: z.literal('event_delivery'),
    id: z.string(),
    event_id: z.string(),
    endpoint_id: z.string().nullable(),
    status: z.literal('pending'),
  })
  .openapi('EventResent');
