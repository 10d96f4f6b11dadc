import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs; every line names the service. Request and correlation ids are bound per request. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password'], remove: true },
  });
}
