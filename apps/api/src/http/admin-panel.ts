import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { toErrorResponse } from '@storefront/routers/error-response';
import { AppError } from '@storefront/routers/errors';
import express, { Router } from 'express';
import { notFoundHandler, sendError } from './errors';
import { selfHostedPagePolicy } from './security-headers';

/**
 * The back office's single-page app (apps/admin, built by Vite) from this process, at `/admin`:
 * same origin as `/trpc`, so no CORS and no token in a URL. Hashed assets are cached for a year;
 * every other path under `/admin` is the app's page (its router owns the path), revalidated each
 * time so a deploy shows at once (docs/admin-panel.md).
 */
export function adminPanel(options: { dir: string }): Router {
  const router = Router();
  const indexFile = join(options.dir, 'index.html');
  router.use(
    selfHostedPagePolicy({
      // Product images may live on the image host (UploadThing) as well as here.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      formAction: ["'self'"],
    }),
  );
  router.use(
    '/assets',
    express.static(join(options.dir, 'assets'), {
      index: false,
      redirect: false,
      immutable: true,
      maxAge: '365d',
    }),
    notFoundHandler,
  );
  router.get('/{*path}', (_req, res) => {
    if (!existsSync(indexFile)) {
      sendError(
        res,
        toErrorResponse(
          new AppError(
            'NOT_FOUND',
            'The admin panel is not built: run `npx -y pnpm@10.34.9 --filter @storefront/admin build`.',
          ),
        ),
      );
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
