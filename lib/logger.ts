import pino from 'pino';

/**
 * One pino logger for every process. Redaction is the last line of defence: code must not log
 * secrets in the first place, but if a request or provider object slips into a log line, its
 * credentials are censored.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.apiKey',
  '*.password',
  '*.secret',
  '*.token',
  '*.mfaCode',
  '*.credentials',
  'apiKey',
  'password',
  'secret',
];

export function createLogger(opts: { level?: string; name?: string } = {}) {
  return pino({
    name: opts.name ?? 'gatehouse',
    level: opts.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  });
}

export type Logger = pino.Logger;
