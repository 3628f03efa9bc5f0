import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { listenLocally, readBody, sendJson } from './local-server';

/**
 * A local stand-in for UploadThing v7's ingest server, as `UTApi.uploadFiles` speaks to it
 * (uploadthing 7.7.4, `server/index.cjs` + `@uploadthing/shared`):
 *
 * 1. No call to api.uploadthing.com: the SDK signs the upload URL itself,
 *    `https://<regions[0]>.<ingestHost>/<fileKey>?expires=<ms>&x-ut-identifier=<appId>
 *    &x-ut-file-name&x-ut-file-size&x-ut-file-type&x-ut-custom-id&x-ut-content-disposition
 *    [&x-ut-acl]&signature=hmac-sha256=<hex>`, the HMAC-SHA256 (key: the token's apiKey) of the
 *    URL before `&signature=`; each value is URI-encoded twice.
 * 2. `PUT` of that URL, multipart/form-data with the bytes in field `file`, headers
 *    `Range: bytes=0-` and `x-uploadthing-version`.
 * 3. A 2xx JSON answer `{ url, appUrl, ufsUrl, fileHash }`; any other status is an upload error.
 */
export const FAKE_UT = { apiKey: 'sk_live_standin_secret', appId: 'standinapp', region: 'sea1' };

/** A well-formed token: base64 of `{ apiKey, appId, regions }` (ingestHost defaults). */
export const fakeUploadThingToken = (): string =>
  Buffer.from(
    JSON.stringify({ apiKey: FAKE_UT.apiKey, appId: FAKE_UT.appId, regions: [FAKE_UT.region] }),
  ).toString('base64');

export interface IngestedFile {
  key: string;
  name: string;
  size: number;
  type: string;
  customId: string | null;
  contentDisposition: string | null;
  bytes: Buffer;
  headers: IncomingHttpHeaders;
}

const ORIGINAL_URL = 'x-stand-in-original-url';

/** Values the SDK put through encodeURIComponent before URLSearchParams encoded them again. */
const param = (url: URL, name: string): string | null => {
  const value = url.searchParams.get(name);
  return value === null ? null : decodeURIComponent(value);
};

function signatureIsValid(originalUrl: string): boolean {
  const at = originalUrl.indexOf('&signature=');
  if (at < 0) return false;
  const given = new URL(originalUrl).searchParams.get('signature') ?? '';
  const expected = `hmac-sha256=${createHmac('sha256', FAKE_UT.apiKey).update(originalUrl.slice(0, at)).digest('hex')}`;
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

export async function startFakeUploadThing() {
  const files: IngestedFile[] = [];
  /** Every URL the SDK asked for, as it asked (before re-routing). */
  const requested: { method: string; url: string }[] = [];
  let failStatus: number | undefined;
  let answerWithoutUrls = false;

  const server = await listenLocally(async (req, res) => {
    const body = await readBody(req);
    const original = new URL(String(req.headers[ORIGINAL_URL]));
    if (failStatus) {
      sendJson(res, failStatus, { error: 'Stand-in refused the upload' });
      return;
    }
    const expires = Number(original.searchParams.get('expires'));
    if (
      req.method !== 'PUT' ||
      original.host !== `${FAKE_UT.region}.ingest.uploadthing.com` ||
      !signatureIsValid(original.href) ||
      !(expires > Date.now()) ||
      param(original, 'x-ut-identifier') !== FAKE_UT.appId
    ) {
      sendJson(res, 403, { error: 'Invalid signature or host' });
      return;
    }
    const form = await new Response(body, {
      headers: { 'content-type': String(req.headers['content-type']) },
    }).formData();
    const part = form.get('file');
    if (!(part instanceof Blob)) {
      sendJson(res, 400, { error: 'No file part' });
      return;
    }
    const bytes = Buffer.from(await part.arrayBuffer());
    const size = Number(param(original, 'x-ut-file-size'));
    if (size !== bytes.length) {
      sendJson(res, 400, { error: 'Size does not match the signed size' });
      return;
    }
    const key = original.pathname.slice(1);
    files.push({
      key,
      name: param(original, 'x-ut-file-name') ?? '',
      size,
      type: param(original, 'x-ut-file-type') ?? '',
      customId: param(original, 'x-ut-custom-id'),
      contentDisposition: param(original, 'x-ut-content-disposition'),
      bytes,
      headers: req.headers,
    });
    if (answerWithoutUrls) {
      sendJson(res, 200, { fileHash: 'x' });
      return;
    }
    sendJson(res, 200, {
      url: `https://utfs.io/f/${key}`,
      appUrl: `https://utfs.io/a/${FAKE_UT.appId}/${key}`,
      ufsUrl: `https://${FAKE_UT.appId}.ufs.sh/f/${key}`,
      fileHash: createHash('md5').update(bytes).digest('hex'),
    });
  });

  /** Handed to the SDK: every request to an uploadthing.com host goes to the stand-in instead. */
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const target = new URL(request.url);
    requested.push({ method: request.method, url: request.url });
    if (!target.hostname.endsWith('uploadthing.com')) {
      throw new Error(`unexpected request to ${target.host}`);
    }
    const headers = new Headers(request.headers);
    headers.set(ORIGINAL_URL, request.url);
    return globalThis.fetch(`${server.url}${target.pathname}${target.search}`, {
      method: request.method,
      headers,
      body: request.body,
      ...(request.body ? { duplex: 'half' } : {}),
    } as RequestInit);
  };

  return {
    ...server,
    fetch,
    files,
    requested,
    failWith(status: number | undefined) {
      failStatus = status;
    },
    /** Next answers are 200 but carry no file URL. */
    answerWithoutUrls(on: boolean) {
      answerWithoutUrls = on;
    },
  };
}
