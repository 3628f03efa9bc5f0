import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ErrorCode } from '../../errors';
import { ZAvatarOutput } from '../auth';

/**
 * The avatar upload is multipart, which trpc-to-openapi cannot carry, so it is a plain Express
 * route calling `customer.uploadAvatar`; this entry puts it in the OpenAPI document.
 */
export const avatarUploadPath: ZodOpenApiPathsObject = {
  '/auth/avatar': {
    post: {
      operationId: 'auth-uploadAvatar',
      tags: ['auth'],
      summary: 'Upload avatar',
      description:
        'Uploads a profile picture as the multipart/form-data field `avatar`: JPEG, PNG, WebP or GIF, recognised by content, 2 MB at most; it is stored re-encoded, without its metadata. Answers the new absolute `avatar_url`. An image that is not one of those, or is larger, answers 422 errors.avatar. Uploads are limited per customer (429 with Retry-After).',
      security: [{ Authorization: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              avatar: z.string().meta({ format: 'binary', description: 'The image file' }),
            }),
          },
        },
      },
      responses: {
        200: {
          description: 'Stored, re-encoded as a WebP of at most 512×512; `avatar_url` is absolute',
          content: { 'application/json': { schema: ZAvatarOutput } },
        },
      },
    },
  },
};

/** Its errors besides those of its shape (see openapi.ts). */
export const avatarUploadOperation = {
  path: '/auth/avatar',
  method: 'post' as const,
  errors: ['RATE_LIMITED', 'ACCOUNT_REQUIRED'] as ErrorCode[],
};
