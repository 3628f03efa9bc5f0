/**
 * Magic bytes only say how a file starts: a GIF/JavaScript polyglot, a PNG with HTML or PHP
 * appended, a truncated upload or a decompression-bomb header all start like an image. This
 * walks each format's container structure (no pixel decoding) and accepts a file only when the
 * structure is complete, ends exactly where the format ends, and declares sane dimensions.
 */

/** Above this many pixels a decoder would allocate hundreds of MB: refused as a bomb. */
export const MAX_AVATAR_PIXELS = 25_000_000;

export type ImageStructure =
  | { ok: true; width: number; height: number }
  | { ok: false; reason: 'malformed' | 'too_large' };

const MALFORMED: ImageStructure = { ok: false, reason: 'malformed' };

function dimensions(width: number, height: number): ImageStructure {
  if (width < 1 || height < 1) return MALFORMED;
  if (width * height > MAX_AVATAR_PIXELS) return { ok: false, reason: 'too_large' };
  return { ok: true, width, height };
}

/** Chunks from the signature to IEND, which must be the last byte; IHDR first. */
function checkPng(b: Buffer): ImageStructure {
  let offset = 8;
  let size: ImageStructure = MALFORMED;
  let first = true;
  while (offset + 12 <= b.length) {
    const length = b.readUInt32BE(offset);
    const type = b.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > b.length) return MALFORMED;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return MALFORMED;
      size = dimensions(b.readUInt32BE(offset + 8), b.readUInt32BE(offset + 12));
      if (!size.ok) return size;
      first = false;
    }
    if (type === 'IEND') return end === b.length ? size : MALFORMED;
    offset = end;
  }
  return MALFORMED;
}

/** Skips GIF data sub-blocks (length-prefixed, ended by a zero); returns the offset after. */
function skipSubBlocks(b: Buffer, start: number): number {
  let offset = start;
  while (offset < b.length) {
    const length = b[offset] ?? 0;
    offset += 1;
    if (length === 0) return offset;
    offset += length;
  }
  return -1;
}

const colorTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Header, screen descriptor, then extensions and images up to the trailer, the last byte. */
function checkGif(b: Buffer): ImageStructure {
  if (b.length < 14) return MALFORMED;
  const size = dimensions(b.readUInt16LE(6), b.readUInt16LE(8));
  if (!size.ok) return size;
  let offset = 13 + colorTableBytes(b[10] ?? 0);
  while (offset >= 0 && offset < b.length) {
    const block = b[offset];
    if (block === 0x3b) return offset === b.length - 1 ? size : MALFORMED;
    if (block === 0x21) {
      offset = skipSubBlocks(b, offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > b.length) return MALFORMED;
      offset = skipSubBlocks(b, offset + 10 + colorTableBytes(b[offset + 9] ?? 0) + 1);
    } else {
      return MALFORMED;
    }
  }
  return MALFORMED;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd]);

/** Marker segments from SOI; after the scan starts, the file must end with EOI. */
function checkJpeg(b: Buffer): ImageStructure {
  let offset = 2;
  let size: ImageStructure = { ok: true, width: 0, height: 0 };
  while (offset + 2 <= b.length) {
    if (b[offset] !== 0xff) return MALFORMED;
    const marker = b[offset + 1] ?? 0;
    if (marker === 0xd9) return offset + 2 === b.length ? size : MALFORMED;
    if (offset + 4 > b.length) return MALFORMED;
    const length = b.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > b.length) return MALFORMED;
    if (SOF_MARKERS.has(marker)) {
      if (length < 7) return MALFORMED;
      size = dimensions(b.readUInt16BE(offset + 7), b.readUInt16BE(offset + 5));
      if (!size.ok) return size;
    }
    if (marker === 0xda) {
      return b.length >= 2 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9
        ? size
        : MALFORMED;
    }
    offset += 2 + length;
  }
  return MALFORMED;
}

/** The RIFF length must cover the file exactly; canvas size from VP8X when present. */
function checkWebp(b: Buffer): ImageStructure {
  if (b.length < 20) return MALFORMED;
  const riffLength = b.readUInt32LE(4);
  if (riffLength + 8 + (riffLength % 2) !== b.length && riffLength + 8 !== b.length)
    return MALFORMED;
  if (b.toString('latin1', 12, 16) === 'VP8X' && b.length >= 30) {
    return dimensions(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  }
  return { ok: true, width: 0, height: 0 };
}

const CHECKS: Record<string, (b: Buffer) => ImageStructure> = {
  'image/png': checkPng,
  'image/gif': checkGif,
  'image/jpeg': checkJpeg,
  'image/webp': checkWebp,
};

/** `mime` as file-type detected it; anything without a check is refused. */
export function checkImageStructure(bytes: Uint8Array, mime: string): ImageStructure {
  const check = CHECKS[mime];
  if (!check) return MALFORMED;
  try {
    return check(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    // A read past the end of a short buffer: the file is cut off.
    return MALFORMED;
  }
}
