import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ZAvatarOutput } from '../auth/auth.schemas';

/**
 * The avatar upload is multipart, which trpc-to-openapi cannot carry, so it is a plain Express
 * route calling `customer.uploadAvatar`; this entry puts it in the OpenAPI document.
 */
export const avatarUploadPath: ZodOpenApiPathsObject = {
  '/auth/avatar': {
    post: {
      operationId: 'auth-uploadAvatar',
      tags: ['auth'],
      summary: 'Upload a profile picture (JPEG, PNG, WebP or GIF, recognised by content; 2 MB max)',
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
        401: { description: 'Missing or invalid token' },
        422: { description: 'Not an accepted image, or over 2 MB (errors.avatar)' },
        429: { description: 'Too many uploads by this customer (Retry-After)' },
      },
    },
  },
};
