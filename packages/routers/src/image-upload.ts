import { AppError, validationError } from './errors';

/*
 * Uploaded pictures (avatars, product images): one size and type rule and one re-encoding with
 * sharp, so every stored picture is pixels only (docs/admin-panel.md, "Product images").
 */

/** The most bytes one uploaded image may have. */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Recognised by decoding the content, never by file name or declared type. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Decoding stops past this many pixels (a 2 MB file can declare 16384×16384). */
export const IMAGE_MAX_INPUT_PIXELS = 25_000_000;

export const NOT_AN_IMAGE = 'The file must be a JPEG, PNG, WebP or GIF image.';
export const IMAGE_TOO_BIG = 'The image must be at most 2 MB.';

/** 422 naming `field` when nothing was sent or more than the limit. */
export function assertImageSize(
  bytes: Uint8Array | undefined,
  field: string,
): asserts bytes is Uint8Array {
  if (!bytes || bytes.length === 0)
    throw validationError({ [field]: ['Choose an image to upload.'] });
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw validationError({ [field]: [IMAGE_TOO_BIG] });
}

/**
 * Decodes the upload with sharp (libvips) and encodes a new WebP of at most `maxSide` pixels a
 * side: only pixels survive, so metadata (EXIF location), appended payloads and polyglot tricks
 * do not, and the stored file is bounded. Replaces a hand-written walk of each format's
 * structure, which let a VP8L WebP declaring 16384×16384 and a "JPEG" without a frame header
 * through. A file that is not an image answers 422 naming `field`.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  options: { maxSide: number; field: string },
): Promise<Buffer> {
  const { maxSide, field } = options;
  // Loaded on the first upload: libvips adds ~20 MB to every process (docs/performance.md).
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const { format, width = 0, height = 0 } = await image.metadata();
    if (!format || !IMAGE_FORMATS.has(format)) throw validationError({ [field]: [NOT_AN_IMAGE] });
    if (width * height > IMAGE_MAX_INPUT_PIXELS) {
      throw validationError({ [field]: ['The image has too many pixels.'] });
    }
    return await image
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips could not decode it: not an image, truncated, or over the pixel limit.
    const tooLarge = /pixel limit/i.test(String((error as Error).message));
    throw validationError({
      [field]: [tooLarge ? 'The image has too many pixels.' : NOT_AN_IMAGE],
    });
  }
}
