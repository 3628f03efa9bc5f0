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

/** A valid PNG padded with zeros to exactly `size` bytes (still recognised as PNG). */
export function pngOfSize(size: number): Buffer {
  const padded = Buffer.alloc(size);
  IMAGES.png.bytes.copy(padded);
  return padded;
}
