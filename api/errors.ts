/**
 * One error type for the whole API. Handlers throw `AppError`; `app.onError` renders it as
 * `{ error: { code, message } }`. Messages are user-facing (the spec's error catalogue).
 */
export const ERROR_CODES = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  gone: 410,
  challenge_required: 428,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  provider_error: 502,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly headers?: Record<string, string>;
  /** More of the answer beside `error` (e.g. a changed quote's new breakdown, a retry time). */
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      field?: string;
      headers?: Record<string, string>;
      status?: number;
      extra?: Record<string, unknown>;
      /** The error this one wraps (a provider's or connector's answer): logged, never rendered. */
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code];
    this.field = options.field;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export function errorBody(code: ErrorCode, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}
