import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorResponse, toErrorResponse } from '@storefront/routers/error-response';
import { AppError, validationError } from '@storefront/routers/errors';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';

export function sendError(res: Response, response: Omit<ErrorResponse, 'unexpected'>): void {
  res.status(response.status).set(response.headers).json(response.body);
}

/** Unknown routes answer in the envelope too. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(
    res,
    toErrorResponse(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}.`)),
  );
};

/**
 * zlib could not undo the body's Content-Encoding (body-parser passes its error on, untyped):
 * gzip/deflate fail with `Z_*` codes, Brotli with `ERR__ERROR_*` / `ERR_BROTLI_*` (a `br`
 * body that was not Brotli answered 500), zstd (newer Node) with `ZSTD_*`.
 */
function isDecodingError(error: unknown): boolean {
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    typeof errno === 'number' &&
    typeof code === 'string' &&
    /^(Z_|ERR__ERROR_|ERR_BROTLI|ZSTD_)/.test(code)
  );
}

/** body-parser's own errors carry a `type`; everything else goes through the one error table. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const type = (error as { type?: string }).type;
  // The client hung up while sending its body: nobody to answer, nothing unexpected. The request
  // log writes the one "request aborted" line (info) when the connection closes.
  if (type === 'request.aborted') return;
  let appError: unknown = error;
  if (type === 'entity.parse.failed') appError = new AppError('BAD_REQUEST');
  else if (type === 'entity.too.large') {
    appError = new AppError('PAYLOAD_TOO_LARGE', 'The request body must be at most 1 MB.');
  } else if (type === 'encoding.unsupported') {
    appError = new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The Content-Encoding is not supported: send the body as identity, gzip, deflate or br.',
    );
  } else if (type === 'charset.unsupported') {
    appError = new AppError('UNSUPPORTED_MEDIA_TYPE');
  } else if (isDecodingError(error)) {
    appError = new AppError('BAD_REQUEST', 'The request body does not match its Content-Encoding.');
  } else if (error instanceof URIError && (error as { status?: number }).status === 400) {
    // Express could not percent-decode a path parameter of a plain route (`/orders/%/invoice`):
    // a bad parameter, 422 as procedures answer it, not a 500.
    appError = validationError({ path: ['A path parameter is not validly percent-encoded.'] });
  }
  const response = toErrorResponse(appError);
  if (response.unexpected) req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.end();
    return;
  }
  sendError(res, response);
};

/**
 * Requests Node refuses before Express sees them (headers over 16 KB, a malformed request line):
 * Node answered its own bare 431/400. These answer the envelope too, then close the connection.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (
      !socket.writable ||
      error.code === 'ECONNRESET' ||
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ) {
      socket.destroy();
      return;
    }
    const appError =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('REQUEST_HEADER_FIELDS_TOO_LARGE')
        : new AppError('BAD_REQUEST', 'The request is malformed.');
    const { status, body } = toErrorResponse(appError);
    const json = JSON.stringify(body);
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(json)}`,
        'Connection: close',
        '',
        json,
      ].join('\r\n'),
    );
  });
}
