/**
 * Legacy: the console's calls outside react-admin's data provider, still used by the refund dialog
 * and the accounting screens until they move to the data provider's methods (data/dataProvider.ts,
 * whose comment names them). New code calls the data provider. Bearer token from the shared auth
 * client, JSON in and out, and the server's `{ error: { code, message, field } }` turned into an
 * `ApiError` whose message is the server's.
 */
import { auth } from './authProvider.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly body: unknown;
  constructor(message: string, status: number, code: string, field?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.body = body;
  }
}

export async function apiFetch<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await auth.fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new ApiError(
      'Could not reach the server. Please check your connection and try again.',
      0,
      'network',
    );
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const error = (body as { error?: { message?: string; code?: string; field?: string } } | null)?.error;
    throw new ApiError(
      error?.message ?? `Request failed (${res.status})`,
      res.status,
      error?.code ?? 'error',
      error?.field,
      body,
    );
  }
  return body as T;
}

/** The server's message when it sent one, else the spec's fallback text. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.code !== 'internal' && err.message
    ? err.message
    : fallback;
}
