import { pino, type DestinationStream, type Logger } from 'pino';
import { traceLogFields } from './trace-context.js';

export type { Logger };

export interface CreateLoggerOptions {
  name: string;
  level?: string;
  /** Where lines go: stdout unless given (a test reads them). */
  destination?: DestinationStream;
}

/**
 * JSON logs on stdout; every request's child logger carries its request id, and a line written
 * inside a traced request or message carries `trace_id` and `span_id` (decision 040).
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    name: options.name,
    level: options.level ?? 'info',
    mixin: traceLogFields,
    // Secrets never reach the logs even when a whole request or config object is logged.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.apiKey', 'password', 'apiKey'],
      censor: '[redacted]',
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
