import { z } from './zod-config.js';

/** Every API error on the wire (ARCHITECTURE.md §9). */
export const ErrorBody = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable error codes shared across services; each service may add its own domain codes. */
export const ErrorCodes = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  /** What a service needs (its database, NATS) is out of reach for now: try again after Retry-After. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
