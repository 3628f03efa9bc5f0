import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_UT,
  fakeUploadThingToken,
  startFakeUploadThing,
} from '../../test/support/fake-uploadthing';
import { IMAGES } from '../../test/support/images';
import { createLocalStorage, createUploadThingStorage, UploadFailedError } from './storage';

describe('createUploadThingStorage against a local UploadThing stand-in', () => {
  let ut: Awaited<ReturnType<typeof startFakeUploadThing>>;
  beforeAll(async () => {
    ut = await startFakeUploadThing();
  });
  afterAll(async () => {
    await ut.close();
  });
  beforeEach(() => {
    ut.files.length = 0;
    ut.requested.length = 0;
    ut.failWith(undefined);
    ut.answerWithoutUrls(false);
  });

  const storage = () =>
    createUploadThingStorage({ token: fakeUploadThingToken(), fetch: ut.fetch });

  it('PUTs the bytes to a signed ingest URL and returns the ufsUrl', async () => {
    const stored = await storage().save({
      key: 'avatars/12-abc.png',
      bytes: IMAGES.png.bytes,
      contentType: 'image/png',
    });
    // One request, straight to the ingest host of the token's first region; no API call.
    expect(ut.requested).toHaveLength(1);
    expect(ut.requested[0]?.method).toBe('PUT');
    expect(new URL(ut.requested[0]?.url ?? '').host).toBe(
      `${FAKE_UT.region}.ingest.uploadthing.com`,
    );
    expect(ut.files).toHaveLength(1);
    const [file] = ut.files;
    expect(stored.url).toBe(`https://${FAKE_UT.appId}.ufs.sh/f/${file?.key}`);
    expect(file?.bytes.equals(IMAGES.png.bytes)).toBe(true);
    expect(file).toMatchObject({
      name: '12-abc.png',
      type: 'image/png',
      size: IMAGES.png.bytes.length,
      customId: 'avatars-12-abc.png',
      contentDisposition: 'inline',
    });
    expect(file?.headers.range).toBe('bytes=0-');
    expect(file?.headers['x-uploadthing-version']).toMatch(/^7\./);
  });

  it('declares the content type it is given, not one guessed from the name', async () => {
    await storage().save({
      key: 'avatars/13-def.bin',
      bytes: IMAGES.webp.bytes,
      contentType: 'image/webp',
    });
    expect(ut.files[0]?.type).toBe('image/webp');
  });

  it('rejects with UploadFailedError when the ingest server refuses the file', async () => {
    ut.failWith(500);
    const saving = storage().save({
      key: 'avatars/12-abc.png',
      bytes: IMAGES.png.bytes,
      contentType: 'image/png',
    });
    await expect(saving).rejects.toBeInstanceOf(UploadFailedError);
    expect(ut.requested.length).toBeGreaterThan(0);
    expect(ut.files).toHaveLength(0);
  });

  it('rejects with UploadFailedError when a 2xx answer carries no file URL', async () => {
    ut.answerWithoutUrls(true);
    await expect(
      storage().save({ key: 'avatars/1-a.png', bytes: IMAGES.png.bytes, contentType: 'image/png' }),
    ).rejects.toBeInstanceOf(UploadFailedError);
  });

  it('rejects with UploadFailedError when the token is not a valid UploadThing token', async () => {
    const broken = createUploadThingStorage({ token: 'not-a-token', fetch: ut.fetch });
    await expect(
      broken.save({ key: 'avatars/1-a.png', bytes: IMAGES.png.bytes, contentType: 'image/png' }),
    ).rejects.toBeInstanceOf(UploadFailedError);
    expect(ut.requested).toHaveLength(0);
  });
});

describe('createLocalStorage', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sf-uploads-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the bytes under the key and returns the public /uploads URL', async () => {
    const local = createLocalStorage({ dir, publicBaseUrl: 'http://shop.test' });
    const stored = await local.save({
      key: 'avatars/7-x.gif',
      bytes: IMAGES.gif.bytes,
      contentType: 'image/gif',
    });
    expect(stored.url).toBe('http://shop.test/uploads/avatars/7-x.gif');
    expect(readFileSync(join(dir, 'avatars/7-x.gif')).equals(IMAGES.gif.bytes)).toBe(true);
  });

  it('refuses a key that escapes the upload folder', async () => {
    const local = createLocalStorage({ dir, publicBaseUrl: 'http://shop.test' });
    await expect(
      local.save({ key: '../escape.png', bytes: IMAGES.png.bytes, contentType: 'image/png' }),
    ).rejects.toThrow(/escapes/);
  });
});
