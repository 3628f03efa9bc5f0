import { AVATAR_MAX_BYTES } from '@storefront/routers';
import { ok } from '@storefront/routers/envelope';
import { AppError, validationError } from '@storefront/routers/errors';
import type { Services } from '@storefront/routers/services';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { requireCustomer, sessionOf } from './customer-session';

/**
 * POST /api/v1/auth/avatar: multipart cannot go through trpc-to-openapi, so this one route is
 * plain Express; the rules (size, content sniffing, storage) live in the customer service.
 */
export function createAvatarRoute(services: Services): RequestHandler[] {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  }).single('avatar');

  const receive: RequestHandler = (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        const message =
          error.code === 'LIMIT_FILE_SIZE'
            ? 'The image must be at most 2 MB.'
            : 'Send one image in the multipart field "avatar".';
        next(validationError({ avatar: [message] }));
        return;
      }
      // Anything else busboy raises is a body the client got wrong (cut-off or malformed
      // multipart, missing boundary): a 400, not an unexpected 500.
      next(error ? new AppError('BAD_REQUEST', 'The multipart body is malformed.') : undefined);
    });
  };

  const store = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const result = await services.customer.profiles.uploadAvatar(
        sessionOf(res).user.id,
        req.file?.buffer,
      );
      res.json(ok(result, 'Avatar updated successfully.'));
    } catch (error) {
      next(error);
    }
  };

  return [requireCustomer(services), receive, store];
}
