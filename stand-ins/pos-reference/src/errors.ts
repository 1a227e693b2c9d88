// The POS's one error family. Every error leaves as {"error":{"code","message"}} with its status.

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  idempotency_conflict: 409,
  sku_exists: 409,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class PosError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PosError';
    this.status = ERROR_STATUS[code];
  }
}

export const errorBody = (code: string, message: string) => ({ error: { code, message } });
