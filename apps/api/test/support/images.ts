import { crc32 } from 'node:zlib';

/**
 * Tiny but real images, one per accepted avatar format: each starts with its format's magic
 * bytes, which is all file-type reads. 1×1 pixel where a whole image is short enough to inline.
 */
export const IMAGES = {
  png: {
    mime: 'image/png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  },
  gif: {
    mime: 'image/gif',
    bytes: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  },
  webp: {
    mime: 'image/webp',
    bytes: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  },
  jpg: {
    mime: 'image/jpeg',
    // SOI, a JFIF APP0 segment, EOI.
    bytes: Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00,
      0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
    ]),
  },
} as const;

export type ImageFormat = keyof typeof IMAGES;

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const IEND = pngChunk('IEND', Buffer.alloc(0));

/**
 * A valid PNG of exactly `size` bytes: the 1×1 image with a zero-filled comment chunk before
 * IEND (the upload check refuses bytes after IEND, so padding must be inside the structure).
 */
export function pngOfSize(size: number): Buffer {
  const body = IMAGES.png.bytes.subarray(0, IMAGES.png.bytes.length - IEND.length);
  const filler = size - body.length - IEND.length - 12;
  return Buffer.concat([body, pngChunk('zzZz', Buffer.alloc(filler)), IEND]);
}
