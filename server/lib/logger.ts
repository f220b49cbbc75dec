import pino from 'pino';
import { redactQueryParams, withoutQueryParams } from './failed-query-params.ts';

export type Logger = pino.Logger;

/** JSON logs on stdout; `silent` in tests unless LOG_LEVEL says otherwise. A failed query's bound values are never written. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: 'stockpilot' },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: { err: withoutQueryParams(pino.stdSerializers.err) },
      // `logger.error(e)` takes the message line from the error itself, before any serializer runs.
      hooks: {
        logMethod(args, method) {
          if (args[0] instanceof Error) redactQueryParams(args[0]);
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
}
