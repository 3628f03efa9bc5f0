import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '../src/adapters/rate-limits';
import { createUploadThingStorage } from '../src/adapters/storage';
import { APP_URL, createTestApp, registerCustomer, type TestApp } from './harness';
import { FAKE_UT, fakeUploadThingToken, startFakeUploadThing } from './support/fake-uploadthing';
import {
  IMAGES,
  type ImageFormat,
  JPEG_WITHOUT_FRAME,
  pngChunk,
  pngOfSize,
  vp8lDeclaring16384,
} from './support/images';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await registerCustomer(t));
});
afterAll(async () => {
  await t.close();
});

interface Upload {
  bytes?: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
  token?: string | null;
}

/** POST /auth/avatar as multipart; the body is checked against the OpenAPI document. */
async function uploadAvatar(upload: Upload) {
  let call = supertest(t.app).post('/api/v1/auth/avatar');
  const bearer = upload.token === undefined ? token : upload.token;
  if (bearer) call = call.set('Authorization', `Bearer ${bearer}`);
  if (upload.bytes) {
    call = call.attach(upload.field ?? 'avatar', upload.bytes, {
      filename: upload.filename ?? 'avatar.bin',
      contentType: upload.contentType ?? 'application/octet-stream',
    });
  } else {
    call = call.field('name', 'no file here');
  }
  const res = await call;
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  t.validate('POST', '/api/v1/auth/avatar', res.status, res.body);
  return res;
}

async function expectRejected(upload: Upload) {
  const res = await uploadAvatar(upload);
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
  expect(Object.keys(res.body.errors)).toEqual(['avatar']);
  expect(res.body.errors.avatar).toHaveLength(1);
  return res;
}

async function currentAvatar(bearer = token): Promise<string | null> {
  return currentAvatarOf(t, bearer);
}

async function currentAvatarOf(app: TestApp, bearer: string): Promise<string | null> {
  const me = await app.request('GET', '/auth/me', { token: bearer });
  expect(me.status).toBe(200);
  return me.body.data.avatar_url;
}

/** Reads a stored avatar back: a WebP of at most 512×512 without metadata. */
async function expectReencoded(bytes: Buffer, width: number, height: number) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
}

const storedBytes = (url: string) =>
  readFileSync(join(t.uploadsDir, url.slice(`${APP_URL}/uploads/`.length)));

describe('POST /auth/avatar accepts real images', () => {
  it.each(Object.keys(IMAGES) as ImageFormat[])(
    '%s: 200 with an absolute URL; a re-encoded WebP is served and /auth/me shows it',
    async (format) => {
      const image = IMAGES[format];
      // The declared name and type are ignored: the content decides.
      const res = await uploadAvatar({ bytes: image.bytes, filename: 'photo.dat' });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const url: string = res.body.data.avatar_url;
      expect(url.startsWith(`${APP_URL}/uploads/avatars/`)).toBe(true);
      expect(url.endsWith('.webp')).toBe(true);

      const path = url.slice(APP_URL.length);
      const served = await supertest(t.app).get(path).responseType('blob');
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const size = format === 'jpg' ? 2 : 1;
      await expectReencoded(served.body as Buffer, size, size);
      expect(Buffer.compare(served.body as Buffer, storedBytes(url))).toBe(0);

      expect(await currentAvatar()).toBe(url);
    },
  );

  it('strips metadata (EXIF location) and bounds the size to 512×512', async () => {
    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await uploadAvatar({ bytes: photo, filename: 'holiday.jpg' });
    expect(res.status).toBe(200);
    const stored = storedBytes(res.body.data.avatar_url);
    await expectReencoded(stored, 512, 256);
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('accepts exactly 2,097,152 bytes', async () => {
    const res = await uploadAvatar({ bytes: pngOfSize(2_097_152), filename: 'big.png' });
    expect(res.status).toBe(200);
    expect(await currentAvatar()).toBe(res.body.data.avatar_url);
  });
});

const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const pngWithSize = (width: number, height: number) => {
  const ihdr = Buffer.from(IMAGES.png.bytes.subarray(16, 29));
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return Buffer.concat([
    IMAGES.png.bytes.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    IMAGES.png.bytes.subarray(33),
  ]);
};

/** Files that start like an image (so magic bytes alone would pass them) but are not one. */
const POLYGLOTS: [string, Upload][] = [
  [
    'a GIF/JavaScript polyglot (GIF89a/*…*/=alert(1);)',
    {
      bytes: Buffer.from('GIF89a/*\x00\x00\x00\x00*/=alert(document.domain);', 'latin1'),
      filename: 'x.gif',
      contentType: 'image/gif',
    },
  ],
  ['a truncated PNG', { bytes: IMAGES.png.bytes.subarray(0, 40), filename: 'cut.png' }],
  ['a truncated GIF', { bytes: IMAGES.gif.bytes.subarray(0, 20), filename: 'cut.gif' }],
  [
    'a decompression bomb header (PNG declaring 100000×100000 pixels)',
    { bytes: pngWithSize(100_000, 100_000), filename: 'bomb.png', contentType: 'image/png' },
  ],
  [
    'a VP8L WebP declaring 16384×16384 pixels',
    { bytes: vp8lDeclaring16384(), filename: 'bomb.webp', contentType: 'image/webp' },
  ],
  [
    'a "JPEG" without a frame header',
    { bytes: JPEG_WITHOUT_FRAME, filename: 'x.jpg', contentType: 'image/jpeg' },
  ],
  [
    'HTML declared as image/jpeg and named .jpg',
    { bytes: HTML, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ],
];

/** A real image with a payload after its end: only re-encoding removes it. */
const APPENDED: [string, Buffer, Buffer][] = [
  ['a PNG with HTML appended after IEND', IMAGES.png.bytes, HTML],
  [
    'a PNG with PHP appended after IEND',
    IMAGES.png.bytes,
    Buffer.from('<?php system($_GET["c"]); ?>'),
  ],
  ['a JPEG with HTML appended after EOI', IMAGES.jpg.bytes, HTML],
  ['a WebP whose RIFF length does not cover the file', IMAGES.webp.bytes, HTML],
  ['a GIF with HTML appended after the trailer', IMAGES.gif.bytes, HTML],
];

describe('POST /auth/avatar re-encodes polyglots', () => {
  it.each(APPENDED)('%s: stored without the payload', async (_name, image, payload) => {
    const res = await uploadAvatar({ bytes: Buffer.concat([image, payload]), filename: 'x.bin' });
    expect(res.status).toBe(200);
    const stored = storedBytes(res.body.data.avatar_url);
    expect(stored.includes(payload)).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });
});

describe('POST /auth/avatar refuses everything else with 422 errors.avatar', () => {
  const cases: [string, Upload][] = [
    [
      'a text file named x.png declared as image/png',
      {
        bytes: Buffer.from('just some text, not an image\n'),
        filename: 'x.png',
        contentType: 'image/png',
      },
    ],
    [
      'an SVG',
      {
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
        ),
        filename: 'a.svg',
        contentType: 'image/svg+xml',
      },
    ],
    [
      'an SVG with an XML declaration',
      {
        bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
        filename: 'a.png',
        contentType: 'image/png',
      },
    ],
    [
      'a PHP/HTML polyglot carrying PNG bytes after its script',
      {
        bytes: Buffer.concat([
          Buffer.from('<?php system($_GET["c"]); ?><html><script>alert(1)</script></html>'),
          IMAGES.png.bytes,
        ]),
        filename: 'shell.php.png',
        contentType: 'image/png',
      },
    ],
    ...POLYGLOTS,
    ['an empty file', { bytes: Buffer.alloc(0), filename: 'empty.png', contentType: 'image/png' }],
    ['no file at all', {}],
    ['the image in another field', { bytes: IMAGES.png.bytes, field: 'photo' }],
    ['one byte over 2 MB', { bytes: pngOfSize(2_097_153), filename: 'big.png' }],
  ];

  it.each(cases)('%s', async (_name, upload) => {
    const before = await currentAvatar();
    const filesBefore = storedFiles();
    await expectRejected(upload);
    expect(await currentAvatar()).toBe(before);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('answers 400 BAD_REQUEST for a malformed multipart body', async () => {
    const res = await supertest(t.app)
      .post('/api/v1/auth/avatar')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send(
        '--XYZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nunfinished',
      );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error_code: 'BAD_REQUEST' });
    t.validate('POST', '/api/v1/auth/avatar', res.status, res.body);
  });
});

describe('replacing an avatar', () => {
  it('deletes the previous file: one customer leaves one file behind', async () => {
    const customer = await registerCustomer(t);
    const urls: string[] = [];
    for (const format of ['png', 'jpg', 'gif'] as const) {
      const res = await uploadAvatar({ bytes: IMAGES[format].bytes, token: customer.token });
      expect(res.status).toBe(200);
      urls.push(res.body.data.avatar_url);
    }
    const mine = storedFiles().filter((name) => name.startsWith(`${customer.user.id}-`));
    expect(mine).toEqual([urls[2]?.split('/').pop()]);
    for (const old of urls.slice(0, 2)) {
      expect((await supertest(t.app).get(old.slice(APP_URL.length))).status).toBe(404);
    }
  });

  it('10 concurrent uploads by one customer leave exactly one file: the one the profile names', async () => {
    // Each upload replaces what it read before storing: racing ones deleted the same old file
    // and left each other's behind (5–19 orphans). Both databases: PGlite serialises
    // transactions but not the awaits between them.
    for (let round = 0; round < 3; round++) {
      const customer = await registerCustomer(t);
      const formats = ['png', 'jpg', 'gif', 'webp'] as const;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          supertest(t.app)
            .post('/api/v1/auth/avatar')
            .set('Authorization', `Bearer ${customer.token}`)
            .attach('avatar', IMAGES[formats[i % formats.length] ?? 'png'].bytes, {
              filename: 'a.bin',
            }),
        ),
      );
      expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
      const mine = storedFiles().filter((name) => name.startsWith(`${customer.user.id}-`));
      const current = await currentAvatar(customer.token);
      expect(mine).toEqual([current?.split('/').pop()]);
    }
  });

  it('is rate-limited per customer: past the limit 429, nothing stored', async () => {
    const app = await createTestApp({
      rateLimits: createRateLimits({ authPerIpPerMinute: 10_000, avatarPerCustomerPerHour: 2 }),
    });
    try {
      const [first, second] = [await registerCustomer(app), await registerCustomer(app)];
      const upload = (bearer: string) =>
        supertest(app.app)
          .post('/api/v1/auth/avatar')
          .set('Authorization', `Bearer ${bearer}`)
          .attach('avatar', IMAGES.png.bytes, { filename: 'a.png' });
      expect((await upload(first.token)).status).toBe(200);
      const kept = await currentAvatarOf(app, first.token);
      expect((await upload(first.token)).status).toBe(200);
      const latest = await currentAvatarOf(app, first.token);
      expect(latest).not.toBe(kept);
      const limited = await upload(first.token);
      expect(limited.status).toBe(429);
      expect(limited.body.error_code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await currentAvatarOf(app, first.token)).toBe(latest);
      // Another customer has a budget of their own.
      expect((await upload(second.token)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('POST /auth/avatar authentication', () => {
  it('answers 401 without a token', async () => {
    const res = await uploadAvatar({ bytes: IMAGES.png.bytes, token: null });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error_code: 'UNAUTHENTICATED' });
  });

  it('answers 401 with an unknown token, and stores nothing', async () => {
    const filesBefore = storedFiles();
    const res = await uploadAvatar({ bytes: IMAGES.png.bytes, token: 'not-a-real-token' });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('UNAUTHENTICATED');
    expect(storedFiles()).toEqual(filesBefore);
  });
});

/** Avatar files on local disk, sorted. */
function storedFiles(): string[] {
  try {
    return readdirSync(join(t.uploadsDir, 'avatars')).sort();
  } catch {
    return [];
  }
}

describe('POST /auth/avatar with UploadThing storage', () => {
  it('stores the image through the UploadThing SDK and answers its ufsUrl', async () => {
    const ut = await startFakeUploadThing();
    const app = await createTestApp({
      avatarStorage: createUploadThingStorage({ token: fakeUploadThingToken(), fetch: ut.fetch }),
    });
    try {
      const customer = await registerCustomer(app);
      const res = await supertest(app.app)
        .post('/api/v1/auth/avatar')
        .set('Authorization', `Bearer ${customer.token}`)
        .attach('avatar', IMAGES.jpg.bytes, { filename: 'me.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(200);
      app.validate('POST', '/api/v1/auth/avatar', res.status, res.body);
      expect(ut.files).toHaveLength(1);
      expect(ut.files[0]?.type).toBe('image/webp');
      expect((await sharp(ut.files[0]?.bytes).metadata()).format).toBe('webp');
      expect(res.body.data.avatar_url).toBe(
        `https://${FAKE_UT.appId}.ufs.sh/f/${ut.files[0]?.key}`,
      );
      expect(await currentAvatarOf(app, customer.token)).toBe(res.body.data.avatar_url);
    } finally {
      await app.close();
      await ut.close();
    }
  });
});
