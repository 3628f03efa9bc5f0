import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DependencyUnavailableError } from '@storefront/routers/errors';
import type { FileStorage } from '@storefront/routers/ports';
import type { UTApi } from 'uploadthing/server';

/** Default: files under `$DATA_DIR/uploads`, served by the app at `/uploads/...`. */
export function createLocalStorage(options: { dir: string; publicBaseUrl: string }): FileStorage {
  const root = resolve(options.dir);
  return {
    async save({ key, bytes }) {
      const target = resolve(join(root, key));
      if (!target.startsWith(`${root}/`)) throw new Error('storage key escapes the upload folder');
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return { url: `${options.publicBaseUrl}/uploads/${key}` };
    },
    async delete(url) {
      const prefix = `${options.publicBaseUrl}/uploads/`;
      if (!url.startsWith(prefix)) return;
      const target = resolve(join(root, decodeURIComponent(url.slice(prefix.length))));
      if (!target.startsWith(`${root}/`)) return;
      await rm(target, { force: true });
    },
  };
}

export class UploadFailedError extends DependencyUnavailableError {
  override name = 'UploadFailedError';
}

export interface UploadThingStorageOptions {
  token: string;
  /** Injected fetch, used to talk to a local stand-in in tests. */
  fetch?: typeof globalThis.fetch;
}

/** Production: UploadThing. `uploadFiles` resolves to { data, error } and never throws. */
export function createUploadThingStorage(options: UploadThingStorageOptions): FileStorage {
  // The SDK (and effect under it) adds ~40 MB of RSS: loaded with the first upload, so a
  // process storing avatars locally never carries it.
  let sdk: Promise<{ api: UTApi; UTFile: typeof import('uploadthing/server').UTFile }> | undefined;
  const load = () => {
    sdk ??= import('uploadthing/server').then(({ UTApi, UTFile }) => ({
      api: new UTApi({
        token: options.token,
        // The SDK's FetchEsque type is narrower than lib.dom's fetch; any WHATWG fetch works.
        ...(options.fetch ? { fetch: options.fetch as never } : {}),
        // A refused upload becomes UploadFailedError with the SDK's reason, which the API logs
        // once; the SDK's own dump of the HTTP exchange would only repeat it.
        logLevel: 'None',
      }),
      UTFile,
    }));
    return sdk;
  };
  return {
    async save({ key, bytes, contentType }) {
      const { api, UTFile } = await load();
      const name = key.split('/').pop() ?? key;
      const file = new UTFile([bytes], name, {
        customId: key.replace(/\//g, '-'),
        ...({ type: contentType } as object),
      });
      const result = await api.uploadFiles(file);
      if (result.error || !result.data) {
        throw new UploadFailedError(
          `UploadThing refused the file: ${result.error?.message ?? 'no data'}`,
        );
      }
      // The SDK passes the ingest server's JSON through unchecked (no schema on that answer).
      const { ufsUrl } = result.data;
      if (typeof ufsUrl !== 'string' || !/^https?:\/\//.test(ufsUrl)) {
        throw new UploadFailedError('UploadThing answered without a file URL');
      }
      return { url: ufsUrl };
    },
    async delete(url) {
      // ufsUrl: https://<app>.ufs.sh/f/<file key>
      const match = /^https:\/\/[^/]+\.ufs\.sh\/f\/([^/?#]+)$/.exec(url);
      if (!match?.[1]) return;
      const { api } = await load();
      const result = await api.deleteFiles(match[1]);
      if (!result.success) throw new UploadFailedError('UploadThing did not delete the old avatar');
    },
  };
}
