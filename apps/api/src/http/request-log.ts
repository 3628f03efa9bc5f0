import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';
import { redactUrl } from '../log-redaction';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (the client's `X-Request-Id` when well formed, else a new UUID). */
    id: string;
    /** A logger bound to `req: {id, method, url}`, created on first use. */
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Request ids and one access-log line per request, as pino-http wrote them (`req: {id,
 * method, url}`, `res: {statusCode}`, `responseTime`; "request completed" / "request errored";
 * error for 5xx, info for 4xx and aborted requests, debug otherwise) — ids, not payloads: no
 * headers (tokens), no bodies (passwords), and secret query values redacted by name (arrays and
 * `/trpc`'s JSON input too: log-redaction.ts). Unlike pino-http it builds the request's child
 * logger only when something is logged: at the usual levels a successful request logs nothing, and the eager child logger
 * with its serializers was ~5% of the CPU of a product-list request.
 */
export function requestLogging(
  logger: Logger,
  options: { traceIds?: boolean } = {},
): RequestHandler {
  return (req, res, next) => {
    // Tracing on: the line names the request's trace (the HTTP server span is active here).
    const traceId = options.traceIds ? trace.getActiveSpan()?.spanContext().traceId : undefined;
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    const { method, originalUrl } = req;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => {
        // The reset link's token and e-mail must not sit in the log (nor any password or
        // token); redacted only when something is logged (it parses /trpc's JSON input).
        child ??= logger.child({
          req: { id, method, url: redactUrl(originalUrl) },
          ...(traceId ? { trace_id: traceId } : {}),
        });
        return child;
      },
    });
    const started = performance.now();
    res.once('close', () => {
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      // A client that hangs up is routine (timeouts, app backgrounded): one info line, no stack.
      const level: Level = aborted
        ? 'info'
        : status >= 500
          ? 'error'
          : status >= 400
            ? 'info'
            : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const fields = {
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      };
      if (aborted) {
        req.log[level](fields, 'request aborted');
      } else if (status >= 500) {
        const err = new Error(`failed with status code ${status}`);
        req.log[level]({ ...fields, err }, 'request errored');
      } else {
        req.log[level](fields, 'request completed');
      }
    });
    next();
  };
}
