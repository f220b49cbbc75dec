import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The closed map of error codes to HTTP statuses (DESIGN §5). Add a code here before using it;
 * anything thrown that is not an `AppError` becomes INTERNAL_ERROR with a generic message.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_SYMBOL: 400,
  INVALID_RANGE: 400,
  INVALID_AMOUNT: 400,
  INVALID_PLAN: 400,
  INVALID_SIGNATURE: 400,
  SESSION_ALREADY_USED: 400,
  NOT_A_TOKEN_PURCHASE: 400,
  INVALID_TIER: 400,
  WEAK_PASSWORD: 400,
  // A wrong current password where one is asked again (account deletion; change-password answers it through better-auth).
  INVALID_PASSWORD: 400,
  INVALID_IMAGE: 400,
  TOO_MANY_SYMBOLS: 400,
  API_KEY_IN_QUERY: 400,
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  INSUFFICIENT_TOKENS: 402,
  CARD_DECLINED: 402,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  TIER_REQUIRED: 403,
  TOPUP_NOT_ALLOWED: 403,
  PLAN_REQUIRED: 403,
  INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  UNKNOWN_SYMBOL: 404,
  // A run on a symbol the market-data store knows was delisted (404 like an unknown one, its own code); its stored data stays readable.
  DELISTED_SYMBOL: 404,
  NO_DATA: 404,
  SESSION_NOT_FOUND: 404,
  HOLD_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  HOLD_NOT_PENDING: 409,
  ALREADY_EXISTS: 409,
  // 422 as Stripe answers it: the same Idempotency-Key sent with another body.
  IDEMPOTENCY_KEY_REUSED: 422,
  CHECKOUT_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  IMAGE_TOO_LARGE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  NOT_CONFIGURED: 501,
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string; details?: unknown };
}

/** An error that is safe to show to the client: its code, message and field go out as they are. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly details?: unknown;
  /** Sent as the `Retry-After` header (429 and 503). */
  readonly retryAfterSeconds?: number;
  constructor(code: ErrorCode, message: string, options: { field?: string; details?: unknown; cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
