/** The API key as the console and the integrator API show it, and the console's create body. */
import { z } from '@hono/zod-openapi';

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: '5b0c8f8e-1f47-4f0e-9d8e-2f3b7a1c9e21' }),
    name: z.string().openapi({ example: 'Acme agency — order sync' }),
    prefix: z.string().openapi({
      example: 'ip_test_a1B2c3',
      description: 'The first characters of the key, to recognise it',
    }),
    mode: z.enum(['live', 'test']).openapi({ description: 'The provider mode the key works in' }),
    merchant_id: z
      .string()
      .nullable()
      .openapi({ description: 'The one merchant it may use; null = every merchant' }),
    merchant_name: z.string().nullable(),
    scope: z.enum(['merchant', 'all']),
    permission: z
      .enum(['read', 'write'])
      .openapi({ description: '`read`: GET only; `write`: also creates pay links and refunds' }),
    status: z.enum(['active', 'revoked', 'expired']),
    expires_at: z.string().nullable().openapi({ format: 'date-time' }),
    revoked_at: z.string().nullable().openapi({ format: 'date-time' }),
    last_used_at: z.string().nullable().openapi({ format: 'date-time' }),
    last_used_ip: z.string().nullable(),
    created_by: z.string().nullable().openapi({ description: 'The admin who created it (user id)' }),
    created_by_email: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ApiKey');

export const CreatedApiKeySchema = ApiKeySchema.extend({
  secret: z.string().openapi({
    example: 'ip_test_3fZq9LmT0aXw7Rk2Vb8Nc4Hd6Js1Pe5Gy0Ut9Qo',
    description: 'The key itself. Shown this once: store it now (only its hash is kept).',
  }),
}).openapi('CreatedApiKey');

export const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    merchant_id: z
      .string()
      .max(100)
      .nullish()
      .openapi({ description: 'Scope: one merchant; omitted or null = every merchant' }),
    permission: z.enum(['read', 'write'], { message: "permission must be 'read' or 'write'" }),
    expires_at: z
      .string()
      .datetime({ offset: true, message: 'expires_at must be an ISO 8601 date-time' })
      .nullish()
      .openapi({ description: 'When the key stops working; omitted or null = never' }),
  })
  .openapi('CreateApiKeyInput');
