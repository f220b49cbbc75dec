import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; `silent` in tests unless LOG_LEVEL says otherwise. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'stockpilot' }, redact: ['req.headers.cookie', 'req.headers.authorization'] });
}
