import { AppError, type ErrorResponse, toErrorResponse } from '@storefront/routers/errors';
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

/** body-parser's own errors carry a `type`; everything else goes through the one error table. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const type = (error as { type?: string }).type;
  let appError: unknown = error;
  if (type === 'entity.parse.failed') appError = new AppError('BAD_REQUEST');
  else if (type === 'entity.too.large') {
    appError = new AppError('PAYLOAD_TOO_LARGE', 'The request body must be at most 1 MB.');
  } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    appError = new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  const response = toErrorResponse(appError);
  if (response.unexpected) req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.end();
    return;
  }
  sendError(res, response);
};
