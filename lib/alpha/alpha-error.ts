/**
 * The error every layer throws and the browser catches: AlphaError and the code → HTTP status vocabulary. Apart from
 * the schemas of lib/alpha/errors.ts so that browser code which only throws or tests for an AlphaError (the query
 * client's retry rule, every view's error state) does not carry zod. lib/alpha/errors.ts re-exports all of it.
 */
import type { ErrorBody } from "./errors";

/** One vocabulary for the service and the desk's proxy: error code → HTTP status. */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_body: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  insufficient_credits: 402,
  product_not_enabled: 403,
  scope_required: 403,
  account_disabled: 403,
  invalid_signature: 403,
  not_found: 404,
  method_not_allowed: 405,
  url_expired: 410,
  job_finished: 409,
  job_not_completed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  upgrade_required: 426,
  request_header_fields_too_large: 431,
  bad_request: 400,
  invalid_upgrade: 400,
  rate_limit_exceeded: 429,
  internal_error: 500,
  // Desk-side codes, raised by the proxy rather than by the service.
  upstream_unreachable: 502,
  upstream_contract_violation: 502,
  upstream_timeout: 504,
  upstream_error: 502,
} as const;

/** Codes of the desk's own routes (session, settings, admin), never sent by the service. */
export const DESK_ERROR_STATUS = {
  not_signed_in: 401,
  invalid_credentials: 401,
  user_disabled: 403,
  forbidden: 403,
  origin_rejected: 403,
  no_api_key: 428,
  key_rejected: 400,
  setup_complete: 409,
  email_taken: 409,
  name_taken: 409,
  last_admin: 409,
  cannot_change_self: 409,
  too_many_attempts: 429,
  wrong_password: 400,
  password_change_required: 403,
  /** Teams: a paid call on the organisation's key past the member's daily allowance (nothing sent, nothing charged). */
  allowance_exceeded: 402,
  /** Teams: a paid action the member's seat does not include. */
  action_not_permitted: 403,
  invite_invalid: 410,
  /** A budget or a desk token's cap would be passed by this call (nothing sent, nothing charged). */
  budget_exceeded: 402,
  /** A desk token used from an address outside its allow-list. */
  address_not_allowed: 403,
  /** A token that may not call this endpoint (its scopes). */
  token_scope_required: 403,
} as const;

export type DeskErrorCode = keyof typeof DESK_ERROR_STATUS;

export type AlphaErrorCode = keyof typeof ERROR_STATUS;

/** Field-level problems of a rejected request: path → messages. */
export type FieldErrors = Record<string, string[]>;

export class AlphaError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  /** Seconds to wait before retrying, from `Retry-After` (rate limits). */
  readonly retryAfter: number | undefined;

  constructor(
    code: AlphaErrorCode | DeskErrorCode | (string & {}),
    message: string,
    options: { status?: number; details?: Record<string, unknown>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AlphaError";
    this.code = code;
    this.status =
      options.status ??
      (code in ERROR_STATUS ? ERROR_STATUS[code as AlphaErrorCode] : code in DESK_ERROR_STATUS ? DESK_ERROR_STATUS[code as DeskErrorCode] : 500);
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export function isAlphaError(e: unknown): e is AlphaError {
  return e instanceof AlphaError;
}

