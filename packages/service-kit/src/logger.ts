import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout; every request's child logger carries its request id. */
export function createLogger(options: { name: string; level?: string }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    // Secrets never reach the logs even when a whole request or config object is logged.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.apiKey', 'password', 'apiKey'],
      censor: '[redacted]',
    },
  });
}
