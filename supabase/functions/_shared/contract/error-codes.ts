// The codes of the error envelope {error, message, field?} and the HTTP status each is sent with.
// The function answers with them (_shared/errors.ts); the SPA's unit tests' fake API too.

export const errorStatus = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The account was suspended by an admin: the message names the reason; the SPA signs it out. */
  account_suspended: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * How an account_suspended message starts; the admin's reason follows as written. The SPA
 * translates this part and keeps the reason.
 */
export const ACCOUNT_SUSPENDED_PREFIX = "Your account is suspended: ";

/** The envelope every failure is answered with. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  field?: string;
}
