import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RequestHandler, Router } from 'express';
import { selfHostedPagePolicy } from './security-headers';

/**
 * The interactive reference (Scalar) served entirely from this process: the page, Scalar's
 * single-file browser bundle from the installed `@scalar/api-reference`, and the document. No CDN,
 * no fonts host, no inline script — so it renders offline and under a CSP that allows only 'self'
 * (docs/api-reference.md).
 */
export function apiDocs(options: { documentUrl: string; pageTitle: string }): Router {
  const router = Router();
  // dist/index.js → dist/browser/standalone.js (the UMD bundle; it is not in the package's exports).
  const bundleFile = join(
    dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))),
    'browser',
    'standalone.js',
  );
  // Scalar reads its configuration from this element; a JSON script is data, never executed.
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    // Every operation listed in the sidebar at once: a reader scans names, not tags.
    defaultOpenAllTags: true,
  });
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${options.pageTitle}</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${options.documentUrl}" data-configuration='${configuration}'></script>
    <script src="/api/docs/standalone.js"></script>
  </body>
</html>
`;

  router.use(selfHostedPagePolicy());
  const sendPage: RequestHandler = (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(page);
  };
  router.get('/', sendPage);
  router.get('/standalone.js', (_req, res, next) => {
    // The path runs through node_modules/.pnpm: allow the dot segment.
    res.sendFile(bundleFile, { maxAge: '1d', dotfiles: 'allow' }, (error) => error && next(error));
  });
  return router;
}
