import { crc32 } from 'node:zlib';

/** Tiny but real images, one per accepted avatar format (each decodes with libvips). */
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
    // 2×2 baseline JPEG (sharp's encoder).
    bytes: Buffer.from(
      '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAAqu/9k=',
      'base64',
    ),
  },
} as const;

/** SOI, a JFIF APP0 segment, EOI: magic bytes of a JPEG without any frame. */
export const JPEG_WITHOUT_FRAME = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);

/** A lossless (VP8L) WebP header declaring 16384×16384 pixels, then noise. */
export function vp8lDeclaring16384(): Buffer {
  const bitstream = Buffer.concat([
    Buffer.from([0x2f, 0xff, 0xff, 0xff, 0x0f]),
    Buffer.alloc(64, 0xaa),
  ]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.alloc(4), bitstream]);
  chunk.writeUInt32LE(bitstream.length, 4);
  const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

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
 * A valid PNG of exactly `size` bytes: the 1×1 image with a zero-filled ancillary chunk before
 * IEND.
 */
export function pngOfSize(size: number): Buffer {
  const body = IMAGES.png.bytes.subarray(0, IMAGES.png.bytes.length - IEND.length);
  const filler = size - body.length - IEND.length - 12;
  return Buffer.concat([body, pngChunk('zzZz', Buffer.alloc(filler)), IEND]);
}
